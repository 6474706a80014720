// The customer form's values, validation (docs/spec.md §5) and request bodies, kept pure for tests.
import { isUen, UEN_RULE } from '../../../core/uen.js';
import type { Customer } from './types.js';

export interface CustomerFormValues {
  name: string;
  phone: string;
  email: string;
  company: string;
  uen: string;
  billing_address: string;
  credit_limit: string;
  credit_terms_days: string;
}

export type CustomerFormErrors = Partial<Record<keyof CustomerFormValues, string>>;

// Same shape the server accepts (ajv's "email" format): something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An empty form: credit limit and terms default to 0. */
export function emptyCustomerForm(): CustomerFormValues {
  return { name: '', phone: '', email: '', company: '', uen: '', billing_address: '', credit_limit: '0', credit_terms_days: '0' };
}

/** The form filled from a stored customer (for editing). */
export function formFromCustomer(c: Customer): CustomerFormValues {
  return {
    name: c.name,
    phone: c.phone ?? '',
    email: c.email ?? '',
    company: c.company ?? '',
    uen: c.uen ?? '',
    billing_address: c.billing_address ?? '',
    credit_limit: String(c.credit_limit),
    credit_terms_days: String(c.credit_terms_days),
  };
}

/** Field errors of the form; empty when it can be sent. */
export function validateCustomerForm(v: CustomerFormValues): CustomerFormErrors {
  const errors: CustomerFormErrors = {};
  if (!v.name.trim()) errors.name = 'Name is required';
  else if (v.name.trim().length > 200) errors.name = 'Name must be at most 200 characters';
  if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = 'Please enter a valid email address';
  if (v.uen.trim() && !isUen(v.uen)) errors.uen = `UEN must be ${UEN_RULE}`;
  const limit = Number(v.credit_limit);
  if (v.credit_limit.trim() !== '' && (!Number.isFinite(limit) || limit < 0)) errors.credit_limit = 'Credit limit must be at least 0';
  else if (limit > 1_000_000) errors.credit_limit = 'Credit limit must be at most $1,000,000.00';
  const terms = Number(v.credit_terms_days);
  if (v.credit_terms_days.trim() !== '' && (!Number.isInteger(terms) || terms < 0 || terms > 365)) {
    errors.credit_terms_days = 'Credit terms must be a whole number of days from 0 to 365';
  }
  return errors;
}

/** The POST/PATCH body; credit fields only when `withCredit` (a USER's edit leaves them out). */
export function customerBody(v: CustomerFormValues, withCredit: boolean) {
  const body: Record<string, string | number> = {
    name: v.name.trim(),
    phone: v.phone.trim(),
    email: v.email.trim(),
    company: v.company.trim(),
    uen: v.uen.trim().toUpperCase(),
    billing_address: v.billing_address.trim(),
  };
  if (withCredit) {
    body.credit_limit = Math.round(Number(v.credit_limit || 0) * 100) / 100;
    body.credit_terms_days = Number(v.credit_terms_days || 0);
  }
  return body;
}
