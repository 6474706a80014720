// The customer form fields (Add and Edit): contact details and, when allowed, credit limit and terms.
import type { CustomerFormErrors, CustomerFormValues } from './customer-form-rules.js';

export interface CustomerFormProps {
  values: CustomerFormValues;
  errors: CustomerFormErrors;
  onChange: (values: CustomerFormValues) => void;
  /** False for a USER: the credit fields are shown read-only (only an ADMIN may set them). */
  creditEditable: boolean;
}

/** The customer fields; errors show under their field. */
export function CustomerForm({ values, errors, onChange, creditEditable }: CustomerFormProps) {
  const field = (key: keyof CustomerFormValues) => ({
    id: `customer-${key}`,
    name: key,
    value: values[key],
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
  });
  const error = (key: keyof CustomerFormValues) => (errors[key] ? <small className="field-error">{errors[key]}</small> : null);

  return (
    <>
      <label htmlFor="customer-name">
        Name *
        <input {...field('name')} type="text" maxLength={200} placeholder="Customer name" autoComplete="off" />
        {error('name')}
      </label>
      <div className="grid">
        <label htmlFor="customer-phone">
          Phone
          <input {...field('phone')} type="tel" maxLength={50} placeholder="+65 9123 4567" />
          {error('phone')}
        </label>
        <label htmlFor="customer-email">
          Email
          <input {...field('email')} type="email" maxLength={254} placeholder="name@example.com" />
          {error('email')}
        </label>
      </div>
      <div className="grid">
        <label htmlFor="customer-company">
          Company
          <input {...field('company')} type="text" maxLength={200} />
          {error('company')}
        </label>
        <label htmlFor="customer-uen">
          UEN
          <input {...field('uen')} type="text" maxLength={10} placeholder="201912345K" />
          {error('uen')}
        </label>
      </div>
      <label htmlFor="customer-billing_address">
        Billing Address
        <textarea {...field('billing_address')} rows={2} maxLength={2000} />
        {error('billing_address')}
      </label>
      <div className="grid">
        <label htmlFor="customer-credit_limit">
          Credit Limit ($)
          <input {...field('credit_limit')} type="number" min={0} step={0.01} disabled={!creditEditable} />
          {error('credit_limit')}
        </label>
        <label htmlFor="customer-credit_terms_days">
          Credit Terms (days)
          <input {...field('credit_terms_days')} type="number" min={0} max={365} step={1} disabled={!creditEditable} />
          {error('credit_terms_days')}
        </label>
      </div>
      {creditEditable ? null : <small>Only an admin can set the credit limit and credit terms.</small>}
    </>
  );
}
