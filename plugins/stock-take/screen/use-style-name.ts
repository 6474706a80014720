// The name of a take's style (a take's scope stores only its id).
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import type { Style } from './types.js';

/** "Desert Boot (Clarks, Sand)" for a style id; null while loading, without a style, or when it cannot be read. */
export function useStyleName(styleId: number | null): string | null {
  const q = useQuery(['style', styleId], () => (styleId === null ? Promise.resolve(null) : api.get<{ style: Style }>(`/api/styles/${styleId}`)));
  return q.data ? styleLabel(q.data.style) : null;
}

/** A style as a picker or a scope shows it. */
export function styleLabel(s: Pick<Style, 'item_name' | 'brand' | 'colour'>): string {
  // Demo names already start with the brand ("Adidas Samba OG"): do not say it twice.
  const brand = s.brand && !s.item_name.toLowerCase().startsWith(s.brand.toLowerCase()) ? s.brand : null;
  const extra = [brand, s.colour].filter(Boolean).join(', ');
  return extra ? `${s.item_name} (${extra})` : s.item_name;
}
