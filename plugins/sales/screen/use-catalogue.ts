// The POS catalogue: loaded once (pageSize 200) and filtered in the browser; a bigger catalogue is searched on the server.
import { useMemo } from 'react';
import { api } from '../../../ui/api.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { distinctValues, filterProducts, type ProductFilters } from './product-filter.js';
import type { Facets, PosProduct, ProductList } from './types.js';

/** One page of products: the whole catalogue of a small shop. */
export const CATALOGUE_PAGE = 200;

export interface Catalogue {
  /** Products matching the filters, best first (an exact SKU first). */
  results: PosProduct[];
  /** Every product loaded (for keeping cart stock in step). */
  loaded: PosProduct[];
  options: { categories: string[]; brands: string[]; sizes: string[] };
  loading: boolean;
  error: Error | null;
  /** True when the whole catalogue is in memory and filtering is local. */
  local: boolean;
  /** The best product for a search typed and confirmed with Enter (a scanner's barcode or SKU). */
  firstMatch: (filters: ProductFilters) => Promise<PosProduct | undefined>;
  reload: () => Promise<void>;
}

/** Loads and filters the catalogue for the POS. */
export function useCatalogue(filters: ProductFilters): Catalogue {
  const all = useQuery(['pos-products'], () => api.get<ProductList>('/api/products', { pageSize: CATALOGUE_PAGE }));
  const loaded = all.data?.products ?? [];
  const total = all.data?.pagination?.total ?? all.data?.count ?? 0;
  const local = !all.data || total <= loaded.length;

  // Only when the catalogue is larger than a page: ask the server, once typing pauses.
  const debounced = useDebounced(filters, 250);
  const remote = useQuery(['pos-products-search', local ? null : debounced], () =>
    local ? Promise.resolve(null) : api.get<ProductList>('/api/products', { ...debounced, pageSize: CATALOGUE_PAGE }));
  const facets = useQuery(['pos-facets', local], () =>
    local ? Promise.resolve(null) : api.get<Facets>('/api/products/facets'));

  const results = useMemo(
    () => (local ? filterProducts(loaded, filters) : remote.data?.products ?? []),
    [local, loaded, filters, remote.data],
  );
  const options = useMemo(() => (local || !facets.data
    ? { categories: distinctValues(loaded, 'category'), brands: distinctValues(loaded, 'brand'), sizes: distinctValues(loaded, 'size') }
    : { categories: facets.data.categories, brands: facets.data.brands, sizes: facets.data.sizes }), [local, loaded, facets.data]);

  const firstMatch = async (f: ProductFilters) => {
    if (local) return filterProducts(loaded, f)[0];
    // The server sorts an exact barcode or SKU match first.
    const res = await api.get<ProductList>('/api/products', { ...f, pageSize: 1 });
    return res.products[0];
  };

  return {
    results,
    loaded: local ? loaded : [...loaded, ...(remote.data?.products ?? [])],
    options,
    loading: all.loading && !all.data,
    error: all.error ?? remote.error,
    local,
    firstMatch,
    reload: async () => { await Promise.all([all.reload(), local ? Promise.resolve() : remote.reload()]); },
  };
}
