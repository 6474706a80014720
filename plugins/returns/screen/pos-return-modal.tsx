// #26.3 the POS's Return (the POS's slot 'pos-return', props PosReturnProps from sales' schemas.ts): scan the receipt's barcode (or type the invoice number) into the focused field and Enter,
// see each line with what may still come back, pick quantities and reasons, choose the refund (credit note, cash,
// NETS, PayNow with its reference) and Refund (POST /api/returns). Outside the refund window or without the receipt
// the server asks for a manager's approval, typed in place; then the refund slip prints (printer, else browser).
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { ScanLookup } from '../../../ui/components/scan-lookup.js';
import { toast } from '../../../ui/toast.js';
import { ManagerApproval, type ApprovalInput } from '../../../ui/components/manager-approval.js';
import type { PosReturnProps } from '../../sales/schemas.js';
import { ChoiceSelect } from './choice-select.js';
import { ReasonSelect } from './reason-select.js';
import {
  backRefundCents,
  dollars,
  needsReference,
  pickInvoice,
  REFUND_METHODS,
  refundCents,
  refundDoneText,
  returnBody,
  returnProblem,
  type BackItem,
  type RefundMethod,
} from './pos-return-rules.js';
import { printRefundSlip } from './print-refund-slip.js';
import { paidText } from './return-rules.js';
import type { CreatedReturn, ReturnableInvoice, ReturnableInvoiceList } from './types.js';

/** The server asks for a manager's approval (outside the refund window, no receipt): 403 APPROVAL_REQUIRED. */
const needsApproval = (err: unknown) => err instanceof ApiError && err.status === 403 && err.code === 'APPROVAL_REQUIRED';

const css = `
/* #26.3 the Return dialog: one row per invoice line (name and size, then quantity, reason and refund), finger-sized. */
.return-action, .return-body .note-lookup button { min-height: 44px; }
.return-no-receipt { display: flex; align-items: center; gap: .5rem; min-height: 44px; }
.return-no-receipt input { margin: 0; width: 1.4rem; height: 1.4rem; }
.return-hits, .pos-return-lines { list-style: none; padding: 0; margin: .4rem 0; }
.return-hits li, .pos-return-lines li { list-style: none; }
.return-hits button { width: 100%; min-height: 44px; text-align: left; margin: 0 0 .3rem; }
.return-line { display: grid; grid-template-columns: minmax(0, 1fr) 5rem minmax(8rem, 12rem) 6rem; align-items: center; gap: .5rem; padding: .35rem 0; border-bottom: 1px solid var(--pico-muted-border-color); }
.return-line input, .return-line select { margin: 0; min-height: 44px; }
.return-line-none { opacity: .6; }
.return-line-size { white-space: nowrap; }
.return-line-amount { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.return-how { display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
.return-how label { flex: 1 1 12rem; }
.pos-return-total { font-size: 1.2rem; text-align: right; margin: .3rem 0; }
.return-done p { margin: .3rem 0; }
.return-code strong { font-size: 1.4rem; letter-spacing: .08em; }
@media (max-width: 640px) {
  .return-line { grid-template-columns: 4.5rem minmax(0, 1fr) auto; grid-template-areas: "name name name" "qty reason amount"; }
  .return-line-name { grid-area: name; }
  .return-line input { grid-area: qty; }
  .return-line select { grid-area: reason; }
  .return-line-amount { grid-area: amount; }
}
`;

const NO_APPROVAL: ApprovalInput = { username: '', password: '', reason: '' };

/** The Return dialog. */
export default function PosReturnModal({ open, onClose }: PosReturnProps) {
  const [number, setNumber] = useState('');
  const [hits, setHits] = useState<ReturnableInvoice[]>([]);
  const [invoice, setInvoice] = useState<ReturnableInvoice | null>(null);
  const [back, setBack] = useState<BackItem[]>([]);
  const [method, setMethod] = useState<RefundMethod>('CREDIT_NOTE');
  const [reference, setReference] = useState('');
  const [noReceipt, setNoReceipt] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's "needs a manager's approval" message while the prompt is shown, and what was typed in it.
  const [approvalAsked, setApprovalAsked] = useState<string | null>(null);
  const [approval, setApproval] = useState<ApprovalInput>(NO_APPROVAL);
  const [done, setDone] = useState<CreatedReturn | null>(null);
  const linesRef = useRef<HTMLUListElement>(null);

  // Cleared as it closes, so it opens clean (and the dialog's first field, the invoice number, takes the focus).
  useEffect(() => {
    if (open) return;
    setNumber('');
    setHits([]);
    setInvoice(null);
    setBack([]);
    setMethod('CREDIT_NOTE');
    setReference('');
    setNoReceipt(false);
    setProblem(null);
    setApprovalAsked(null);
    setApproval(NO_APPROVAL);
    setDone(null);
  }, [open]);

  const totalCents = refundCents(invoice, back);
  const blocker = returnProblem({ invoice, back, method, reference });

  const choose = (hit: ReturnableInvoice) => {
    setInvoice(hit);
    setHits([]);
    setBack(hit.items.map(() => ({ qty: 0, reason: '' })));
    setApprovalAsked(null);
  };

  // A new invoice found: ready for the quantity of the first line that can still come back.
  useEffect(() => {
    if (invoice) linesRef.current?.querySelector<HTMLInputElement>('input[type=number]:not([disabled])')?.focus();
  }, [invoice]);

  const find = async () => {
    const typed = number.trim();
    if (!typed) return;
    setProblem(null);
    try {
      const r = await api.get<ReturnableInvoiceList>('/api/returns/invoices', { search: typed, pageSize: 8 });
      const hit = pickInvoice(typed, r.invoices);
      if (hit) choose(hit);
      else if (r.invoices.length > 1) {
        setInvoice(null);
        setHits(r.invoices);
      } else {
        setInvoice(null);
        setHits([]);
        setProblem(`No invoice ${typed} with items left to return`);
      }
    } catch {
      setProblem('Could not look up the invoice. Please try again.');
    }
  };

  const setLine = (i: number, patch: Partial<BackItem>) => setBack((all) => all.map((b, j) => (j === i ? { ...b, ...patch } : b)));

  const refund = async (withApproval: boolean) => {
    if (busy || !invoice) return;
    if (blocker) {
      toast.error(blocker);
      return;
    }
    setBusy(true);
    try {
      const creds = withApproval ? { username: approval.username.trim(), password: approval.password } : null;
      const reply = await api.post<CreatedReturn>('/api/returns', returnBody({ invoice, back, method, reference, noReceipt, approval: creds }));
      setApprovalAsked(null);
      setApproval(NO_APPROVAL);
      setDone(reply);
      toast.success(`Refund complete. ${refundDoneText(reply)}`);
      void printRefundSlip(reply.returns[0].id);
    } catch (err) {
      if (needsApproval(err)) setApprovalAsked((err as ApiError).message);
      else {
        // A wrong manager password: the prompt stays, emptied, for another try.
        if (withApproval) setApproval((a) => ({ ...a, password: '' }));
        toast.error(err instanceof ApiError && err.status < 500 && err.message ? err.message : 'Refund failed. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const footer = done ? (
    <>
      <button type="button" className="secondary return-action" onClick={() => void printRefundSlip(done.returns[0].id, { reprint: true })}>
        Print slip again
      </button>
      <button type="button" className="return-action" onClick={onClose}>
        Done
      </button>
    </>
  ) : (
    <>
      <button type="button" className="secondary return-action" onClick={onClose} disabled={busy}>
        Cancel
      </button>
      <button
        type="button"
        className="return-action"
        onClick={() => void refund(false)}
        disabled={busy || !!blocker || approvalAsked !== null}
        aria-busy={busy || undefined}
      >
        {busy ? 'Processing...' : `Refund ${money(dollars(totalCents))}`}
      </button>
    </>
  );

  return (
    <Modal
      title="Return"
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={footer}
      wide
    >
      <style>{css}</style>
      {done ? (
        <div className="return-done" role="status" data-testid="return-done">
          <p>
            <strong>Refund complete</strong> · {invoice?.number}
          </p>
          <p>{refundDoneText(done)}</p>
          {done.creditNote?.redemption_code ? (
            <p className="return-code">
              Credit note code <strong data-testid="return-code">{done.creditNote.redemption_code}</strong>
            </p>
          ) : null}
        </div>
      ) : (
        <div className="return-body">
          <ScanLookup
            label="Invoice"
            ariaLabel="Invoice number"
            placeholder="Scan the receipt or type the invoice number"
            maxLength={60}
            value={number}
            onChange={setNumber}
            onSubmit={() => void find()}
            button="Find"
          />
          <label className="return-no-receipt">
            <input
              type="checkbox"
              checked={noReceipt}
              onChange={(e) => {
                setNoReceipt(e.target.checked);
                setApprovalAsked(null);
              }}
            />
            No receipt (sale found by searching)
          </label>
          {problem ? (
            <p className="error-text" role="alert">
              <small>{problem}</small>
            </p>
          ) : null}
          {hits.length ? (
            <ul className="return-hits" aria-label="Matching invoices">
              {hits.map((h) => (
                <li key={h.id}>
                  <button type="button" className="secondary outline" onClick={() => choose(h)}>
                    <strong>{h.number}</strong> · {h.customer?.name || 'Walk-in Customer'} · {money(h.grand_total)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}

          {invoice ? (
            <>
              <p className="return-invoice">
                <strong>{invoice.number}</strong> · {invoice.customer?.name || 'Walk-in Customer'} · Total {money(invoice.grand_total)}
              </p>
              <ul className="pos-return-lines" ref={linesRef} aria-label="Lines on the invoice">
                {invoice.items.map((line, i) => {
                  const b = back[i] ?? { qty: 0, reason: '' };
                  const none = line.returnable_qty <= 0;
                  return (
                    <li key={line.id} className={none ? 'return-line return-line-none' : 'return-line'} data-testid="return-line">
                      <span className="return-line-name">
                        {line.description}
                        {line.size ? <strong className="return-line-size"> Size {line.size}</strong> : null}
                        <small> · {none ? 'all returned' : `${line.returnable_qty} of ${line.qty} may come back`}</small>
                        <small className="return-line-paid"> · {paidText(line)}</small>
                      </span>
                      <input
                        type="number"
                        min={0}
                        max={line.returnable_qty}
                        step={1}
                        inputMode="numeric"
                        aria-label={`Quantity back of ${line.description}`}
                        disabled={none}
                        value={b.qty}
                        onChange={(e) => setLine(i, { qty: Math.max(0, Math.min(line.returnable_qty, Math.floor(Number(e.target.value) || 0))) })}
                      />
                      <ReasonSelect label={`Reason for ${line.description}`} value={b.reason} disabled={none} onChange={(reason) => setLine(i, { reason })} />
                      <span className="return-line-amount">{money(dollars(backRefundCents(line, b.qty)))}</span>
                    </li>
                  );
                })}
              </ul>
              <div className="return-how">
                <ChoiceSelect
                  label="Refund by"
                  value={method}
                  choices={REFUND_METHODS}
                  onChange={(choice: RefundMethod) => {
                    setMethod(choice);
                    setReference('');
                  }}
                />
                {needsReference(method) ? (
                  <label>
                    Reference
                    <input
                      type="text"
                      maxLength={200}
                      aria-label="Refund reference"
                      value={reference}
                      onChange={(e) => setReference(e.target.value)}
                      placeholder={method === 'NETS' ? 'NETS approval code' : 'PayNow transfer reference'}
                    />
                  </label>
                ) : null}
              </div>
              <p className="pos-return-total">
                Refund <strong data-testid="return-total">{money(dollars(totalCents))}</strong>
              </p>
              {approvalAsked ? (
                <ManagerApproval
                  message={approvalAsked}
                  value={approval}
                  onChange={setApproval}
                  onApprove={() => void refund(true)}
                  busy={busy}
                  reasonLabel={null}
                />
              ) : null}
              {blocker ? (
                <p className="muted">
                  <small>{blocker}</small>
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
