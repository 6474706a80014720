// The POS screen (/): search (scanner-ready), filters, product cards, the cart and the checkout modal.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LowStockBadge } from '../../../ui/components/low-stock-badge.js';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { Slot } from '../../../ui/slot.js';
import { toast } from '../../../ui/toast.js';
import { cart } from './cart-store.js';
import { CartPanel } from './cart-panel.js';
import { CheckoutModal } from './checkout-modal.js';
import { ProductCard } from './product-card.js';
import { NO_FILTERS, type ProductFilters } from './product-filter.js';
import { SalesStyles } from './sales-styles.js';
import type { PosProduct } from './types.js';
import { useCatalogue } from './use-catalogue.js';

/** Adds one unit to the cart and says so (or why not). */
export function addToCart(product: PosProduct, store = cart) {
  const result = store.add(product);
  if (result === 'ADDED') toast.success(`${product.item_name} added to cart`);
  else if (result === 'OUT_OF_STOCK') toast.error(`${product.item_name} is out of stock`);
  else toast.error(`Only ${product.stock_qty} in stock for ${product.item_name}`);
}

/** The point-of-sale screen. */
export default function PosScreen() {
  const [filters, setFilters] = useState<ProductFilters>(NO_FILTERS);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  // Bumped after each sale so the low-stock badge counts again.
  const [sales, setSales] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const catalogue = useCatalogue(filters);
  const set = (patch: Partial<ProductFilters>) => setFilters((f) => ({ ...f, ...patch }));

  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  // Prices and stock may have changed since the cart was saved (another till, an edit): keep lines in step.
  useEffect(() => {
    if (catalogue.loaded.length) cart.syncProducts(catalogue.loaded);
  }, [catalogue.loaded]);

  const onSearchKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const typed = filters.search;
    if (!typed.trim()) return;
    // A scanner types the barcode (or SKU) and Enter: the search clears at once, ready for the next scan.
    set({ search: '' });
    let first: PosProduct | undefined;
    try {
      first = await catalogue.firstMatch({ ...filters, search: typed });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
      return;
    }
    if (first) addToCart(first);
    else toast.error(`No product found for "${typed.trim()}"`);
  };

  const done = () => {
    void catalogue.reload();
    setSales((n) => n + 1);
    searchRef.current?.focus();
  };

  return (
    <section className="pos-screen">
      <SalesStyles />
      <Slot name="pos-top" />
      <div className="pos-layout">
        <div className="pos-products">
          <div className="pos-low-stock"><LowStockBadge refreshKey={sales} /></div>
          <div className="pos-toolbar">
            <input
              ref={searchRef}
              type="search"
              placeholder="Scan or search products…"
              aria-label="Scan or search products"
              autoComplete="off"
              value={filters.search}
              onChange={(e) => set({ search: e.target.value })}
              onKeyDown={(e) => void onSearchKey(e)}
            />
            <SelectFilter label="Categories" value={filters.category} options={catalogue.options.categories} onChange={(v) => set({ category: v })} />
            <SelectFilter label="Brands" value={filters.brand} options={catalogue.options.brands} onChange={(v) => set({ brand: v })} />
            <SelectFilter label="Sizes" value={filters.size} options={catalogue.options.sizes} onChange={(v) => set({ size: v })} />
          </div>
          {catalogue.error ? <p className="error-text">Error loading products: {catalogue.error.message}</p> : null}
          {catalogue.loading ? <p aria-busy="true">Loading products...</p> : null}
          {!catalogue.loading && !catalogue.error && catalogue.results.length === 0 ? <p className="pos-note">No products found</p> : null}
          <div className="pos-grid">
            {catalogue.results.map((p) => <ProductCard key={p.id} product={p} onAdd={(x) => addToCart(x)} />)}
          </div>
        </div>
        <CartPanel store={cart} onCheckout={() => setCheckoutOpen(true)} />
      </div>
      <CheckoutModal open={checkoutOpen} onClose={() => setCheckoutOpen(false)} onSuccess={done} store={cart} />
    </section>
  );
}
