// Joining at the till (#29): a new customer with just a name and a phone number (POST /api/customers, which staff
// may call; no credit), then picked for the sale. A phone number already on file is offered instead of a second record.
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { PHONE_TEXT, phoneKey } from '../../../core/phone.js';
import type { CustomerSummary } from './types.js';

/** Why the join form cannot be sent (field -> message); empty when it can. */
export function joinProblems(name: string, phone: string): { name?: string; phone?: string } {
  const out: { name?: string; phone?: string } = {};
  if (!name.trim()) out.name = 'Name is required';
  else if (name.trim().length > 200) out.name = 'Name must be at most 200 characters';
  const digits = phone.replace(/\D/g, '');
  if (!phone.trim()) out.phone = 'Phone is required';
  else if (!PHONE_TEXT.test(phone.trim()) || digits.length < 8 || phone.trim().length > 50) out.phone = 'Please enter a valid phone number';
  return out;
}

export interface JoinCustomerProps {
  /** The new customer (or the one who already has the number, when the cashier picks them). */
  onJoined: (customer: CustomerSummary) => void;
  onCancel: () => void;
}

/** 'New customer': name + phone, Add (or Cancel). */
export function JoinCustomer({ onJoined, onCancel }: JoinCustomerProps) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  const [existing, setExisting] = useState<CustomerSummary | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    const problems = joinProblems(name, phone);
    setErrors(problems);
    setExisting(null);
    if (problems.name || problems.phone) return;
    setBusy(true);
    try {
      // One member per number: a customer already on file with it is offered, not added twice.
      const found = (await api.get<{ customers: CustomerSummary[] }>('/api/customers', { search: phone.trim(), pageSize: 20 })).customers;
      const same = found.find((c) => c.phone && phoneKey(c.phone) === phoneKey(phone));
      if (same) {
        setExisting(same);
        return;
      }
      const res = await api.post<{ customer: CustomerSummary }>('/api/customers', { name: name.trim(), phone: phone.trim() });
      toast.success(`Customer ${res.customer.name} added successfully!`);
      onJoined(res.customer);
    } catch (err) {
      // A refusal naming a field shows at that field; the toast keeps the SPEC's text.
      const field = err instanceof ApiError && err.status === 400 ? (err.details as { field?: string } | undefined)?.field : undefined;
      if (field === 'name' || field === 'phone') setErrors({ [field]: (err as ApiError).message });
      toast.error('Failed to add customer');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="join-customer" aria-label="New customer" noValidate onSubmit={(e) => void submit(e)}>
      <p className="join-title">
        <strong>New customer</strong> <small className="muted">name and phone number</small>
      </p>
      <div className="join-fields">
        <label>
          Name
          <input
            type="text"
            name="join-name"
            maxLength={200}
            autoComplete="off"
            value={name}
            aria-invalid={errors.name ? true : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {errors.name ? <small className="error-text">{errors.name}</small> : null}
        </label>
        <label>
          Phone
          <input
            type="tel"
            name="join-phone"
            maxLength={50}
            autoComplete="off"
            inputMode="tel"
            placeholder="+65 9123 4567"
            value={phone}
            aria-invalid={errors.phone ? true : undefined}
            onChange={(e) => setPhone(e.target.value)}
          />
          {errors.phone ? <small className="error-text">{errors.phone}</small> : null}
        </label>
      </div>
      {existing ? (
        <p role="alert" className="join-existing">
          <small>
            {existing.name} already has this phone number ({existing.phone}).
          </small>{' '}
          <button type="button" className="outline" onClick={() => onJoined(existing)}>
            Use {existing.name}
          </button>
        </p>
      ) : null}
      <div className="join-actions">
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Adding...' : 'Add customer'}
        </button>
      </div>
    </form>
  );
}
