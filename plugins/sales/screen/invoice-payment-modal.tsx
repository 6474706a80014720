// The Pay form of an unpaid invoice: method, amount (capped at the outstanding balance), reference.
import { useEffect, useState } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { Modal } from '../../../ui/components/modal.js';
import { toast } from '../../../ui/toast.js';
import {
  capPayment,
  INVOICE_PAYMENT_METHODS,
  invoicePaymentBody,
  PAYMENT_FAILED,
  paymentProblem,
  paymentRecordedMessage,
  payReference,
  type InvoicePaymentMethod,
} from './invoice-rules.js';
import type { Invoice } from './types.js';

export interface InvoicePaymentModalProps {
  invoice: Invoice | null;
  onClose: () => void;
  onPaid: () => void;
}

/** Posts POST /api/invoices/<id>/payments and reports with the spec's toasts. */
export function InvoicePaymentModal({ invoice, onClose, onPaid }: InvoicePaymentModalProps) {
  const [method, setMethod] = useState<InvoicePaymentMethod>('CASH');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!invoice) return;
    setMethod('CASH');
    setAmount(invoice.outstanding.toFixed(2));
    setReference('');
    setTouched(false);
  }, [invoice]);

  if (!invoice) return null;
  const problem = paymentProblem(amount, invoice.outstanding);

  const chooseMethod = (m: InvoicePaymentMethod) => {
    setMethod(m);
    // PayNow gets a generated reference unless one was typed; leaving PayNow drops the generated one.
    if (m === 'PAYNOW' && !reference.trim()) setReference(payReference());
    else if (m !== 'PAYNOW' && /^PAY-\d+$/.test(reference)) setReference('');
  };

  const submit = async () => {
    setTouched(true);
    if (problem || busy) {
      if (problem) toast.error(problem);
      return;
    }
    const body = invoicePaymentBody(method, amount, reference);
    setBusy(true);
    try {
      await api.post(`/api/invoices/${invoice.id}/payments`, body);
      toast.success(paymentRecordedMessage(body.amount));
      onClose();
      onPaid();
    } catch {
      toast.error(PAYMENT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="secondary" onClick={onClose} disabled={busy}>
        Cancel
      </button>
      <button type="button" onClick={() => void submit()} disabled={busy || !!problem} aria-busy={busy}>
        {busy ? 'Recording...' : 'Record Payment'}
      </button>
    </>
  );

  return (
    <Modal
      title="Record Payment"
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={footer}
    >
      <p>
        Invoice <strong>{invoice.number}</strong> · {invoice.customer.name}
        <br />
        Total {money(invoice.grand_total)} · Outstanding <strong data-testid="pay-outstanding">{money(invoice.outstanding)}</strong>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          Payment method
          <select value={method} onChange={(e) => chooseMethod(e.target.value as InvoicePaymentMethod)}>
            {INVOICE_PAYMENT_METHODS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Amount
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            max={invoice.outstanding}
            value={amount}
            aria-invalid={touched && problem ? true : undefined}
            onChange={(e) => {
              setAmount(capPayment(e.target.value, invoice.outstanding));
              setTouched(true);
            }}
          />
          <small>Maximum {money(invoice.outstanding)}</small>
        </label>
        {touched && problem ? (
          <p className="error-text">
            <small>{problem}</small>
          </p>
        ) : null}
        <label>
          Reference (optional)
          <input type="text" maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />
        </label>
      </form>
    </Modal>
  );
}
