// The 'Complete Checkout' modal: customer (walk-in or credit), payment method, then POST /api/checkout.
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api, ApiError } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { toast } from '../../../ui/toast.js';
import { toDollars } from '../../../core/money.js';
import { useShopConfig } from '../../../ui/shop-config.js';
import { cart as defaultCart, type CartStore } from './cart-store.js';
import {
  availableCreditCents, CART_EMPTY, changeCents, checkoutBlocker, checkoutErrorMessage, checkoutPayload, CREDIT_WARNING,
  creditProblem, dueDateFor, gstLabel, newIdempotencyKey, payNowReference, POS_METHODS,
  type CheckoutMethod, type PosMethod,
} from './checkout-rules.js';
import { CustomerPicker } from './customer-picker.js';
import { PayNowQr } from './paynow-qr.js';
import type { CheckoutReply, CustomerSummary } from './types.js';

export interface CheckoutModalProps {
  open: boolean;
  onClose: () => void;
  /** After a successful sale (the POS reloads products: stock changed). */
  onSuccess?: (reply: CheckoutReply) => void;
  store?: CartStore;
}

/** The checkout dialog; the sale itself is computed again by the server, these totals only mirror it. */
export function CheckoutModal({ open, onClose, onSuccess, store = defaultCart }: CheckoutModalProps) {
  useSignals();
  const customer = store.selectedCustomer.value;
  const [method, setMethod] = useState<CheckoutMethod>(customer ? 'CREDIT' : 'CASH');
  const [reference, setReference] = useState('');
  const [tendered, setTendered] = useState('');
  const [walkInName, setWalkInName] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per checkout attempt: reused when the same sale is retried after no answer, new when anything changes.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setMethod(store.selectedCustomer.peek() ? 'CREDIT' : 'CASH');
    setReference('');
    setTendered('');
    setWalkInName('');
  }, [open, store]);

  const items = store.items.value;
  const gstRate = useShopConfig()?.gstRate ?? null;
  const totals = store.totals(gstRate ?? 0);
  const totalCents = totals.totalCents;
  const status = customer ? 'UNPAID' : 'PAID';
  const payMethod: PosMethod = method === 'CREDIT' ? 'CASH' : method;
  const blocker = checkoutBlocker({ items, totalCents, customer, method: payMethod, tendered, taxRate: gstRate });
  const creditMessage = creditProblem(customer, totalCents);
  const change = changeCents(tendered, totalCents);

  const chooseCustomer = (c: CustomerSummary | null) => {
    store.setSelectedCustomer(c);
    // A registered customer buys on credit; back to walk-in means cash again.
    setMethod(c ? 'CREDIT' : 'CASH');
    setReference('');
  };

  const chooseMethod = (m: PosMethod) => {
    setMethod(m);
    setReference(m === 'PAYNOW' ? payNowReference() : '');
  };

  const submit = async () => {
    if (busy) return;
    if (items.length === 0) {
      toast.error(CART_EMPTY);
      return;
    }
    if (blocker) {
      toast.error(blocker);
      return;
    }
    const body = checkoutPayload({
      items, invoiceDiscount: store.invoiceDiscount.value, totalCents, taxRate: gstRate ?? 0, customer, method: payMethod, reference, tendered, walkInName,
    });
    const bodyText = JSON.stringify(body);
    if (attempt.current?.body !== bodyText) attempt.current = { key: newIdempotencyKey(), body: bodyText };
    setBusy(true);
    let reply: CheckoutReply;
    try {
      reply = await api.post<CheckoutReply>('/api/checkout', body, { headers: { 'Idempotency-Key': attempt.current.key } });
    } catch (err) {
      // A clear refusal will not change on retry with the same key; after no answer the same key is reused.
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
      toast.error(checkoutErrorMessage(err));
      setBusy(false);
      return;
    }
    attempt.current = null;
    setBusy(false);
    toast.success(`Checkout successful! Invoice #${reply.number}`);
    // The receipt (#16.4: the SPEC's "the invoice PDF opens") is printed by the POS's sale-complete step.
    store.clear();
    onClose();
    onSuccess?.(reply);
  };

  const footer = (
    <>
      <button type="button" className="secondary" onClick={onClose} disabled={busy}>Cancel</button>
      <button type="button" onClick={() => void submit()} disabled={busy || !!blocker} aria-busy={busy}>
        {busy ? 'Processing...' : 'Complete Checkout'}
      </button>
    </>
  );

  return (
    <Modal title="Complete Checkout" open={open} onClose={() => { if (!busy) onClose(); }} footer={footer}>
      <section className="checkout-summary" aria-label="Order summary">
        <dl className="totals">
          <dt>Items</dt><dd>{items.reduce((n, i) => n + i.qty, 0)}</dd>
          <dt>Subtotal</dt><dd data-testid="checkout-subtotal">{money(totals.subtotal)}</dd>
          {totals.discount > 0 ? (<><dt>Discount ({store.invoiceDiscount.value}%)</dt><dd>-{money(totals.discount)}</dd></>) : null}
          <dt>{gstLabel(gstRate)}</dt><dd data-testid="checkout-gst">{money(totals.tax)}</dd>
          <dt><strong>Total</strong></dt><dd><strong data-testid="checkout-total">{money(totals.total)}</strong></dd>
        </dl>
      </section>

      <CustomerPicker selected={customer} onSelect={chooseCustomer} />

      {customer ? (
        <section className="credit-details" aria-label="Credit sale">
          <dl className="totals">
            <dt>Payment method</dt><dd data-testid="checkout-method">CREDIT</dd>
            <dt>Status</dt><dd data-testid="checkout-status">{status}</dd>
            <dt>Credit limit</dt><dd>{money(customer.credit_limit)}</dd>
            <dt>Outstanding</dt><dd>{money(customer.outstanding_balance)}</dd>
            <dt>Available credit</dt><dd data-testid="checkout-available">{money(toDollars(availableCreditCents(customer)))}</dd>
            <dt>Credit terms</dt><dd>{customer.credit_terms_days} days</dd>
            <dt>Due date</dt><dd data-testid="checkout-due-date">{dateText(dueDateFor(customer.credit_terms_days))}</dd>
          </dl>
          {creditMessage ? (
            <div role="alert" className="credit-warning">
              <p><strong>{creditMessage}</strong></p>
              <p>{CREDIT_WARNING}</p>
            </div>
          ) : null}
        </section>
      ) : (
        <section className="payment-details" aria-label="Payment">
          <fieldset>
            <legend><strong>Payment method</strong></legend>
            {POS_METHODS.map((m) => (
              <label key={m.value} className="method-choice">
                <input type="radio" name="checkout-method" value={m.value} checked={method === m.value} onChange={() => chooseMethod(m.value)} />
                {m.value}
              </label>
            ))}
          </fieldset>
          <p><small>Status: <strong data-testid="checkout-status">{status}</strong></small></p>
          {method === 'PAYNOW' && reference ? <PayNowQr reference={reference} /> : null}
          {method === 'CASH' ? (
            <div className="cash-box">
              <label>
                Cash tendered
                <input
                  type="number" inputMode="decimal" min={0} step="0.01" value={tendered}
                  placeholder={toDollars(totalCents).toFixed(2)}
                  onChange={(e) => setTendered(e.target.value)}
                  onKeyDown={(e) => { if (e.key === 'Enter') void submit(); }}
                />
              </label>
              <div className="quick-cash" aria-label="Quick cash amounts">
                {quickCash(totalCents).map((d) => (
                  <button key={d} type="button" className="secondary outline" onClick={() => setTendered(d.toFixed(2))}>{money(d)}</button>
                ))}
              </div>
              <p>
                Change: <strong data-testid="checkout-change">{money(change === null ? 0 : toDollars(Math.max(0, change)))}</strong>
                {change !== null && change < 0 ? <small className="error-text"> (short by {money(toDollars(-change))})</small> : null}
              </p>
            </div>
          ) : null}
          <label>
            Name / company (optional)
            <input type="text" maxLength={200} value={walkInName} onChange={(e) => setWalkInName(e.target.value)} placeholder="Walk-in Customer" />
          </label>
        </section>
      )}
      {blocker && !creditMessage && items.length > 0 ? <p className="error-text"><small>{blocker}</small></p> : null}
    </Modal>
  );
}

/** Round cash amounts (dollars) that cover a total, for quick buttons: $58.83 -> $59, $60, $100. */
export function quickCash(totalCents: number): number[] {
  const out = new Set<number>();
  for (const step of [100, 1000, 5000, 10000]) out.add(Math.ceil(totalCents / step) * step);
  return [...out].filter((c) => c > 0).sort((a, b) => a - b).slice(0, 4).map((c) => c / 100);
}
