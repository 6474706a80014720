// The supplier form's values, validation (the server's own rules, checked first so bad input sends nothing)
// and request body, kept pure for tests.
import type { Supplier } from './types.js';

export interface SupplierFormValues {
  name: string;
  contact: string;
  phone: string;
  email: string;
  uen: string;
}

export type SupplierFormErrors = Partial<Record<keyof SupplierFormValues, string>>;

// The same patterns as CreateSupplierBody in ../schemas.ts.
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const UEN = /^[0-9A-Za-z]{9,10}$/;

/** An empty form (Add Supplier). */
export function emptySupplierForm(): SupplierFormValues {
  return { name: '', contact: '', phone: '', email: '', uen: '' };
}

/** The form filled from a stored supplier (Edit Supplier). */
export function formFromSupplier(s: Supplier): SupplierFormValues {
  return { name: s.name, contact: s.contact ?? '', phone: s.phone ?? '', email: s.email ?? '', uen: s.uen ?? '' };
}

/** Field errors of the form; empty when it can be sent. */
export function validateSupplierForm(v: SupplierFormValues): SupplierFormErrors {
  const errors: SupplierFormErrors = {};
  if (!v.name.trim()) errors.name = 'Supplier name is required';
  else if (v.name.trim().length > 200) errors.name = 'Supplier name must be at most 200 characters';
  if (v.contact.trim().length > 200) errors.contact = 'Contact person must be at most 200 characters';
  if (v.phone.trim().length > 50) errors.phone = 'Phone must be at most 50 characters';
  if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = 'Please enter a valid email address';
  if (v.uen.trim() && !UEN.test(v.uen.trim())) errors.uen = 'UEN must be 9 or 10 letters and digits (e.g. 201912345K)';
  return errors;
}

/** The POST/PATCH body: trimmed text; an emptied field is sent as '' so the server clears it. */
export function supplierBody(v: SupplierFormValues) {
  return { name: v.name.trim(), contact: v.contact.trim(), phone: v.phone.trim(), email: v.email.trim(), uen: v.uen.trim() };
}
