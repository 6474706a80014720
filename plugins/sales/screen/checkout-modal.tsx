// The 'Complete Checkout' modal: customer (walk-in or registered), how it is paid (credit only for customers with
// a credit limit; cash, NETS, PayNow for anyone), the sale discount, a manager's approval in place when the server
// asks for one, then POST /api/checkout. Keys: Enter completes, Esc cancels, 1/5/0/E quick cash (see checkout-keys).
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api, ApiError } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { toast } from '../../../ui/toast.js';
import { rateToBps, toCents, toDollars } from '../../../core/money.js';
import { loadShopConfig, useShopConfig } from '../../../ui/shop-config.js';
import { storedTill } from '../../../ui/till.js';
import { includedGstText } from '../pricing.js';
import { cart as defaultCart, type CartStore } from './cart-store.js';
import { AdjustmentRows } from './cart-panel.js';
import { cartView, QUOTE_PENDING } from './cart-quote.js';
import {
  amountDue,
  availableCreditCents,
  CART_EMPTY,
  changeCents,
  checkoutBlocker,
  checkoutErrorMessage,
  checkoutPayload,
  CREDIT_WARNING,
  creditProblem,
  defaultMethodFor,
  dueDateFor,
  gstLabel,
  methodsFor,
  needsApproval,
  newIdempotencyKey,
  payNowReference,
  settingsChanged,
  tenderedCents,
  type CheckoutMethod,
} from './checkout-rules.js';
import { useCheckoutKeys } from './checkout-keys.js';
import { CheckoutStyles } from './checkout-styles.js';
import { CustomerPicker } from './customer-picker.js';
import { SaleDiscountEditor } from './discount-editor.js';
import { ManagerApproval, type ApprovalInput } from '../../../ui/components/manager-approval.js';
import { PaymentChoice } from './payment-choice.js';
import { BuyerFields } from './buyer-fields.js';
import { buyerBlocker, buyerPayload, tillNeedsBuyer, type BuyerInput } from '../tax-invoice.js';
import { Slot } from '../../../ui/slot.js';
import type { CheckoutTender, CheckoutTenderProps } from '../schemas.js';
import { appliedTenders, tendersCents, withTenderApplied, withTenderRemoved, withTenders } from './tender-rules.js';
import type { CheckoutReply, CustomerSummary } from './types.js';
import type { CustomerPay } from './customer-state.js';

export interface CheckoutModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * After a successful sale, with the server's reply and the cash handed over in dollars (null when none was typed
   * or the sale was not cash); the reply's invoice also carries `tendered` and `change`.
   */
  onSuccess?: (reply: CheckoutReply, tendered: number | null) => void;
  /** What is being paid while the dialog is open (null when it closes): the customer display follows it (#26.7). */
  onPayChange?: (pay: CustomerPay | null) => void;
  store?: CartStore;
}

/** One applied tender in the dialog's summary: its label (a credit note's number, a card's masked code) and what it pays. */
function TenderRow({ label, amount }: { label: string; amount: number }) {
  return (
    <>
      <dt data-testid="checkout-tender-label">{label}</dt>
      <dd data-testid="checkout-tender-amount">-{money(amount)}</dd>
    </>
  );
}

const NO_APPROVAL: ApprovalInput = { username: '', password: '', reason: '' };
const NO_BUYER: BuyerInput = { name: '', address: '', uen: '' };

/** The checkout dialog; the sale itself is computed again by the server, these totals only mirror it. */
export function CheckoutModal({ open, onClose, onSuccess, onPayChange, store = defaultCart }: CheckoutModalProps) {
  useSignals();
  const customer = store.selectedCustomer.value;
  const [method, setMethod] = useState<CheckoutMethod>(defaultMethodFor(customer));
  const [reference, setReference] = useState('');
  const [tendered, setTendered] = useState('');
  const [walkInName, setWalkInName] = useState('');
  const [busy, setBusy] = useState(false);
  // Other plugins' tenders (slot 'checkout-tender': a credit note #17.5, gift cards #29), in the order applied: they
  // pay first; the method below pays the rest.
  const [tenders, setTenders] = useState<CheckoutTender[]>([]);
  // The server's "needs a manager's approval" message while the prompt is shown, and what was typed in it.
  const [approvalAsked, setApprovalAsked] = useState<string | null>(null);
  const [approval, setApproval] = useState<ApprovalInput>(NO_APPROVAL);
  // The manager approved in place (#26.9): back to the payment, the sale is sent with the approval on Complete.
  const [approvalReady, setApprovalReady] = useState(false);
  // #17.7 full tax invoice: asked for by the buyer (the checkbox), or required by the total; and who it names.
  const [buyerAsked, setBuyerAsked] = useState(false);
  const [buyer, setBuyer] = useState<BuyerInput>(NO_BUYER);
  const tenderedRef = useRef<HTMLInputElement>(null);
  // One PayNow reference per sale attempt (each opening): the QR shown and the payment recorded carry the same one,
  // and switching methods back and forth keeps it (a customer may already have scanned it).
  const [payNowGenerated, setPayNowGenerated] = useState('');
  // One key per checkout attempt: reused when the same sale is retried after no answer, new when anything changes.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // Complete pressed while the cart's quote is still on its way: the sale goes as soon as the quote lands (the
  // cashier's Enter is never lost, and the payment matches what the server will charge).
  const [queued, setQueued] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMethod(defaultMethodFor(store.selectedCustomer.peek()));
    setReference('');
    setPayNowGenerated(payNowReference(storedTill()));
    setTendered('');
    setQueued(false);
    setWalkInName('');
    setTenders([]);
    setApprovalAsked(null);
    setApproval(NO_APPROVAL);
    setApprovalReady(false);
    setBuyerAsked(false);
    setBuyer(NO_BUYER);
    // After the Modal's own focus (child effects run first): a cashier types the cash at once.
    tenderedRef.current?.focus();
  }, [open, store]);

  const items = store.items.value;
  // #29: other plugins' items (a gift card), sold beside the products.
  const charges = store.charges.value;
  const empty = items.length === 0 && charges.length === 0;
  const config = useShopConfig();
  const gstRate = config?.gstRate ?? null;
  // 5-cent cash rounding (#17.2): a cash sale pays the rounded amount due; change and quick cash use it.
  const cashRounding = config?.cashRounding === true;
  const pricesIncludeGst = config?.pricesIncludeGst;
  // The server's quote when it adjusts the sale (#28, a promotion): the amount due is what it will charge, and the
  // sale waits for the quote of this very cart (a scan just before Checkout) so the payment matches it.
  const view = cartView(store, gstRate ?? 0, pricesIncludeGst === true);
  const totals = view.totals;
  const saleTotalCents = totals.totalCents;
  const applied = appliedTenders(tenders, saleTotalCents);
  const tenderCents = tendersCents(applied);
  // What the chosen method pays: the sale less the tenders' part.
  const totalCents = saleTotalCents - tenderCents;
  const credit = Boolean(customer) && method === 'CREDIT';
  const status = credit ? 'UNPAID' : 'PAID';
  const { dueCents, roundingCents } = amountDue(totalCents, method, cashRounding);
  const buyerRequired = tillNeedsBuyer(saleTotalCents, customer);
  const withBuyer = buyerAsked || buyerRequired;
  const blocker =
    checkoutBlocker({ items, charges, totalCents, customer, method, tendered, taxRate: gstRate, cashRounding }) ??
    (view.pending && !empty ? QUOTE_PENDING : null) ??
    (withBuyer ? buyerBlocker(buyer, buyerRequired) : null);
  const creditMessage = credit ? creditProblem(customer, totalCents) : null;
  const change = changeCents(tendered, dueCents);

  // The customer display shows the method chosen and what it pays (PayNow: the QR with this attempt's reference).
  const onPayRef = useRef(onPayChange);
  onPayRef.current = onPayChange;
  useEffect(() => {
    onPayRef.current?.(open ? { method, amountCents: totalCents, reference: method === 'PAYNOW' ? payNowGenerated : '' } : null);
  }, [open, method, totalCents, payNowGenerated]);

  // A changed discount is a different sale: the approval asked for the old one no longer applies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the discount changes
  useEffect(() => {
    setApprovalAsked(null);
    setApprovalReady(false);
  }, [totals.discountTotalCents]);

  // Approve: back to the payment step with what was tendered still there and editable (#26.9); Complete sends it.
  const approve = () => {
    setApprovalReady(true);
    setTimeout(() => {
      tenderedRef.current?.focus();
      tenderedRef.current?.select();
    }, 0);
  };

  const chooseCustomer = (c: CustomerSummary | null) => {
    store.setSelectedCustomer(c);
    // A customer's note pays only that customer's sales: the tenders are looked up again for the new customer.
    setTenders([]);
    const m = defaultMethodFor(c);
    setMethod(m);
    setReference(m === 'PAYNOW' ? payNowGenerated : '');
  };

  // Opening the buyer's fields for a registered customer starts from their record.
  const askBuyer = (open: boolean) => {
    setBuyerAsked(open);
    if (open && customer && !buyer.name && !buyer.address) {
      setBuyer({ name: customer.name, address: customer.billing_address ?? '', uen: customer.uen ?? '' });
    }
  };

  const chooseMethod = (m: CheckoutMethod) => {
    setMethod(m);
    setReference(m === 'PAYNOW' ? payNowGenerated : '');
  };

  const submit = async () => {
    if (busy) return;
    if (empty) {
      toast.error(CART_EMPTY);
      return;
    }
    if (blocker === QUOTE_PENDING) {
      setQueued(true);
      return;
    }
    if (blocker) {
      toast.error(blocker);
      return;
    }
    if (approvalAsked && (!approval.username.trim() || !approval.password || !approval.reason.trim())) {
      toast.error("Enter the manager's username and password and the reason for the discount");
      return;
    }
    const body = withTenders(
      checkoutPayload({
        items,
        charges,
        invoiceDiscount: store.invoiceDiscount.value,
        invoiceDiscountAmount: store.invoiceDiscountAmount.value,
        totalCents,
        taxRate: gstRate ?? 0,
        pricesIncludeGst,
        customer,
        method,
        reference,
        tendered,
        walkInName,
        approval: approvalAsked ? { username: approval.username, password: approval.password } : null,
        discountReason: approvalAsked ? approval.reason : undefined,
        // Only once the server's settings are known (config); the server compares it with the shop's setting.
        cashRounding: config ? cashRounding : undefined,
      }),
      applied,
    );
    if (withBuyer) body.buyer = buyerPayload(buyer);
    const bodyText = JSON.stringify(body);
    if (attempt.current?.body !== bodyText) attempt.current = { key: newIdempotencyKey(), body: bodyText };
    setBusy(true);
    let reply: CheckoutReply;
    try {
      reply = await api.post<CheckoutReply>('/api/checkout', body, { headers: { 'Idempotency-Key': attempt.current.key } });
    } catch (err) {
      // A clear refusal will not change on retry with the same key; after no answer the same key is reused.
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
      // A money setting (cash rounding, price mode) changed since the till loaded it: reload it, the modal shows the new amounts.
      if (settingsChanged(err)) void loadShopConfig();
      if (needsApproval(err)) setApprovalAsked((err as ApiError).message);
      else if (approvalAsked) {
        // A wrong password: the prompt opens again, without it.
        setApproval((a) => ({ ...a, password: '' }));
        setApprovalReady(false);
      }
      toast.error(checkoutErrorMessage(err));
      setBusy(false);
      return;
    }
    attempt.current = null;
    setBusy(false);
    const cash = method === 'CASH' ? tenderedCents(tendered) : null;
    toast.success(`Checkout successful! Invoice #${reply.number}`);
    // The receipt (#16.4: the SPEC's "the invoice PDF opens") is printed by the POS's sale-complete step.
    store.clear();
    onClose();
    onSuccess?.(reply, cash === null ? null : toDollars(cash));
  };

  useCheckoutKeys({
    open,
    cash: method === 'CASH' && !busy,
    tendered,
    totalCents: dueCents,
    onTendered: setTendered,
    onEnter: () => void submit(),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the quote lands; submit reads the state of that render
  useEffect(() => {
    if (!queued || view.pending) return;
    setQueued(false);
    if (open) void submit();
  }, [queued, view.pending]);

  const footer = (
    <>
      <button type="button" className="secondary" onClick={onClose} disabled={busy} aria-keyshortcuts="Escape">
        Cancel
      </button>
      <button
        type="button"
        onClick={() => void submit()}
        disabled={busy || (!!blocker && blocker !== QUOTE_PENDING)}
        aria-busy={busy || queued}
        aria-keyshortcuts="Enter"
      >
        {busy || queued ? 'Processing...' : 'Complete Checkout'}
      </button>
    </>
  );

  return (
    <Modal
      title="Complete Checkout"
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={footer}
    >
      <CheckoutStyles />
      <div className="checkout-body">
        <section className="checkout-summary" aria-label="Order summary">
          <dl className="totals">
            <dt>Items</dt>
            <dd>{store.count.value}</dd>
            <dt>Subtotal</dt>
            <dd data-testid="checkout-subtotal">{money(totals.subtotal)}</dd>
            <AdjustmentRows lines={view.adjustments} testId="checkout-adjustment" />
            {totals.lineDiscount > 0 ? (
              <>
                <dt>Line discounts</dt>
                <dd data-testid="checkout-line-discount">-{money(totals.lineDiscount)}</dd>
              </>
            ) : null}
            {totals.discount > 0 ? (
              <>
                <dt>Discount{store.invoiceDiscount.value > 0 ? ` (${store.invoiceDiscount.value}%)` : ''}</dt>
                <dd>-{money(totals.discount)}</dd>
              </>
            ) : null}
            {totals.pricesIncludeGst ? null : (
              <>
                <dt>{gstLabel(gstRate)}</dt>
                <dd data-testid="checkout-gst">{money(totals.tax)}</dd>
              </>
            )}
            <dt>
              <strong>Total</strong>
            </dt>
            <dd>
              <strong className="checkout-grand" data-testid="checkout-total">
                {money(totals.total)}
              </strong>
            </dd>
            {tenderCents > 0 ? (
              <>
                {applied
                  .filter((t) => t.amount > 0)
                  .map((t) => (
                    <TenderRow key={`${t.method} ${t.reference}`} label={t.label} amount={t.amount} />
                  ))}
                <dt>
                  <strong>To pay</strong>
                </dt>
                <dd>
                  <strong data-testid="checkout-due">{money(toDollars(totalCents))}</strong>
                </dd>
              </>
            ) : null}
            {roundingCents !== 0 ? (
              <>
                <dt>Rounding</dt>
                <dd data-testid="checkout-rounding">{money(toDollars(roundingCents))}</dd>
                <dt>
                  <strong>Amount due</strong>
                </dt>
                <dd>
                  <strong className="checkout-grand" data-testid="checkout-amount-due">
                    {money(toDollars(dueCents))}
                  </strong>
                </dd>
              </>
            ) : null}
          </dl>
          {totals.pricesIncludeGst ? (
            <p className="checkout-gst-included" data-testid="checkout-gst">
              {includedGstText(toCents(totals.tax), gstRate === null ? null : rateToBps(gstRate))}
            </p>
          ) : null}
        </section>

        {approvalAsked && !approvalReady ? (
          <ManagerApproval message={approvalAsked} value={approval} onChange={setApproval} onApprove={approve} busy={busy} />
        ) : null}
        {approvalAsked && approvalReady ? (
          <p className="approval-ready" data-testid="approval-ready">
            Discount approved by <strong>{approval.username}</strong>: {approval.reason}{' '}
            <button type="button" className="secondary outline" onClick={() => setApprovalReady(false)}>
              Change
            </button>
          </p>
        ) : null}

        <CustomerPicker selected={customer} onSelect={chooseCustomer} />

        <Slot<CheckoutTenderProps>
          name="checkout-tender"
          props={{
            customer,
            tenders: applied,
            remaining: toDollars(totalCents),
            onApply: (t) => setTenders((list) => withTenderApplied(list, t)),
            onRemove: (t) => setTenders((list) => withTenderRemoved(list, t)),
          }}
        />

        {credit && customer ? (
          <section className="credit-details" aria-label="Credit sale">
            <fieldset className="method-choices">
              <legend>
                <strong>Payment method</strong>
              </legend>
              {methodsFor(customer).map((m) => (
                <label key={m.value} className="method-choice">
                  <input type="radio" name="checkout-method" value={m.value} checked={method === m.value} onChange={() => chooseMethod(m.value)} />
                  {m.value}
                </label>
              ))}
            </fieldset>
            <dl className="totals">
              <dt>Payment method</dt>
              <dd data-testid="checkout-method">CREDIT</dd>
              <dt>Status</dt>
              <dd data-testid="checkout-status">{status}</dd>
              <dt>Credit limit</dt>
              <dd>{money(customer.credit_limit)}</dd>
              <dt>Outstanding</dt>
              <dd>{money(customer.outstanding_balance)}</dd>
              <dt>Available credit</dt>
              <dd data-testid="checkout-available">{money(toDollars(availableCreditCents(customer)))}</dd>
              <dt>Credit terms</dt>
              <dd>{customer.credit_terms_days} days</dd>
              <dt>Due date</dt>
              <dd data-testid="checkout-due-date">{dateText(dueDateFor(customer.credit_terms_days))}</dd>
            </dl>
            {creditMessage ? (
              <div role="alert" className="credit-warning">
                <p>
                  <strong>{creditMessage}</strong>
                </p>
                <p>{CREDIT_WARNING}</p>
              </div>
            ) : null}
          </section>
        ) : (
          <section className="payment-details" aria-label="Payment">
            <PaymentChoice
              methods={methodsFor(customer)}
              method={method}
              onMethod={chooseMethod}
              totalCents={totalCents}
              cashDueCents={dueCents}
              tendered={tendered}
              onTendered={setTendered}
              change={change}
              reference={reference}
              onReference={setReference}
              payNowGenerated={payNowGenerated}
              tenderedRef={tenderedRef}
            />
            <p>
              <small>
                Status: <strong data-testid="checkout-status">{status}</strong>
                {customer ? ` (paid now, on ${customer.name}'s account)` : ''}
              </small>
            </p>
            {customer ? null : (
              <label>
                Name / company (optional)
                <input type="text" maxLength={200} value={walkInName} onChange={(e) => setWalkInName(e.target.value)} placeholder="Walk-in Customer" />
              </label>
            )}
          </section>
        )}

        <BuyerFields open={buyerAsked} required={buyerRequired} onOpen={askBuyer} value={buyer} onChange={setBuyer} />

        <details className="checkout-discount" open={totals.discountTotalCents > 0 || undefined}>
          <summary>Discount{totals.discountTotalCents > 0 ? `: -${money(totals.discountTotal)} (${totals.discountPercent}%)` : ''}</summary>
          <SaleDiscountEditor store={store} />
        </details>
        {blocker && !creditMessage && !empty ? (
          <p className="error-text">
            <small>{blocker}</small>
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
