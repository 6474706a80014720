// #17.6/#26.3 the POS's Exchange (the POS's slot 'pos-exchange', props PosExchangeProps from sales' schemas.ts: the
// cart as the new sale's body, and the till's payment panel, keys and cash rules lent to it), from either side: find the invoice (number or scan) and pick the pairs coming back
// (quantity and reason). With the new pairs already in the cart, the dialog shows the server's quote (the refund, the
// new total with any discount carried from a returned pair of the same style, the difference) and takes the
// difference like checkout does (cash tendered with change and 5-cent rounding, NETS, the PayNow QR) or gives it back
// (kept on the credit note, or in money). With an empty cart, 'Add new pairs' keeps the exchange as a draft
// (exchange-draft.ts: the cart shows 'Coming back') while the cashier scans the new pairs; the cart's Exchange button
// opens this dialog again to confirm. Confirming calls POST /api/exchanges: one transaction.
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api, ApiError } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { ScanLookup } from '../../../ui/components/scan-lookup.js';
import { toast } from '../../../ui/toast.js';
import { useShopConfig } from '../../../ui/shop-config.js';
import { toCents, toDollars } from '../../../core/money.js';
import { ManagerApproval, type ApprovalInput } from '../../../ui/components/manager-approval.js';
import type { PosExchangeProps, TillMethod } from '../../sales/schemas.js';
import { ChoiceSelect } from './choice-select.js';
import { ReasonSelect } from './reason-select.js';
import type { ExchangeQuoteReply, ExchangeReply } from '../schemas.js';
import { exchangeDraft, setExchangeDraft } from './exchange-draft.js';
import { backRefundCents } from './pos-return-rules.js';
import {
  backProblem,
  DIFFERENCE_METHODS,
  dollars,
  exchangeBody,
  exchangeProblem,
  quoteBody,
  REFUND_CHOICES,
  returnedCents,
  type BackItem,
  type DifferenceMethod,
  type RefundChoice,
} from './exchange-rules.js';
import type { ReturnableInvoice, ReturnableInvoiceList } from './types.js';

/** The server asks for a manager's approval (outside the refund window): 403 APPROVAL_REQUIRED. */
const needsApproval = (err: unknown) => err instanceof ApiError && err.status === 403 && err.code === 'APPROVAL_REQUIRED';

const css = `
/* #17.6/#26.3 the Exchange dialog: the lines coming back, finger-sized. */
.exchange-lines input[type='number'] { width: 5rem; margin: 0; padding: .25rem .4rem; height: auto; }
.exchange-size { font-size: 1.1rem; }
.exchange-lines select { margin: 0; padding: .25rem .4rem; height: auto; }
.exchange-lines input[type='number'], .exchange-lines select { min-height: 44px; }
.exchange-body .method-choices label { min-height: 44px; }
.exchange-action, .exchange-body .note-lookup button { min-height: 44px; }
/* A phone: each line coming back stacks (name; quantity and reason; refund) instead of four squeezed columns. */
@media (max-width: 600px) {
  .exchange-lines thead { display: none; }
  .exchange-lines tr { display: grid; grid-template-columns: 5.5rem minmax(0, 1fr) auto; gap: .3rem; align-items: center; padding: .3rem 0; border-bottom: 1px solid var(--pico-muted-border-color); }
  .exchange-lines td { padding: 0; border: 0; }
  .exchange-lines td:first-child { grid-column: 1 / -1; }
  .exchange-lines select { width: 100%; }
}
`;

const PAY_METHODS: { value: TillMethod; label: string }[] = DIFFERENCE_METHODS.map((m) => ({ value: m.value, label: m.label }));

const NO_APPROVAL: ApprovalInput = { username: '', password: '', reason: '' };

/** The Exchange dialog (the POS's slot 'pos-exchange'). */
export default function ExchangeModal({ open, onClose, onSuccess, cartUnits, saleBody, clearCart, onWaiting, till }: PosExchangeProps) {
  useSignals();
  const cartEmpty = cartUnits === 0;
  // The POS's checkout button settles a waiting exchange: it hears when one waits (a draft kept across a reload too).
  const waiting = exchangeDraft.value !== null;
  useEffect(() => onWaiting(waiting), [waiting, onWaiting]);
  const [number, setNumber] = useState('');
  const [invoice, setInvoice] = useState<ReturnableInvoice | null>(null);
  const [back, setBack] = useState<BackItem[]>([]);
  const [method, setMethod] = useState<DifferenceMethod>('CASH');
  const [refund, setRefund] = useState<RefundChoice>('CREDIT_NOTE');
  const [reference, setReference] = useState('');
  const [tendered, setTendered] = useState('');
  const [payNowGenerated, setPayNowGenerated] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The refund policy (#26.4): an older sale needs a manager's approval, typed in place when the server asks.
  const [approvalAsked, setApprovalAsked] = useState<string | null>(null);
  const [approval, setApproval] = useState<ApprovalInput>(NO_APPROVAL);
  // The server's figures for exactly this exchange (the body they were asked for): stale ones are not shown.
  const [quote, setQuote] = useState<{ key: string; reply: ExchangeQuoteReply } | null>(null);
  const tenderedRef = useRef<HTMLInputElement>(null);
  // One key per exchange attempt: a retry of the same exchange after no answer cannot take the goods back twice.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    // An exchange started from the pairs coming back continues where it was left.
    const draft = exchangeDraft.peek();
    setNumber(draft?.invoice.number ?? '');
    setInvoice(draft?.invoice ?? null);
    setBack(draft?.back ?? []);
    setMethod('CASH');
    setRefund('CREDIT_NOTE');
    setReference('');
    setTendered('');
    setProblem(null);
    setQuote(null);
    setApprovalAsked(null);
    setApproval(NO_APPROVAL);
    setPayNowGenerated(till.payNowReference());
  }, [open, till]);

  const config = useShopConfig();
  const gstRate = config?.gstRate ?? null;
  const cashRounding = config?.cashRounding === true;
  const lines = invoice?.items ?? [];
  const backCents = returnedCents(lines, back);
  const backReady = backProblem(invoice, back) === null;

  // Ask the server for the figures whenever what comes back or the cart changes (debounced; the last answer wins).
  const quoteRequest = invoice && backReady && !cartEmpty && gstRate !== null ? quoteBody({ invoice, back, saleBody, taxRate: gstRate }) : null;
  const quoteKey = quoteRequest ? JSON.stringify(quoteRequest) : '';
  // Keyed by the request's text (a new object each render): the effect sends that text's request.
  useEffect(() => {
    if (!open || !quoteKey) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .post<ExchangeQuoteReply>('/api/exchanges/quote', JSON.parse(quoteKey) as ReturnType<typeof quoteBody>)
        .then((reply) => {
          if (current) setQuote({ key: quoteKey, reply });
        })
        .catch((err: unknown) => {
          if (current) setProblem(err instanceof ApiError && err.message ? err.message : 'Could not price the exchange. Please try again.');
        });
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, quoteKey]);
  const q = quote && quote.key === quoteKey ? quote.reply : null;
  const differenceCents = q ? toCents(q.difference) : null;
  const toPayCents = Math.max(0, differenceCents ?? 0);
  const { dueCents, roundingCents } = till.amountDue(toPayCents, method, cashRounding);
  const change = till.changeCents(tendered, dueCents);
  const blocker = exchangeProblem({ invoice, back, cartEmpty, differenceCents, method, refund, reference, change });

  const find = async () => {
    const typed = number.trim();
    if (!typed) return;
    setProblem(null);
    try {
      const r = await api.get<ReturnableInvoiceList>('/api/returns/invoices', { search: typed, pageSize: 20 });
      const hit = r.invoices.find((i) => i.number.toUpperCase() === typed.toUpperCase()) ?? (r.invoices.length === 1 ? r.invoices[0] : undefined);
      if (!hit) {
        setProblem(`No invoice ${typed} with items left to return`);
        return;
      }
      setInvoice(hit);
      setBack(hit.items.map(() => ({ qty: 0, reason: '' })));
    } catch {
      setProblem('Could not look up the invoice. Please try again.');
    }
  };

  const setLine = (i: number, patch: Partial<BackItem>) => setBack((all) => all.map((b, j) => (j === i ? { ...b, ...patch } : b)));

  // The pairs coming back are chosen; the new pairs are scanned next (the dialog closes, the cart shows the draft).
  const addNewPairs = () => {
    if (!invoice || !backReady) return;
    setExchangeDraft({ invoice, back });
    onClose();
  };

  // Closing keeps a draft's edits (its pairs may have changed); it is cancelled from the cart.
  const close = () => {
    if (busy) return;
    if (exchangeDraft.peek() && invoice && backReady) setExchangeDraft({ invoice, back });
    onClose();
  };

  const chooseMethod = (m: TillMethod) => {
    setMethod(m as DifferenceMethod);
    setReference(m === 'PAYNOW' ? payNowGenerated : '');
  };

  const confirm = async (withApproval = false) => {
    if (busy) return;
    if (blocker || !invoice || gstRate === null || differenceCents === null) {
      toast.error(blocker ?? "Loading the shop's GST rate...");
      return;
    }
    setBusy(true);
    try {
      const body = exchangeBody({
        invoice,
        back,
        saleBody,
        taxRate: gstRate,
        differenceCents,
        method,
        refund,
        reference,
        tendered,
        cashRounding: config ? cashRounding : undefined,
        pricesIncludeGst: config?.pricesIncludeGst,
      });
      const creds = withApproval ? { username: approval.username.trim(), password: approval.password } : null;
      const sent = creds ? { ...body, approval: creds } : body;
      const bodyText = JSON.stringify(sent);
      if (attempt.current?.body !== bodyText) attempt.current = { key: till.newIdempotencyKey(), body: bodyText };
      const reply = await api.post<ExchangeReply>('/api/exchanges', sent, { headers: { 'Idempotency-Key': attempt.current.key } });
      attempt.current = null;
      setApprovalAsked(null);
      setApproval(NO_APPROVAL);
      const d = reply.difference;
      // Money back only as far as the sale took money (#25): whatever else is owed stays on the note, spent by its code.
      const note = reply.creditNote;
      const tail =
        (d.refund ? ` Refund ${money(d.refund.paid_out)} by ${d.refund_method}.` : '') +
        (note.available > 0
          ? ` ${money(note.available)} left on credit note ${note.number}${note.redemption_code ? ` (code ${note.redemption_code})` : ''}.`
          : '');
      toast.success(`Exchange complete! Invoice #${reply.sale.number}.${tail}`);
      const cash = toPayCents > 0 && method === 'CASH' ? till.tenderedCents(tendered) : null;
      setExchangeDraft(null);
      clearCart();
      onClose();
      onSuccess(reply.sale, cash === null ? null : toDollars(cash));
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
      if (needsApproval(err)) {
        setApprovalAsked((err as ApiError).message);
        return;
      }
      if (withApproval) setApproval((a) => ({ ...a, password: '' }));
      toast.error(err instanceof ApiError && err.status < 500 && err.message ? err.message : 'Exchange failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  till.useKeys({
    open,
    cash: toPayCents > 0 && method === 'CASH' && !busy,
    tendered,
    totalCents: dueCents,
    onTendered: setTendered,
    onEnter: () => {
      if (cartEmpty) addNewPairs();
      else void confirm();
    },
  });

  const footer = (
    <>
      <button type="button" className="secondary exchange-action" onClick={close} disabled={busy}>
        Cancel
      </button>
      {cartEmpty ? (
        <button type="button" className="exchange-action" onClick={addNewPairs} disabled={!backReady}>
          Add new pairs
        </button>
      ) : (
        <button
          type="button"
          className="exchange-action"
          onClick={() => void confirm()}
          disabled={busy || !!blocker || approvalAsked !== null}
          aria-busy={busy}
        >
          {busy ? 'Processing...' : 'Confirm Exchange'}
        </button>
      )}
    </>
  );

  return (
    <Modal title="Exchange" open={open} onClose={close} footer={footer} wide>
      <till.Styles />
      <style>{css}</style>
      <div className="exchange-body">
        <ScanLookup
          label="Invoice"
          ariaLabel="Invoice number"
          placeholder="Scan or type the invoice number"
          maxLength={40}
          value={number}
          onChange={setNumber}
          onSubmit={() => void find()}
          button="Find"
        />
        {problem ? (
          <p className="error-text" role="alert">
            <small>{problem}</small>
          </p>
        ) : null}

        {invoice ? (
          <>
            <p>
              <strong>{invoice.number}</strong> · {invoice.customer?.name || 'Walk-in Customer'} · Total {money(invoice.grand_total)}
            </p>
            <table className="exchange-lines">
              <thead>
                <tr>
                  <th scope="col">Coming back</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className="num">
                    Refund
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, i) => {
                  const b = back[i] ?? { qty: 0, reason: '' };
                  return (
                    <tr key={line.id}>
                      <td>
                        {line.description}
                        {line.size ? (
                          <>
                            {' '}
                            · <strong className="exchange-size">Size {line.size}</strong>
                          </>
                        ) : (
                          ''
                        )}
                        <br />
                        <small>max {line.returnable_qty}</small>
                      </td>
                      <td>
                        <input
                          type="number"
                          min={0}
                          max={line.returnable_qty}
                          step={1}
                          inputMode="numeric"
                          aria-label={`Quantity back of ${line.description}`}
                          disabled={line.returnable_qty <= 0}
                          value={b.qty}
                          onChange={(e) => setLine(i, { qty: Math.max(0, Math.min(line.returnable_qty, Math.floor(Number(e.target.value) || 0))) })}
                        />
                      </td>
                      <td>
                        <ReasonSelect
                          label={`Reason for ${line.description}`}
                          value={b.reason}
                          disabled={line.returnable_qty <= 0}
                          onChange={(reason) => setLine(i, { reason })}
                        />
                      </td>
                      <td className="num">{money(dollars(backRefundCents(line, b.qty)))}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        ) : null}

        {cartEmpty ? (
          <p className="exchange-next" data-testid="exchange-next">
            <small>
              The cart is empty: pick the pairs coming back, then <strong>Add new pairs</strong> and scan or tap them. The cart's <strong>Exchange</strong>{' '}
              button brings you back here to settle the difference.
            </small>
          </p>
        ) : (
          <dl className="totals">
            <dt>Refund (goods back)</dt>
            <dd data-testid="exchange-refund">{money(q ? q.returned : dollars(backCents))}</dd>
            <dt>New pairs ({cartUnits} in the cart)</dt>
            <dd data-testid="exchange-new-total">{q ? money(q.new_total) : '…'}</dd>
            {q && q.carried_discount > 0 ? (
              <>
                <dt>
                  <small>incl. original price kept</small>
                </dt>
                <dd data-testid="exchange-carried">
                  <small>-{money(q.carried_discount)}</small>
                </dd>
              </>
            ) : null}
            <dt>
              <strong>{differenceCents !== null && differenceCents < 0 ? 'To refund' : 'To pay'}</strong>
            </dt>
            <dd>
              <strong data-testid="exchange-difference">{differenceCents === null ? '…' : money(dollars(Math.abs(differenceCents)))}</strong>
            </dd>
            {toPayCents > 0 && roundingCents !== 0 ? (
              <>
                <dt>Rounding</dt>
                <dd data-testid="exchange-rounding">{money(dollars(roundingCents))}</dd>
                <dt>
                  <strong>Amount due</strong>
                </dt>
                <dd>
                  <strong data-testid="exchange-amount-due">{money(dollars(dueCents))}</strong>
                </dd>
              </>
            ) : null}
          </dl>
        )}

        {!cartEmpty && toPayCents > 0 ? (
          <section className="payment-details" aria-label="Pay the difference">
            <till.PaymentChoice
              methods={PAY_METHODS}
              method={method}
              onMethod={chooseMethod}
              totalCents={toPayCents}
              cashDueCents={dueCents}
              tendered={tendered}
              onTendered={setTendered}
              change={change}
              reference={reference}
              onReference={setReference}
              payNowGenerated={payNowGenerated}
              tenderedRef={tenderedRef}
            />
          </section>
        ) : null}
        {!cartEmpty && differenceCents !== null && differenceCents < 0 ? (
          <>
            <ChoiceSelect
              label="Refund the difference as"
              value={refund}
              choices={REFUND_CHOICES}
              onChange={(choice: RefundChoice) => {
                setRefund(choice);
                setReference('');
              }}
            />
            {refund === 'NETS' || refund === 'PAYNOW' ? (
              <label>
                Reference
                <input
                  type="text"
                  maxLength={200}
                  aria-label="Reference"
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                  placeholder="NETS approval code or PayNow reference"
                />
              </label>
            ) : null}
          </>
        ) : null}
        {blocker && invoice && !cartEmpty && differenceCents !== null ? (
          <p className="error-text">
            <small>{blocker}</small>
          </p>
        ) : null}
        {approvalAsked ? (
          <ManagerApproval
            message={approvalAsked}
            value={approval}
            onChange={setApproval}
            onApprove={() => void confirm(true)}
            busy={busy}
            reasonLabel={null}
          />
        ) : null}
      </div>
    </Modal>
  );
}
