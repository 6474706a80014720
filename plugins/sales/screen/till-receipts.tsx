// 'Receipts' in the till bar (#26.4; slot 'till-bar' of plugins/shifts' shift bar, shown while a shift is open): the
// sales of this till's open shift, newest first, each with 'Reprint' (marked '** REPRINT **'; printer, else browser)
// and 'Void'. A cashier's void asks a manager's username and password in place (the discount's prompt) and the reason;
// an ADMIN's asks only the reason. The server checks all of it (POST /api/till/receipts/:id/void) and pays the money
// back from this drawer; the dialog then shows the sale as VOID and what was paid back.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { api, ApiError } from '../../../ui/api.js';
import { Modal } from '../../../ui/components/modal.js';
import { dateTimeText, money } from '../../../ui/format.js';
import { useSession } from '../../../ui/session.js';
import { methodText } from '../pdf/method-text.js';
import { CheckoutStyles } from './checkout-styles.js';
import { ManagerApproval, type ApprovalInput } from '../../../ui/components/manager-approval.js';
import { printReceipt } from './print-receipt.js';
import type { Invoice, TillReceipt, TillReceiptsReply } from './types.js';

export const VOID_APPROVAL_MESSAGE = "Voiding a sale needs a manager's approval";
const NO_APPROVAL: ApprovalInput = { username: '', password: '', reason: '' };
/** Below this width the POS is the phone layout: no focus on the search (it would pop the keyboard). */
const PHONE_WIDTH = 900;

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : 'The till could not reach the server');
const timeOf = (iso: string) => dateTimeText(iso).split(', ').pop() ?? '';
const methodsText = (r: TillReceipt) => (r.methods.length ? r.methods.map(methodText).join(' + ') : methodText(r.payment_method));

/** What the void paid back, by method, e.g. "Cash $218.00"; "Nothing (nothing was paid)" when none. */
export function paidBackText(inv: Pick<Invoice, 'refunds'>): string {
  const refunds = inv.refunds ?? [];
  return refunds.length ? refunds.map((r) => `${methodText(r.method)} ${money(r.amount)}`).join(', ') : 'Nothing (nothing was paid)';
}

/** One sale: number, time, customer, total, method(s), status; 'Reprint' and (unless void) 'Void'. */
function ReceiptRow({ r, onVoid }: { r: TillReceipt; onVoid: () => void }) {
  const [printing, setPrinting] = useState(false);
  const reprint = async () => {
    setPrinting(true);
    try {
      await printReceipt(r.id, { reprint: true });
    } finally {
      setPrinting(false);
    }
  };
  return (
    <li className="till-receipt" data-testid="till-receipt" data-number={r.number}>
      <div className="till-receipt-info">
        <strong>{r.number}</strong>
        <span className="till-receipt-time">{timeOf(r.date)}</span>
        <span className="till-receipt-customer">{r.customer_name}</span>
        <span className="num till-receipt-total">{money(r.amount_due)}</span>
        <span className="till-receipt-methods">{methodsText(r)}</span>
        <span className={`status-badge status-${r.payment_status}`} data-testid="till-receipt-status">
          {r.payment_status}
        </span>
        {r.payment_status === 'VOID' && r.amount_refunded > 0 ? <small className="till-receipt-refunded">Paid back {money(r.amount_refunded)}</small> : null}
      </div>
      <div className="till-receipt-actions">
        <button
          type="button"
          className="secondary outline"
          aria-label={`Reprint ${r.number}`}
          disabled={printing}
          aria-busy={printing || undefined}
          onClick={() => void reprint()}
        >
          Reprint
        </button>
        {r.payment_status === 'VOID' ? null : (
          <button type="button" className="secondary outline till-void-button" aria-label={`Void ${r.number}`} onClick={onVoid}>
            Void
          </button>
        )}
      </div>
    </li>
  );
}

/** The void of one sale: reason (and a manager's approval for a cashier), then what it did. */
function VoidPanel({ receipt, admin, onBack, onVoided }: { receipt: TillReceipt; admin: boolean; onBack: () => void; onVoided: (inv: Invoice) => void }) {
  const [value, setValue] = useState<ApprovalInput>(NO_APPROVAL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Invoice | null>(null);
  const reasonBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (admin) reasonBox.current?.focus();
  }, [admin]);

  const submit = async () => {
    if (busy || !value.reason.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const approval = admin ? undefined : { username: value.username.trim(), password: value.password };
      const r = await api.post<{ invoice: Invoice }>(`/api/till/receipts/${receipt.id}/void`, {
        reason: value.reason.trim(),
        ...(approval ? { approval } : {}),
      });
      setDone(r.invoice);
      onVoided(r.invoice);
    } catch (err) {
      setError(errorText(err));
      setValue((v) => ({ ...v, password: '' }));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="till-void-done" aria-label="Sale voided" data-testid="till-void-done">
        <p>
          <strong>{done.number}</strong> is now <span className="status-badge status-VOID">{done.payment_status}</span>
        </p>
        <dl className="till-void-facts">
          <dt>Paid back</dt>
          <dd data-testid="till-void-paid-back">{paidBackText(done)}</dd>
          <dt>Reason</dt>
          <dd>{done.void_reason}</dd>
          {done.void_approved_by ? (
            <>
              <dt>Approved by</dt>
              <dd data-testid="till-void-approver">{done.void_approved_by}</dd>
            </>
          ) : null}
        </dl>
        <button type="button" onClick={onBack}>
          Back to receipts
        </button>
      </section>
    );
  }

  return (
    <section className="till-void" aria-label={`Void ${receipt.number}`}>
      <p>
        Void <strong>{receipt.number}</strong> ({money(receipt.amount_due)}, {methodsText(receipt)})? What was paid is given back by the same method and the
        goods go back into stock.
      </p>
      {admin ? (
        <form
          className="till-void-admin"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label>
            Void reason
            <input
              ref={reasonBox}
              type="text"
              maxLength={200}
              value={value.reason}
              placeholder="e.g. Keyed in twice"
              onChange={(e) => setValue({ ...value, reason: e.target.value })}
            />
          </label>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy || !value.reason.trim()} aria-busy={busy || undefined}>
            Void sale
          </button>
        </form>
      ) : (
        <ManagerApproval
          message={VOID_APPROVAL_MESSAGE}
          value={value}
          onChange={setValue}
          onApprove={() => void submit()}
          busy={busy}
          error={error}
          reasonLabel="Void reason"
          reasonPlaceholder="e.g. Keyed in twice"
          actionLabel="Void sale"
        />
      )}
      <button type="button" className="secondary outline" onClick={onBack} disabled={busy}>
        Back
      </button>
    </section>
  );
}

/** The 'Receipts' button and its dialog (a default export: the shift bar loads it through its 'till-bar' slot). */
export default function TillReceipts() {
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<TillReceiptsReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<TillReceipt | null>(null);
  const wasOpen = useRef(false);

  const load = async () => {
    try {
      setList(await api.get<TillReceiptsReply>('/api/till/receipts'));
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  };

  // Closed: ready for the next scan (after the dialog's own focus restore, which runs first).
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && window.innerWidth >= PHONE_WIDTH) {
      const search = document.querySelector<HTMLInputElement>('input.pos-search');
      search?.focus({ preventScroll: true });
      search?.select();
    }
  }, [open]);

  const show = () => {
    setOpen(true);
    setVoiding(null);
    setList(null);
    void load();
  };
  const close = () => setOpen(false);
  const voided = (inv: Invoice) => {
    setList(
      (l) =>
        l && {
          ...l,
          receipts: l.receipts.map((r) =>
            r.id === inv.id
              ? {
                  ...r,
                  payment_status: inv.payment_status,
                  void_reason: inv.void_reason,
                  voided_at: inv.voided_at,
                  void_approved_by: inv.void_approved_by,
                  amount_refunded: inv.amount_refunded ?? 0,
                }
              : r,
          ),
        },
    );
  };

  const receipts = list?.receipts ?? [];
  const title = list ? `Receipts: ${list.till}, this shift (${receipts.length})` : 'Receipts: this shift';
  return (
    <>
      <button type="button" className="secondary till-receipts-button" onClick={show}>
        Receipts
      </button>
      {/* The dialog goes to <body>: the bar's compact button styles must not reach it. Not 'wide': the toasts keep to
          the sides of a 40rem dialog (ui/styles.css), never over its buttons. */}
      {open
        ? createPortal(
            <Modal title={title} open onClose={close}>
              <CheckoutStyles />
              <style>{css}</style>
              <div className="till-receipts" data-testid="till-receipts">
                {voiding ? (
                  <VoidPanel receipt={voiding} admin={admin} onBack={() => setVoiding(null)} onVoided={voided} />
                ) : error ? (
                  <p className="field-error" role="alert">
                    {error}
                  </p>
                ) : !list ? (
                  <p aria-busy="true">Loading receipts...</p>
                ) : receipts.length === 0 ? (
                  <p className="muted">No sales yet this shift.</p>
                ) : (
                  <ul className="till-receipt-list">
                    {receipts.map((r) => (
                      <ReceiptRow key={r.id} r={r} onVoid={() => setVoiding(r)} />
                    ))}
                    {list.more ? <li className="muted">Older sales of this shift: Invoices (owner).</li> : null}
                  </ul>
                )}
              </div>
            </Modal>,
            document.body,
          )
        : null}
    </>
  );
}

const css = `
.till-receipt-list { list-style: none; padding: 0; margin: 0; }
.till-receipt { list-style: none; display: flex; flex-wrap: wrap; align-items: center; gap: .35rem .75rem; padding: .4rem 0; margin: 0;
  border-bottom: 1px solid var(--pico-muted-border-color); min-height: 44px; }
.till-receipt-info { flex: 1 1 22rem; min-width: 0; display: grid; grid-template-columns: auto auto minmax(0, 1fr) auto; grid-template-areas:
  "num time customer total" "methods methods refunded status"; gap: .1rem .6rem; align-items: center; }
.till-receipt-info strong { grid-area: num; font-variant-numeric: tabular-nums; }
.till-receipt-time { grid-area: time; color: var(--pico-muted-color); }
.till-receipt-customer { grid-area: customer; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.till-receipt-total { grid-area: total; font-weight: 700; text-align: right; font-variant-numeric: tabular-nums; }
.till-receipt-methods { grid-area: methods; font-size: .85rem; }
.till-receipt-refunded { grid-area: refunded; text-align: right; }
.till-receipt-info .status-badge { grid-area: status; justify-self: end; }
.till-receipt-actions { display: flex; gap: .5rem; margin-left: auto; }
.till-receipt-actions button { width: auto; min-width: 5.5rem; min-height: 44px; margin: 0; padding: .3rem .8rem; }
.till-void-button { color: var(--kedai-error, #b71c1c); border-color: var(--kedai-error, #b71c1c); }
.till-void > button, .till-void-done > button, .till-void-admin button { width: auto; min-height: 44px; margin: 0 .5rem 0 0; }
.till-void .manager-approval button { min-height: 44px; }
.till-void input { min-height: 44px; }
.till-void-facts { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; }
.till-void-facts dt, .till-void-facts dd { margin: 0; }
.till-void-facts dd { font-weight: 600; }
@media (max-width: 600px) {
  .till-receipt-info { flex-basis: 100%; grid-template-columns: auto minmax(0, 1fr) auto; grid-template-areas:
    "num num total" "time customer status" "methods methods refunded"; }
  .till-receipt-actions { width: 100%; }
  .till-receipt-actions button { flex: 1 1 0; }
  .manager-approval .approval-fields { grid-template-columns: 1fr; }
}
`;
