// The POS catalogue: styles (a model and its sizes) loaded once (pageSize 200) and filtered in the browser;
// a bigger catalogue is searched on the server. Filter options come from GET /api/products/facets.
import { useMemo, useState } from 'react';
import { api } from '../../../ui/api.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { filterProducts, type ProductFilters } from './product-filter.js';
import type { Facets, PosProduct, ProductList, StockAfterSale, Style, StyleList } from './types.js';

/** One page of styles: the whole catalogue of a small shop. */
export const CATALOGUE_PAGE = 200;

/** A style card: the style and the sizes that match the filters, in the style's size order. */
export interface StyleCard {
  style: Style;
  sizes: PosProduct[];
}

export interface Catalogue {
  /** Style cards matching the filters; the style of an exact SKU/barcode first. */
  cards: StyleCard[];
  /** Every size loaded (for keeping cart stock in step). */
  loaded: PosProduct[];
  options: { categories: string[]; brands: string[]; sizes: string[] };
  loading: boolean;
  error: Error | null;
  /** True when the whole catalogue is in memory and filtering is local. */
  local: boolean;
  /** The size whose barcode or SKU is exactly `code` (a scanner), if any. */
  findCode: (code: string) => Promise<PosProduct | undefined>;
  /** The first result for a search confirmed with Enter. */
  firstMatch: (filters: ProductFilters) => Promise<PosProduct | undefined>;
  /** Stock after a sale (the checkout reply), shown at once without reloading the catalogue. */
  applyStock: (stock: StockAfterSale[]) => void;
  reload: () => Promise<void>;
}

const sameCode = (p: PosProduct, code: string) => (p.barcode ?? '').toLowerCase() === code || (p.sku ?? '').toLowerCase() === code;

/** Groups matching sizes by style, in the order the styles first appear among the matches. */
export function groupByStyle(styles: Style[], matches: PosProduct[]): StyleCard[] {
  const byId = new Map(styles.map((s) => [s.id, s]));
  const picked = new Map<number, Set<number>>();
  for (const p of matches) {
    const sid = p.style_id ?? 0;
    if (!byId.has(sid)) continue;
    let set = picked.get(sid);
    if (!set) picked.set(sid, (set = new Set()));
    set.add(p.id);
  }
  return [...picked].map(([sid, ids]) => {
    const style = byId.get(sid)!;
    return { style, sizes: style.products.filter((p) => ids.has(p.id)) };
  });
}

/** What the server is asked to match (search, category, brand), or null when none is set. */
export function serverFilters(f: ProductFilters): { search: string; category: string; brand: string } | null {
  const ask = { search: f.search.trim(), category: f.category, brand: f.brand };
  return ask.search || ask.category || ask.brand ? ask : null;
}

/** Loads and filters the catalogue for the POS. */
export function useCatalogue(filters: ProductFilters): Catalogue {
  const all = useQuery(['pos-styles'], () => api.get<StyleList>('/api/styles', { pageSize: CATALOGUE_PAGE }));
  const total = all.data?.pagination?.total ?? all.data?.count ?? 0;
  const local = !all.data || total <= all.data.styles.length;

  // Only when the catalogue is larger than a page and something narrows it: ask the server, once typing pauses.
  // Nothing typed or picked is the first page already loaded: it is not asked for twice.
  const debounced = useDebounced(filters, 250);
  const ask = serverFilters(debounced);
  const asking = !local && ask !== null;
  const remote = useQuery(['pos-styles-search', asking ? ask : null], () =>
    asking ? api.get<StyleList>('/api/styles', { ...ask, pageSize: CATALOGUE_PAGE }) : Promise.resolve(null),
  );
  const facets = useQuery(['pos-facets'], () => api.get<Facets>('/api/products/facets'));

  // Stock reported by checkout replies since the catalogue last loaded.
  const [stock, setStock] = useState<{ data: unknown; qty: Map<number, number> }>({ data: null, qty: new Map() });
  const overrides = stock.data === all.data ? stock.qty : null;
  const withStock = useMemo(
    () =>
      (styles: Style[]): Style[] =>
        overrides?.size
          ? styles.map((s) => ({ ...s, products: s.products.map((p) => (overrides.has(p.id) ? { ...p, stock_qty: overrides.get(p.id)! } : p)) }))
          : styles,
    [overrides],
  );

  const styles = useMemo(() => withStock(all.data?.styles ?? []), [all.data, withStock]);
  const remoteStyles = useMemo(() => withStock(remote.data?.styles ?? []), [remote.data, withStock]);
  const sizes = useMemo(() => styles.flatMap((s) => s.products), [styles]);

  const cards = useMemo(() => {
    if (local) return groupByStyle(styles, filterProducts(sizes, filters));
    // The server matched the search, category and brand (none: the first page); the size filter narrows the sizes shown.
    return (serverFilters(filters) === null ? styles : remoteStyles)
      .map((style) => ({ style, sizes: style.products.filter((p) => !filters.size || p.size === filters.size) }))
      .filter((c) => c.sizes.length > 0);
  }, [local, styles, sizes, remoteStyles, filters]);

  const options = useMemo(
    () => ({
      categories: facets.data?.categories ?? [],
      brands: facets.data?.brands ?? [],
      sizes: facets.data?.sizes ?? [],
    }),
    [facets.data],
  );

  const findCode = async (typed: string) => {
    const code = typed.trim().toLowerCase();
    if (!code) return undefined;
    const here = [...sizes, ...remoteStyles.flatMap((s) => s.products)].find((p) => sameCode(p, code));
    // A scan while the catalogue is still loading asks the server rather than saying 'No product found'.
    if (here || (local && all.data) || /\s/.test(code)) return here;
    const exact = async (key: 'barcode' | 'sku', max: number) =>
      code.length <= max ? (await api.get<ProductList>('/api/products', { [key]: typed.trim(), pageSize: 1 })).products[0] : undefined;
    return (await exact('barcode', 48)) ?? (await exact('sku', 64));
  };

  const firstMatch = async (f: ProductFilters) => {
    if (local && all.data) return filterProducts(sizes, f)[0];
    // The server sorts an exact barcode or SKU match first.
    const res = await api.get<ProductList>('/api/products', { ...f, pageSize: 1 });
    return res.products[0];
  };

  return {
    cards,
    loaded: local ? sizes : [...sizes, ...remoteStyles.flatMap((s) => s.products)],
    options,
    loading: all.loading && !all.data,
    error: all.error ?? remote.error,
    local,
    findCode,
    firstMatch,
    applyStock: (list) =>
      setStock((prev) => {
        const qty = new Map(prev.data === all.data ? prev.qty : []);
        for (const s of list) qty.set(s.product_id, s.stock_qty);
        return { data: all.data, qty };
      }),
    reload: async () => {
      await Promise.all([all.reload(), asking ? remote.reload() : Promise.resolve()]);
    },
  };
}
