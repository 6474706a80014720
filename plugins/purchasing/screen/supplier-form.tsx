// The supplier form fields (Add and Edit): name, contact person, phone, email, UEN.
import type { SupplierFormErrors, SupplierFormValues } from './supplier-form-rules.js';

export interface SupplierFormProps {
  values: SupplierFormValues;
  errors: SupplierFormErrors;
  onChange: (values: SupplierFormValues) => void;
}

/** The fields; an error shows under its field. */
export function SupplierForm({ values, errors, onChange }: SupplierFormProps) {
  const field = (key: keyof SupplierFormValues) => ({
    id: `supplier-${key}`,
    name: key,
    value: values[key],
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
  });
  const error = (key: keyof SupplierFormValues) =>
    errors[key] ? (
      <small className="field-error" data-error-for={key}>
        {errors[key]}
      </small>
    ) : null;

  return (
    <>
      <label htmlFor="supplier-name">
        Supplier Name *
        <input {...field('name')} type="text" maxLength={200} placeholder="e.g. Bata Distributors Pte Ltd" autoComplete="off" />
        {error('name')}
      </label>
      <label htmlFor="supplier-contact">
        Contact Person
        <input {...field('contact')} type="text" maxLength={200} autoComplete="off" />
        {error('contact')}
      </label>
      <div className="grid">
        <label htmlFor="supplier-phone">
          Phone
          <input {...field('phone')} type="tel" maxLength={50} placeholder="+65 6123 4567" />
          {error('phone')}
        </label>
        <label htmlFor="supplier-email">
          Email
          <input {...field('email')} type="email" maxLength={200} placeholder="orders@example.com" />
          {error('email')}
        </label>
      </div>
      <label htmlFor="supplier-uen">
        UEN
        <input {...field('uen')} type="text" maxLength={10} placeholder="201912345K" />
        {error('uen')}
      </label>
    </>
  );
}
