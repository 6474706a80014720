// The POS cart: compact rows (name, sku, unit price, -, typed quantity, +, line total, remove) that scroll inside the
// column, and the summary with Checkout kept in view below them.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { rateToBps, toCents } from '../../../core/money.js';
import { gstLabel } from './checkout-rules.js';
import { itemKey, lineTotal, type CartItem, type CartStore } from './cart-store.js';
import { cartView, type AdjustmentLine } from './cart-quote.js';
import { includedGstText } from '../pricing.js';
import { usePriceMode, type PriceMode } from './price-mode.js';
import { priceWithGst } from './style-card.js';
import { LineDiscountEditor } from './discount-editor.js';
import { HoldButtons } from './hold-sale.js';
import { Slot } from '../../../ui/slot.js';
import { useToastHost } from '../../../ui/toast-host.js';
import type { CartCharge, PosCartActionsProps } from '../schemas.js';

/** How long a line just added stays highlighted (its CSS flash lasts as long). */
export const JUST_ADDED_MS = 1200;

/** A typed quantity: applied as typed (0 removes), but an emptied box waits for a number. */
function QtyInput({ item, store }: { item: CartItem; store: CartStore }) {
  const [text, setText] = useState(String(item.qty));
  useEffect(() => setText(String(item.qty)), [item.qty]);
  const key = itemKey(item);
  return (
    <input
      type="number"
      className="cart-qty"
      min={0}
      max={item.stock}
      step={1}
      inputMode="numeric"
      aria-label={`Quantity of ${item.name}`}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() === '' || !Number.isFinite(n)) return;
        if (n > item.stock) toast.error(`Only ${item.stock} in stock for ${item.name}`);
        store.setQty(key, n);
      }}
      onBlur={() => setText(String(item.qty))}
    />
  );
}

/** The unit price as the cart shows it: with GST (prominent), and the before-GST price beside it when prices are stored before GST. */
function UnitPrice({ price, mode }: { price: number; mode: PriceMode | null }) {
  if (!mode) return <span className="cart-unit">@ {money(price)}</span>;
  return (
    <span className="cart-unit">
      @ <strong>{money(priceWithGst(price, mode))}</strong>
      {mode.pricesIncludeGst ? null : <small className="cart-unit-before"> (before GST {money(price)})</small>}
    </span>
  );
}

/**
 * One line: the size in large type in its own box (never cut off: at a shoe counter it is what the cashier checks),
 * the name (which may truncate) over colour, SKU and unit price, then the stepper, the line total and remove.
 */
function CartRow({ item, store, mode }: { item: CartItem; store: CartStore; mode: PriceMode | null }) {
  const key = itemKey(item);
  return (
    <li className="cart-row" data-product-id={item.productId} data-key={key}>
      <div className="cart-row-text">
        <span className="cart-size" data-testid="cart-size" aria-hidden="true">
          {item.size || '—'}
        </span>
        <span className="visually-hidden">{item.size ? `Size ${item.size}` : 'One size'}</span>
        <strong className="cart-name" title={item.name}>
          {item.name}
        </strong>
        <small className="cart-sub">
          {item.colour ? <span className="cart-colour">{item.colour} · </span> : null}
          <span className="cart-sku">{item.sku}</span> <UnitPrice price={item.price} mode={mode} />
        </small>
      </div>
      <strong className="cart-line-total">{money(lineTotal(item))}</strong>
      <div className="cart-controls">
        {/* #16.7: the line's discount (% or $), discount-editor.tsx */}
        <LineDiscountEditor item={item} store={store} />
        <div className="cart-stepper">
          <button
            type="button"
            className="secondary"
            title="Decrease quantity"
            aria-label={`Decrease quantity of ${item.name}`}
            onClick={() => store.decrement(key)}
          >
            -
          </button>
          <QtyInput item={item} store={store} />
          <button
            type="button"
            className="secondary"
            title="Increase quantity"
            aria-label={`Increase quantity of ${item.name}`}
            onClick={() => {
              if (!store.increment(key)) toast.error(`Only ${item.stock} in stock for ${item.name}`);
            }}
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="secondary outline cart-remove"
          title={`Remove ${item.name}`}
          aria-label={`Remove ${item.name}`}
          onClick={() => store.remove(key)}
        >
          ✕
        </button>
      </div>
    </li>
  );
}

/**
 * #29: another plugin's item (a gift card): its label, "(no GST)" (it carries none), its amount and remove. No size,
 * no quantity (each is its own row).
 */
function ChargeRow({ charge, index, store }: { charge: CartCharge; index: number; store: CartStore }) {
  return (
    <li className="cart-row cart-charge-row" data-testid="cart-charge" data-kind={charge.kind}>
      <div className="cart-row-text">
        <strong className="cart-name" title={charge.label}>
          {charge.label}
        </strong>
        <small className="cart-sub">(no GST)</small>
      </div>
      <strong className="cart-line-total" data-testid="cart-charge-amount">
        {money(charge.amount)}
      </strong>
      <div className="cart-controls">
        <button
          type="button"
          className="secondary outline cart-remove"
          title={`Remove ${charge.label}`}
          aria-label={`Remove ${charge.label}`}
          onClick={() => store.removeCharge(index)}
        >
          ✕
        </button>
      </div>
    </li>
  );
}

/**
 * What other plugins take off the sale (the quote's adjustments, e.g. a promotion), one row each under the
 * subtotal: the label (wrapping to two lines at most, never pushing the amount out) and the amount.
 */
export function AdjustmentRows({ lines, testId }: { lines: AdjustmentLine[]; testId: string }) {
  return lines.map((a, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the quote's adjustments carry no id of their own and come in the server's order
    <Adjustment key={i} line={a} testId={testId} />
  ));
}

function Adjustment({ line, testId }: { line: AdjustmentLine; testId: string }) {
  return (
    <>
      <dt className="adjustment-label" title={line.label} data-testid={`${testId}-label`}>
        {line.label}
      </dt>
      <dd className="adjustment-amount" data-testid={testId}>
        {money(line.amount)}
      </dd>
    </>
  );
}

/** The cart column; `onCheckout` opens the checkout modal. */
export function CartPanel({
  store,
  onCheckout,
  onClose,
  open,
  onExchange,
  exchanging: waiting,
  onReturn,
  head,
}: {
  store: CartStore;
  onCheckout: () => void;
  onClose?: () => void;
  open?: boolean;
  /** Opens the Exchange (#17.6): goods back against an invoice, this cart as the new sale. */
  onExchange?: () => void;
  /** An exchange waits for its new pairs (returns' 'pos-exchange' says so): the checkout button reads and opens 'Exchange'. */
  exchanging?: boolean;
  /** Opens the Return (#26.3): goods back against a scanned receipt, refunded (the returns plugin's dialog, slot 'pos-return'). */
  onReturn?: () => void;
  /** Put in the cart's header before Exchange (the POS's 'pos-customer' slot: the customer display's button). */
  head?: ReactNode;
}) {
  useSignals();
  const items = store.items.value;
  const charges = store.charges.value;
  const empty = items.length === 0 && charges.length === 0;
  const last = store.lastAdded.value;
  const rowsRef = useRef<HTMLUListElement>(null);
  // The phone's sheet covers the screen: its toasts show in it, under its header (#26.6).
  const toastSlot = useToastHost<HTMLDivElement>(open === true);
  // The line just added comes into view (a long sale scrolls inside the cart, never the page) and flashes for a
  // moment (data-just-added, #26.6): the cashier sees which line a scan landed on.
  useEffect(() => {
    if (!last) return;
    const row = rowsRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(last.key)}"]`);
    if (!row) return;
    row.scrollIntoView?.({ block: 'nearest' });
    const clear = () => {
      row.removeAttribute('data-just-added');
      row.classList.remove('cart-row-new');
    };
    clear();
    void row.offsetWidth; // restarts the flash when the same line is added again
    row.setAttribute('data-just-added', '');
    row.classList.add('cart-row-new');
    const timer = setTimeout(clear, JUST_ADDED_MS);
    return () => {
      clearTimeout(timer);
      clear();
    };
  }, [last]);
  const mode = usePriceMode();
  const gstRate = mode?.gstRate ?? null;
  const inclusive = mode?.pricesIncludeGst === true;
  // The server's quote when it adjusts the sale (#28): its lines and the totals that will be charged.
  const view = cartView(store, gstRate ?? 0, inclusive);
  const totals = view.totals;
  const discount = store.invoiceDiscount.value;
  // #26.3 an exchange waiting for its new pairs: the cart's button settles the exchange instead of a sale.
  const exchanging = waiting === true && onExchange !== undefined;
  return (
    <aside className={open ? 'pos-cart pos-cart-open' : 'pos-cart'} aria-label="Cart" id="pos-cart">
      <header className="pos-cart-head">
        <h3>Cart</h3>
        <small>
          {store.count.value} item{store.count.value === 1 ? '' : 's'}
        </small>
        {head}
        {/* #26.5: park the sale under a name or number; resume a held one with one tap (hold-sale.tsx). */}
        <HoldButtons store={store} total={totals.total} />
        {onExchange ? (
          <button
            type="button"
            className="secondary outline pos-exchange-button"
            onClick={onExchange}
            title="Goods back against an invoice, the cart as the new sale"
          >
            Exchange
          </button>
        ) : null}
        {onReturn ? (
          <button type="button" className="secondary outline pos-return-button" onClick={onReturn} title="Goods back against a receipt, refunded">
            Return
          </button>
        ) : null}
        {onClose ? (
          <button type="button" className="secondary outline pos-cart-close" onClick={onClose}>
            Close cart
          </button>
        ) : null}
      </header>
      {/* returns: the pairs coming back of an exchange waiting for its new pairs */}
      <Slot name="pos-cart-top" />
      <div className="cart-toasts" ref={toastSlot} />
      {empty ? (
        <p className="cart-empty">{exchanging ? 'Scan or tap the new pairs' : 'Cart is empty'}</p>
      ) : (
        <ul className="cart-rows" ref={rowsRef}>
          {items.map((i) => (
            <CartRow key={itemKey(i)} item={i} store={store} mode={mode} />
          ))}
          {charges.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a charge has no id; its place among the charges is how it is removed
            <ChargeRow key={i} charge={c} index={i} store={store} />
          ))}
        </ul>
      )}

      <dl className="totals cart-summary" aria-busy={view.adjustments.length > 0 && view.pending ? true : undefined}>
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{money(totals.subtotal)}</dd>
        <AdjustmentRows lines={view.adjustments} testId="cart-adjustment" />
        <dt>
          <label className="discount-label">
            Discount (%)
            <input
              type="number"
              min={0}
              max={100}
              step="0.01"
              aria-label="Invoice discount percent"
              value={discount === 0 ? '' : discount}
              placeholder="0"
              onChange={(e) => store.setInvoiceDiscount(e.target.value === '' ? 0 : Number(e.target.value))}
            />
          </label>
        </dt>
        <dd data-testid="cart-discount">{totals.discount > 0 ? `-${money(totals.discount)}` : money(0)}</dd>
        {inclusive ? null : (
          <>
            <dt>{gstLabel(gstRate)}</dt>
            <dd data-testid="cart-gst">{money(totals.tax)}</dd>
          </>
        )}
        <dt className="cart-total-label">Total</dt>
        <dd className="cart-total" data-testid="cart-total">
          {money(totals.total)}
        </dd>
      </dl>
      {inclusive ? (
        <p className="cart-gst-included" data-testid="cart-gst">
          {includedGstText(toCents(totals.tax), gstRate === null ? null : rateToBps(gstRate))}
        </p>
      ) : null}
      {/* Beside Checkout (no height taken from the rows): #29 other plugins' buttons that put their items in the
          cart (gift-cards: 'Gift card'), slot 'pos-cart-actions'. */}
      <div className="cart-checkout-row">
        <div className="cart-actions">
          <Slot<PosCartActionsProps> name="pos-cart-actions" props={{ addCharge: (c) => store.addCharge(c) }} />
        </div>
        <button
          type="button"
          className="pos-checkout"
          aria-keyshortcuts="F9 Control+Enter"
          disabled={empty || gstRate === null}
          onClick={() => {
            if (store.isEmpty.peek()) toast.error('Cart is empty');
            else if (exchanging) onExchange!();
            else onCheckout();
          }}
        >
          {exchanging ? 'Exchange' : 'Checkout'}
        </button>
      </div>
    </aside>
  );
}
