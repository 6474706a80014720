// Client-side search and filters over the loaded catalogue (the POS loads it once, then filters instantly).
import type { PosProduct } from './types.js';

export interface ProductFilters {
  search: string;
  category: string;
  brand: string;
  size: string;
}

export const NO_FILTERS: ProductFilters = { search: '', category: '', brand: '', size: '' };

const text = (p: PosProduct) => [p.item_name, p.sku, p.brand, p.category, p.size, p.material, p.colour, p.barcode].filter(Boolean).join(' ').toLowerCase();

/** Products matching every search term (anywhere in name, SKU, barcode, brand, category, size, material, colour) and the dropdowns. */
export function filterProducts(products: PosProduct[], f: ProductFilters): PosProduct[] {
  const terms = f.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const code = f.search.trim().toLowerCase();
  const matches = products.filter(
    (p) =>
      (!f.category || p.category === f.category) &&
      (!f.brand || p.brand === f.brand) &&
      (!f.size || p.size === f.size) &&
      (terms.length === 0 || terms.every((t) => text(p).includes(t))),
  );
  // A scanner types the exact barcode or SKU: that product leads the list.
  const exact = code ? matches.findIndex((p) => (p.barcode ?? '').toLowerCase() === code || (p.sku ?? '').toLowerCase() === code) : -1;
  if (exact > 0) return [matches[exact], ...matches.slice(0, exact), ...matches.slice(exact + 1)];
  return matches;
}

/** Sorted distinct non-empty values of one attribute, for a filter dropdown. */
export function distinctValues(products: PosProduct[], key: 'category' | 'brand' | 'size'): string[] {
  const set = new Set<string>();
  for (const p of products) {
    const v = p[key];
    if (v) set.add(v);
  }
  return [...set].sort(key === 'size' ? compareSizes : (a, b) => a.localeCompare(b));
}

/** Sizes in numeric order when they are numbers (6, 6.5, 10), else alphabetical. */
export function compareSizes(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  if (Number.isFinite(na)) return -1;
  if (Number.isFinite(nb)) return 1;
  return a.localeCompare(b, undefined, { numeric: true });
}

/** The picture shown on a card: the primary image's thumbnail, else the first image's, else image_url, else none. */
export function productThumb(p: PosProduct): string | null {
  const images = p.images ?? [];
  const shown = images.find((i) => i.isPrimary) ?? images[0];
  if (shown) return shown.thumbUrl || shown.url;
  return p.image_url || null;
}

/**
 * A style card's picture: the thumbnail of the style's primary photo (photos belong to the style, #30, so every
 * size lists the same ones), else the style's image_url, else none.
 */
export function styleThumb(style: { image_url: string | null; products: PosProduct[] }): string | null {
  const withPhotos = style.products.find((p) => p.images?.length);
  return (withPhotos && productThumb(withPhotos)) || style.image_url || null;
}
