// Pay In/Out: cash put into the drawer or taken out, with the reason (both kept on the shift's reports).
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { AmountInput } from '../../../ui/components/amount-input.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { parseAmount, MAX_MONEY_CENTS } from '../../../core/money.js';
import type { Shift } from './types.js';

export interface CashMovementModalProps {
  shift: Shift;
  onClose: () => void;
  onSaved: () => void;
}

/** The 'Pay In/Out' form: Type (pay out / pay in), Amount, Reason. */
export function CashMovementModal({ shift, onClose, onSaved }: CashMovementModalProps) {
  const [kind, setKind] = useState<'PAY_OUT' | 'PAY_IN'>('PAY_OUT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const submit = () => {
    const cents = parseAmount(amount);
    const found: typeof errors = {};
    if (cents === null || cents <= 0) found.amount = 'Please enter a valid amount';
    if (!reason.trim()) found.reason = 'Please enter a reason';
    setErrors(found);
    if (Object.keys(found).length) return;
    const what = kind === 'PAY_OUT' ? 'Pay-out' : 'Pay-in';
    return (async () => {
      try {
        await api.post(`/api/shifts/${shift.id}/cash-movements`, { kind, amount: cents! / 100, reason: reason.trim() });
        toast.success(`${what} of ${money(cents! / 100)} recorded`);
        onSaved();
      } catch (err) {
        toast.error(`Failed to record ${what.toLowerCase()}: ${err instanceof Error ? err.message : String(err)}`);
      }
    })();
  };

  return (
    <FormModal
      title={`Pay In/Out — ${shift.till}`}
      formId="cash-movement-form"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Record"
      busyLabel="Recording..."
    >
      <label>
        Type
        <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="PAY_OUT">Pay out (cash taken from the drawer)</option>
          <option value="PAY_IN">Pay in (cash put into the drawer)</option>
        </select>
      </label>
      <label htmlFor="movement-amount">Amount</label>
      <AmountInput id="movement-amount" max={MAX_MONEY_CENTS / 100} value={amount} onChange={setAmount} />
      {errors.amount ? (
        <small role="alert" className="text-danger">
          {errors.amount}
        </small>
      ) : null}
      <label>
        Reason
        <input
          type="text"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Milk for the pantry"
          aria-invalid={errors.reason ? true : undefined}
        />
      </label>
      {errors.reason ? (
        <small role="alert" className="text-danger">
          {errors.reason}
        </small>
      ) : null}
    </FormModal>
  );
}
