// Choosing the style whose photos are managed (#30: photos belong to a style, all its sizes): a search box,
// attribute filters whose lists come from the server's facets (every brand of the whole catalogue, not only of the
// loaded page) and which the server applies, a results dropdown (at most 15rem tall) of styles with their sizes
// listed under each, and the chosen style with 'Change Product'.
import { useMemo, useState } from 'react';
import { api } from '../../../ui/api.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { useDebouncedState } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import type { Facets, Style, StyleList } from './types.js';

const SEARCH_DELAY_MS = 250;
/** One request brings enough styles to pick from; the search narrows it on the server. */
const LOAD_SIZE = 200;

type Attr = 'category' | 'brand' | 'size' | 'material';
const FILTERS: { key: Attr; label: string; facet: keyof Facets }[] = [
  { key: 'category', label: 'Categories', facet: 'categories' },
  { key: 'brand', label: 'Brands', facet: 'brands' },
  { key: 'size', label: 'Sizes', facet: 'sizes' },
  { key: 'material', label: 'Materials', facet: 'materials' },
];
const NO_FILTERS: Record<Attr, string> = { category: '', brand: '', size: '', material: '' };

/** A style's values of one attribute (its sizes for 'size'). */
function valuesOf(s: Style, key: Attr): string[] {
  if (key === 'size') return s.products.map((p) => p.size ?? '').filter(Boolean);
  return s[key] ? [s[key]!] : [];
}

/**
 * Distinct non-empty values of one attribute among the given styles, sorted as people read them (numbers
 * numerically): the fallback while the server's facets have not arrived.
 */
export function optionsOf(styles: Style[], key: Attr): string[] {
  const values = new Set<string>();
  for (const s of styles) for (const v of valuesOf(s, key)) values.add(v);
  return [...values].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }));
}

/** The styles matching every chosen dropdown filter (the server filters too; this keeps a stale page honest). */
export function applyFilters(styles: Style[], filters: Record<Attr, string>): Style[] {
  const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
  return styles.filter((s) => FILTERS.every(({ key }) => !filters[key] || valuesOf(s, key).some((v) => same(v, filters[key]))));
}

/** The attributes line of a result: colour, brand, material, category. */
export function attributesText(s: Style): string {
  return [s.colour, s.brand, s.material, s.category].filter(Boolean).join(' · ');
}

/** The SKU shown for a style: its SKU stem, else its first size's SKU. */
export function styleSku(s: Style): string {
  return s.sku_prefix || s.products[0]?.sku || 'N/A';
}

/** The style's sizes, listed under it (the photos are the same for all of them). */
function SizeList({ style }: { style: Style }) {
  return (
    <span className="style-sizes">
      <span className="size-list-label">Sizes:</span>
      {style.products.map((p) => (
        <span key={p.id} className="size-chip">
          {p.size || 'One size'}
        </span>
      ))}
    </span>
  );
}

export interface ProductSelectorProps {
  selected: Style | null;
  onSelect: (style: Style | null) => void;
}

/** The selector; shows the results (styles) while none is chosen. */
export function ProductSelector({ selected, onSelect }: ProductSelectorProps) {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState(NO_FILTERS);

  const [settledText, settleText] = useDebouncedState(searchText, SEARCH_DELAY_MS);
  const search = settledText.trim();

  // The filters go to the server: the page holds matches from the whole catalogue, not a filtered first page.
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Partial<Record<Attr, string>>;
  const list = useQuery(['image-styles', search, JSON.stringify(chosen)], () => api.get<StyleList>('/api/styles', { search, ...chosen, pageSize: LOAD_SIZE }));
  const facets = useQuery(['image-product-facets'], () => api.get<Facets>('/api/products/facets'));
  const loaded = list.data?.styles ?? [];
  const results = useMemo(() => applyFilters(loaded, filters), [loaded, filters]);
  const clearAll = () => {
    setSearchText('');
    settleText('');
    setFilters(NO_FILTERS);
  };

  if (selected) {
    return (
      <article className="product-selected" data-style-id={selected.id}>
        {selected.image_url ? <img src={selected.image_url} alt="" className="product-selected-thumb" /> : null}
        <div className="product-selected-text">
          <strong>{selected.item_name}</strong>
          <small className="muted">SKU: {styleSku(selected)}</small>
          {attributesText(selected) ? <small className="muted">{attributesText(selected)}</small> : null}
          <small className="muted">Photos shown on every size:</small>
          <SizeList style={selected} />
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
      <div className="product-dropdown" style={{ maxHeight: '15rem' }} role="listbox" aria-label="Styles">
        {list.error ? <p className="text-danger dropdown-note">Error loading products: {list.error.message}</p> : null}
        {list.loading && !list.data ? (
          <p className="muted dropdown-note" aria-busy="true">
            Loading products...
          </p>
        ) : null}
        {list.data && results.length === 0 ? <p className="muted dropdown-note">No products found matching your criteria</p> : null}
        {results.map((s) => (
          <button key={s.id} type="button" role="option" aria-selected={false} className="product-option" data-style-id={s.id} onClick={() => onSelect(s)}>
            <span className="product-option-name">{s.item_name}</span>
            <small className="muted">
              SKU: {styleSku(s)}
              {attributesText(s) ? ` · ${attributesText(s)}` : ''}
            </small>
            <SizeList style={s} />
          </button>
        ))}
      </div>
    </div>
  );
}
