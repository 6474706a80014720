// The POS screen (/): search (scanner-ready), filters, style cards, the cart, the checkout modal, the sale-complete
// panel and the keyboard shortcuts (F2 or / search, F9 or Ctrl+Enter Checkout, ? help).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { SelectFilter } from '../../../ui/components/select-filter.js';
import { money } from '../../../ui/format.js';
import { usePriceMode } from './price-mode.js';
import { Slot } from '../../../ui/slot.js';
import { toast } from '../../../ui/toast.js';
import { cart } from './cart-store.js';
import { CartPanel } from './cart-panel.js';
import { cartView } from './cart-quote.js';
import { CheckoutModal } from './checkout-modal.js';
import { customerState, type CustomerPay } from './customer-state.js';
import { PosExchange } from './pos-exchange.js';
import { printReceipt } from './print-receipt.js';
import { NO_FILTERS, type ProductFilters } from './product-filter.js';
import { SaleComplete } from './sale-complete.js';
import { SalesStyles } from './sales-styles.js';
import { ShortcutsHelp } from './shortcuts-help.js';
import { StyleCard } from './style-card.js';
import type { PosReturnProps, PosStockAlertProps } from '../schemas.js';
import type { CheckoutReply, PosProduct } from './types.js';
import { useCatalogue } from './use-catalogue.js';
import { useCartQuote } from './use-cart-quote.js';
import { usePosKeys } from './use-pos-keys.js';
import { useScanReady } from './use-scan-ready.js';
import { useRovingSizes } from './use-roving-sizes.js';
import { useToastClearance } from './use-toast-clearance.js';

/** Adds one unit to the cart and says so (or why not). */
export function addToCart(product: PosProduct, store = cart) {
  const result = store.add(product);
  if (result === 'ADDED') toast.success(`${product.item_name} added to cart`);
  else if (result === 'OUT_OF_STOCK') toast.error(`${product.item_name} is out of stock`);
  else toast.error(`Only ${product.stock_qty} in stock for ${product.item_name}`);
}

/** Prints a receipt; a failure is said, the sale stays done. */
function print(invoiceId: number) {
  printReceipt(invoiceId).catch((err: unknown) => toast.error(err instanceof Error ? err.message : String(err)));
}

/** The phone's cart bar: 'Cart · N items · $total', opening the cart. */
function CartBar({ onOpen }: { onOpen: () => void }) {
  useSignals();
  const mode = usePriceMode();
  const n = cart.count.value;
  return (
    <button type="button" className="pos-cart-bar" onClick={onOpen} aria-controls="pos-cart">
      Cart · {n} item{n === 1 ? '' : 's'} · {money(cartView(cart, mode?.gstRate ?? 0, mode?.pricesIncludeGst === true).totals.total)}
    </button>
  );
}

/**
 * The 'pos-customer' slot: what the customer should see (the cart, the payment being taken, the sale just made),
 * handed to whichever plugin shows it (the customer display, #26.7); nothing is rendered here when none does.
 */
function CustomerFacing({ pay, saleInvoiceId }: { pay: CustomerPay | null; saleInvoiceId: number | null }) {
  useSignals();
  const state = customerState({
    items: cart.items.value,
    charges: cart.charges.value,
    invoiceDiscount: cart.invoiceDiscount.value,
    invoiceDiscountAmount: cart.invoiceDiscountAmount.value,
    pay,
    saleInvoiceId,
    customerId: cart.selectedCustomer.value?.id ?? null,
  });
  return <Slot name="pos-customer" props={state} />;
}

/** The point-of-sale screen. */
export default function PosScreen() {
  const [filters, setFilters] = useState<ProductFilters>(NO_FILTERS);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [exchangeOpen, setExchangeOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  // An exchange waiting for its new pairs (#26.3; returns' dialog says so): Checkout settles it instead of a sale.
  const [exchangeWaiting, setExchangeWaiting] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [sale, setSale] = useState<CheckoutReply | null>(null);
  // What the open checkout is taking (method, amount, PayNow reference), for the customer display.
  const [pay, setPay] = useState<CustomerPay | null>(null);
  // Bumped after each sale so the low-stock badge counts again.
  const [sales, setSales] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const catalogue = useCatalogue(filters);
  // The server prices the cart as it changes (#28): its adjustments (a promotion) show in the cart at once.
  useCartQuote(cart);
  const priceMode = usePriceMode();
  const gstRate = priceMode?.gstRate ?? null;
  const grid = useRovingSizes<HTMLDivElement>();
  const layout = useToastClearance<HTMLDivElement>();
  const set = (patch: Partial<ProductFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const focusSearch = useCallback(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, []);
  const anyDialog = checkoutOpen || helpOpen || exchangeOpen || returnOpen || sale !== null;

  // On start, after each sale and when a dialog closes: ready for the next scan.
  useEffect(() => {
    if (!anyDialog) focusSearch();
  }, [anyDialog, focusSearch]);
  // After any tap that is not into a text field (a size, the cart's - and +, a filter's close), the focus goes back
  // to the search (#26.1): the next scan lands there, never on the button just tapped.
  const backToSearch = useScanReady(searchRef, () => anyDialog);

  // Prices and stock may have changed since the cart was saved (another till, an edit): keep lines in step.
  useEffect(() => {
    if (catalogue.loaded.length) cart.syncProducts(catalogue.loaded);
  }, [catalogue.loaded]);

  const openCheckout = () => {
    if (cart.isEmpty.peek()) toast.error('Cart is empty');
    // An exchange waiting for its new pairs (#26.3) is settled in the Exchange dialog, not as a sale.
    else if (exchangeWaiting) setExchangeOpen(true);
    else if (gstRate !== null) setCheckoutOpen(true);
  };

  // The scan in the search box: the code (barcode or SKU) adds that size; else the first match of the search.
  const addTyped = async (typed: string) => {
    if (!typed.trim()) return;
    // A scanner types the barcode (or SKU) and Enter: the search clears at once, ready for the next scan.
    set({ search: '' });
    let found: PosProduct | undefined;
    try {
      found = (await catalogue.findCode(typed)) ?? (await catalogue.firstMatch({ ...filters, search: typed }));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
      return;
    }
    if (found) addToCart(found);
    else toast.error(`No product found for "${typed.trim()}"`);
  };

  usePosKeys({
    focusSearch,
    checkout: openCheckout,
    help: () => setHelpOpen(true),
    dialogOpen: () => anyDialog,
    // A burst typed outside the search starts a new search (a scan), its next keys go straight into the box.
    typeIntoSearch: (ch) => {
      setFilters((f) => ({ ...f, search: ch }));
      searchRef.current?.focus();
    },
    enterSearch: () => {
      searchRef.current?.focus();
      void addTyped(searchRef.current?.value ?? '');
    },
  });

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.ctrlKey) return;
    e.preventDefault();
    void addTyped(filters.search);
  };

  const done = (reply: CheckoutReply) => {
    // The reply says what is left of each sold size: the cards follow without reloading the catalogue.
    catalogue.applyStock(reply.stock ?? []);
    setSales((n) => n + 1);
    setCartOpen(false);
    setSale(reply);
    print(reply.invoiceId);
  };

  return (
    <section className="pos-screen" onClickCapture={backToSearch}>
      <SalesStyles />
      <div className="pos-layout" ref={layout}>
        <div className="pos-products">
          {/* The till and shift bar (plugins/shifts) sits over the products so the cart keeps the full height. */}
          <Slot name="pos-top" />
          <div className="pos-toolbar">
            <div className="pos-search-row">
              <input
                ref={searchRef}
                type="search"
                className="pos-search"
                placeholder="Scan or search products…"
                aria-label="Scan or search products"
                aria-keyshortcuts="F2 /"
                autoComplete="off"
                value={filters.search}
                onChange={(e) => set({ search: e.target.value })}
                onKeyDown={(e) => void onSearchKey(e)}
              />
              <button type="button" className="secondary outline pos-help-button" aria-keyshortcuts="?" onClick={() => setHelpOpen(true)}>
                Shortcuts (?)
              </button>
            </div>
            <div className="pos-filters">
              <SelectFilter label="Categories" value={filters.category} options={catalogue.options.categories} onChange={(v) => set({ category: v })} />
              <SelectFilter label="Brands" value={filters.brand} options={catalogue.options.brands} onChange={(v) => set({ brand: v })} />
              <SelectFilter label="Sizes" value={filters.size} options={catalogue.options.sizes} onChange={(v) => set({ size: v })} />
              <Slot<PosStockAlertProps> name="pos-stock-alert" props={{ refreshKey: sales }} />
            </div>
          </div>
          <div className="pos-results">
            {catalogue.error ? <p className="error-text">Error loading products: {catalogue.error.message}</p> : null}
            {catalogue.loading ? <p aria-busy="true">Loading products...</p> : null}
            {!catalogue.loading && !catalogue.error && catalogue.cards.length === 0 ? <p className="pos-note">No products found</p> : null}
            <div className="pos-grid" {...grid}>
              {catalogue.cards.map((c) => (
                <StyleCard key={c.style.id} card={c} mode={priceMode} onAdd={(x) => addToCart(x)} />
              ))}
            </div>
          </div>
        </div>
        <CartPanel
          store={cart}
          onCheckout={openCheckout}
          open={cartOpen}
          onClose={() => setCartOpen(false)}
          onExchange={() => setExchangeOpen(true)}
          exchanging={exchangeWaiting}
          onReturn={() => setReturnOpen(true)}
          head={<CustomerFacing pay={checkoutOpen ? pay : null} saleInvoiceId={sale?.invoiceId ?? null} />}
        />
      </div>
      {cartOpen ? null : <CartBar onOpen={() => setCartOpen(true)} />}
      <CheckoutModal open={checkoutOpen} onClose={() => setCheckoutOpen(false)} onSuccess={done} onPayChange={setPay} store={cart} />
      <PosExchange store={cart} open={exchangeOpen} onClose={() => setExchangeOpen(false)} onSuccess={done} onWaiting={setExchangeWaiting} />
      <Slot<PosReturnProps> name="pos-return" props={{ open: returnOpen, onClose: () => setReturnOpen(false) }} />
      <SaleComplete sale={sale} onPrint={print} onNewSale={() => setSale(null)} />
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
