// The Apply Credit Note modal: the note's total, applied and available amounts; a picker of invoices that
// are not PAID; the chosen invoice's facts; the amount (clamped to what can be applied) and notes.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { useQuery } from '../../../ui/use-query.js';
import { AmountInput } from '../../../ui/components/amount-input.js';
import { FormModal, hasProblem, sendForm } from '../../../ui/components/form-modal.js';
import { APPLY_FAILED, APPLY_SUCCESS, WALK_IN, applyBody, applyError, canSubmit, clampAmount, invoiceOptionLabel, maxApplicable } from './credit-note-rules.js';
import type { CreditNote, OpenInvoice, OpenInvoiceList } from './types.js';

export interface ApplyModalProps {
  note: CreditNote;
  onClose: () => void;
  /** Called after the server applied the note (the caller reloads its list). */
  onApplied: () => void;
}

/** The modal; submits POST /api/returns/credit-notes/<id>/apply. */
export function ApplyModal({ note, onClose, onApplied }: ApplyModalProps) {
  const [invoiceId, setInvoiceId] = useState('');
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState('');

  // The server offers only the invoices this note may pay (its customer's; any for a walk-in's note).
  const open = useQuery(['credit-note-invoices', note.id], () =>
    api.get<OpenInvoiceList>('/api/returns/credit-notes/invoices', { pageSize: 200, credit_note_id: note.id }),
  );
  // The spec's picker: only invoices whose payment_status is not PAID.
  const invoices = (open.data?.invoices ?? []).filter((i) => i.payment_status !== 'PAID');
  const invoice: OpenInvoice | null = invoices.find((i) => String(i.id) === invoiceId) ?? null;
  const max = maxApplicable(note.available, invoice ? invoice.outstanding : null);

  const choose = (value: string) => {
    setInvoiceId(value);
    const inv = invoices.find((i) => String(i.id) === value);
    // Keep a typed amount within what this invoice can take.
    if (inv) setAmount((a) => clampAmount(a, maxApplicable(note.available, inv.outstanding)));
  };

  const submit = () =>
    hasProblem(applyError(note, invoice, amount))
      ? undefined
      : sendForm(
          () => api.post(`/api/returns/credit-notes/${note.id}/apply`, applyBody(note.id, invoice!.id, amount, notes)),
          APPLY_SUCCESS,
          APPLY_FAILED,
          onApplied,
        );

  return (
    <FormModal
      title="Apply Credit Note"
      formId="apply-credit-form"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Apply Credit"
      busyLabel="Applying..."
      submitDisabled={!canSubmit(invoice, amount)}
    >
      <dl className="facts">
        <dt>Credit Note</dt>
        <dd>
          <strong>{note.number}</strong>
        </dd>
        <dt>Total Amount</dt>
        <dd>{money(note.amount)}</dd>
        <dt>Applied Amount</dt>
        <dd>{money(note.applied_amount)}</dd>
        <dt>Available</dt>
        <dd>
          <strong>{money(note.available)}</strong>
        </dd>
      </dl>
      <label htmlFor="apply-invoice">
        Select Invoice
        <select id="apply-invoice" value={invoiceId} onChange={(e) => choose(e.target.value)} aria-busy={open.loading || undefined}>
          <option value="">{open.loading && !open.data ? 'Loading invoices...' : 'Choose an invoice...'}</option>
          {invoices.map((inv) => (
            <option key={inv.id} value={inv.id}>
              {invoiceOptionLabel(inv, money)}
            </option>
          ))}
        </select>
      </label>
      {open.data && invoices.length === 0 ? <p className="muted">No unpaid invoices</p> : null}
      {invoice ? (
        <dl className="facts selected-invoice">
          <dt>Invoice</dt>
          <dd>{invoice.number}</dd>
          <dt>Customer</dt>
          <dd>{invoice.customer?.name || WALK_IN}</dd>
          <dt>Total</dt>
          <dd>{money(invoice.grand_total)}</dd>
          <dt>Outstanding</dt>
          <dd>
            <strong>{money(invoice.outstanding)}</strong>
          </dd>
        </dl>
      ) : null}
      <label htmlFor="apply-amount">
        Amount to Apply
        <AmountInput id="apply-amount" max={max} value={amount} onChange={(text) => setAmount(clampAmount(text, max))} />
        <small>Maximum: {money(max)}</small>
      </label>
      <label htmlFor="apply-notes">
        Notes (optional)
        <textarea id="apply-notes" rows={2} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
    </FormModal>
  );
}
