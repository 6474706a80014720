// Choosing the product whose images are managed: a search box, attribute filters whose lists come from the
// server's facets (every brand of the whole catalogue, not only of the loaded page) and which the server applies,
// a results dropdown (at most 15rem tall), and the chosen product with 'Change Product'.
import { useMemo, useState } from 'react';
import { api } from '../../../ui/api.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { useDebouncedState } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import type { Facets, Product, ProductList } from './types.js';

const SEARCH_DELAY_MS = 250;
/** One request brings enough products to pick from; the search narrows it on the server. */
const LOAD_SIZE = 200;

type Attr = 'category' | 'brand' | 'size' | 'material';
const FILTERS: { key: Attr; label: string; facet: keyof Facets }[] = [
  { key: 'category', label: 'Categories', facet: 'categories' },
  { key: 'brand', label: 'Brands', facet: 'brands' },
  { key: 'size', label: 'Sizes', facet: 'sizes' },
  { key: 'material', label: 'Materials', facet: 'materials' },
];
const NO_FILTERS: Record<Attr, string> = { category: '', brand: '', size: '', material: '' };

/**
 * Distinct non-empty values of one attribute among the given products, sorted as people read them (numbers
 * numerically): the fallback while the server's facets have not arrived.
 */
export function optionsOf(products: Product[], key: Attr): string[] {
  const values = new Set<string>();
  for (const p of products) if (p[key]) values.add(p[key]!);
  return [...values].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }));
}

/** The products matching every chosen dropdown filter (the server filters too; this keeps a stale page honest). */
export function applyFilters(products: Product[], filters: Record<Attr, string>): Product[] {
  return products.filter((p) => FILTERS.every(({ key }) => !filters[key] || (p[key] ?? '') === filters[key]));
}

/** The attributes line of a result: size, brand, material, category. */
export function attributesText(p: Product): string {
  return [p.size && `Size ${p.size}`, p.brand, p.material, p.category].filter(Boolean).join(' · ');
}

export interface ProductSelectorProps {
  selected: Product | null;
  onSelect: (product: Product | null) => void;
}

/** The selector; shows the results while no product is chosen. */
export function ProductSelector({ selected, onSelect }: ProductSelectorProps) {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState(NO_FILTERS);

  const [settledText, settleText] = useDebouncedState(searchText, SEARCH_DELAY_MS);
  const search = settledText.trim();

  // The filters go to the server: the page holds matches from the whole catalogue, not a filtered first page.
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Partial<Record<Attr, string>>;
  const list = useQuery(['image-products', search, JSON.stringify(chosen)], () =>
    api.get<ProductList>('/api/products', { search, ...chosen, pageSize: LOAD_SIZE }),
  );
  const facets = useQuery(['image-product-facets'], () => api.get<Facets>('/api/products/facets'));
  const loaded = list.data?.products ?? [];
  const results = useMemo(() => applyFilters(loaded, filters), [loaded, filters]);
  const clearAll = () => {
    setSearchText('');
    settleText('');
    setFilters(NO_FILTERS);
  };

  if (selected) {
    return (
      <article className="product-selected">
        {selected.image_url ? <img src={selected.image_url} alt="" className="product-selected-thumb" /> : null}
        <div className="product-selected-text">
          <strong>{selected.item_name}</strong>
          <small className="muted">SKU: {selected.sku || 'N/A'}</small>
          {attributesText(selected) ? <small className="muted">{attributesText(selected)}</small> : null}
        </div>
        <button type="button" className="secondary outline" onClick={() => onSelect(null)}>
          Change Product
        </button>
      </article>
    );
  }

  return (
    <div className="product-selector">
      <label htmlFor="image-product-search">
        <strong>Select a product</strong>
      </label>
      <input
        id="image-product-search"
        type="search"
        placeholder="Search products by name, SKU, or any details..."
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        autoComplete="off"
      />
      <div className="product-filters">
        {FILTERS.map(({ key, label, facet }) => (
          <SelectFilter
            key={key}
            label={label}
            value={filters[key]}
            options={facets.data ? facets.data[facet] : optionsOf(loaded, key)}
            onChange={(value) => setFilters((f) => ({ ...f, [key]: value }))}
          />
        ))}
        <button type="button" className="secondary outline" onClick={clearAll}>
          Clear all filters
        </button>
      </div>
      <div className="product-dropdown" style={{ maxHeight: '15rem' }} role="listbox" aria-label="Products">
        {list.error ? <p className="text-danger dropdown-note">Error loading products: {list.error.message}</p> : null}
        {list.loading && !list.data ? (
          <p className="muted dropdown-note" aria-busy="true">
            Loading products...
          </p>
        ) : null}
        {list.data && results.length === 0 ? <p className="muted dropdown-note">No products found matching your criteria</p> : null}
        {results.map((p) => (
          <button key={p.id} type="button" role="option" aria-selected={false} className="product-option" onClick={() => onSelect(p)}>
            <span className="product-option-name">{p.item_name}</span>
            <small className="muted">
              SKU: {p.sku || 'N/A'}
              {attributesText(p) ? ` · ${attributesText(p)}` : ''}
            </small>
          </button>
        ))}
      </div>
    </div>
  );
}
