// The Record Payment modal: method, amount (capped at the balance), optional reference (PayNow fills one).
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { AmountInput } from '../../../ui/components/amount-input.js';
import { FormModal, hasProblem, sendForm } from '../../../ui/components/form-modal.js';
import {
  PAYMENT_FAILED,
  PAYMENT_METHODS,
  capAmount,
  paymentBody,
  paymentError,
  paymentSuccessMessage,
  referenceForMethod,
  type PaymentMethod,
} from './payment-rules.js';
import type { Customer } from './types.js';

export interface PaymentModalProps {
  customer: Pick<Customer, 'id' | 'name' | 'outstanding_balance'>;
  onClose: () => void;
  /** Called after the server recorded the payment (the caller reloads its lists). */
  onPaid: () => void;
}

/** Records a customer payment through POST /api/customers/<id>/payments. */
export function PaymentModal({ customer, onClose, onPaid }: PaymentModalProps) {
  const outstanding = customer.outstanding_balance;
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');

  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next);
    setReference((current) => referenceForMethod(next, current));
  };

  const submit = () => {
    if (hasProblem(paymentError(amount, outstanding))) return;
    const body = paymentBody(method, amount, reference);
    return sendForm(() => api.post(`/api/customers/${customer.id}/payments`, body), paymentSuccessMessage(body.amount), PAYMENT_FAILED, onPaid);
  };

  return (
    <FormModal title="Record Payment" formId="record-payment-form" onClose={onClose} onSubmit={submit} submitLabel="Record Payment" busyLabel="Recording...">
      <p>
        <strong>{customer.name}</strong>
        <br />
        Outstanding Balance: <strong className="text-danger">{money(outstanding)}</strong>
      </p>
      <label htmlFor="payment-method">
        Payment Method
        <select id="payment-method" name="method" value={method} onChange={(e) => chooseMethod(e.target.value as PaymentMethod)}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor="payment-amount">
        Amount (max {money(outstanding)})
        <AmountInput id="payment-amount" max={outstanding} value={amount} onChange={(text) => setAmount(capAmount(text, outstanding))} />
      </label>
      <label htmlFor="payment-reference">
        Reference (optional)
        <input id="payment-reference" name="reference" type="text" maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />
      </label>
    </FormModal>
  );
}
