// Finds products to order: a search box (name, SKU or a scanned barcode) over GET /api/products and the
// first matches as buttons; Enter takes the first match, as a scanner does.
import { useRef, useState } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import { productName } from './order-rules.js';
import type { Product, ProductList } from './types.js';

const MATCHES = 8;
const SEARCH_DELAY_MS = 200;

export interface ProductPickerProps {
  onPick: (product: Product) => void;
}

/** The search box and its matches; picking one empties the box. */
export function ProductPicker({ onPick }: ProductPickerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const found = useQuery(['po-product-search', search], () =>
    search ? api.get<ProductList>('/api/products', { search, pageSize: MATCHES }) : Promise.resolve(null),
  );
  const matches = search && search === text.trim() ? (found.data?.products ?? []) : [];

  const pick = (p: Product) => {
    onPick(p);
    setText('');
    // Back to the box for the next product (a clicked match is gone from the page).
    input.current?.focus();
  };

  return (
    <div className="product-picker">
      <label htmlFor="po-product-search">
        Add Product
        <input
          id="po-product-search"
          ref={input}
          type="search"
          placeholder="Search products by name, SKU or barcode..."
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault(); // Enter picks, it never submits the order
            if (matches[0]) pick(matches[0]);
          }}
        />
      </label>
      {search && found.data && matches.length === 0 && search === text.trim() ? <p className="muted">No products found</p> : null}
      {matches.length > 0 ? (
        <ul className="picker-matches" aria-label="Matching products">
          {matches.map((p) => (
            <li key={p.id}>
              <button type="button" className="secondary outline" onClick={() => pick(p)}>
                <strong>{productName(p)}</strong>{' '}
                <small>
                  {p.sku || 'no SKU'} · stock {p.stock_qty} · cost {money(p.cost)}
                </small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
