// Voiding an invoice from its detail modal (ADMIN): a reason is required, the browser confirms, then
// POST /api/invoices/:id/void (the server refunds its payments and puts the goods back on the shelf).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import type { Invoice } from './types.js';

export const VOID_REASON_REQUIRED = 'Please enter a reason for voiding this invoice';
export const VOID_FAILED = 'Failed to void invoice';

/** The confirmation question: what voiding does to this invoice. */
export function voidQuestion(inv: Pick<Invoice, 'number' | 'amount_paid'>): string {
  const refund = inv.amount_paid > 0 ? ` ${money(inv.amount_paid)} paid on it is refunded by the method it came in, and` : '';
  return `Void invoice ${inv.number}?${refund} the goods go back into stock. This cannot be undone.`;
}

/** The reason box and 'Confirm Void'; `onVoided` gets the voided invoice. */
export function VoidInvoiceForm({ invoice, onCancel, onVoided }: { invoice: Invoice; onCancel: () => void; onVoided: (inv: Invoice) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // The form opens under the invoice's details: bring it into view and let the owner type at once.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
    box.current?.focus();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setError(VOID_REASON_REQUIRED);
      return;
    }
    setError(null);
    if (!(await confirmDialog(voidQuestion(invoice)))) return;
    setBusy(true);
    try {
      const res = await api.post<{ invoice: Invoice }>(`/api/invoices/${invoice.id}/void`, { reason: reason.trim() });
      toast.success(`Invoice ${invoice.number} voided`);
      onVoided(res.invoice);
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? `${VOID_FAILED}: ${err.message}` : VOID_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="void-form" noValidate onSubmit={submit} aria-label="Void invoice">
      <label htmlFor="void-reason">
        Void reason *
        <textarea
          ref={box}
          id="void-reason"
          rows={2}
          maxLength={500}
          value={reason}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'void-reason-error' : undefined}
          placeholder="e.g. Keyed in twice, customer cancelled"
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setError(null);
          }}
        />
        {error ? (
          <small id="void-reason-error" className="field-error" role="alert">
            {error}
          </small>
        ) : null}
      </label>
      <div style={{ display: 'flex', gap: '.5rem', justifyContent: 'flex-end', paddingBottom: '.25rem' }}>
        <button type="button" className="secondary" style={{ width: 'auto' }} onClick={onCancel} disabled={busy}>
          Keep Invoice
        </button>
        <button type="submit" style={{ width: 'auto', background: '#b71c1c', borderColor: '#b71c1c' }} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Voiding...' : 'Confirm Void'}
        </button>
      </div>
    </form>
  );
}
