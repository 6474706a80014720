// Request bodies -> customer columns: texts trimmed, empty texts stored as NULL, dollars -> cents.
import { badRequest } from '../../core/errors.js';
import { toCents } from '../../core/money.js';
import { isUen, normalUen, UEN_RULE } from '../../core/uen.js';
import type { CreateCustomerBody, UpdateCustomerBody } from './schemas.js';
import type { CustomerFields, CustomerRow } from './repo.js';

const TEXT_FIELDS = ['phone', 'email', 'company', 'uen', 'billing_address'] as const;

function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function requiredName(value: string): string {
  const name = value.trim();
  // The schema bounds the length; a name of only spaces is still no name.
  if (!name) throw badRequest('name is required', 'name');
  return name;
}

/** A UEN as stored (upper case), null for none; 400 naming `uen` when it is not 9 or 10 letters and digits. */
function optionalUen(value: string | null | undefined): string | null {
  const uen = normalUen(value);
  if (uen !== null && !isUen(uen)) throw badRequest(`uen must be ${UEN_RULE}`, 'uen');
  return uen;
}

/** Columns for a new customer (credit defaults to 0 limit, 0 days). */
export function fieldsForCreate(body: CreateCustomerBody): CustomerFields {
  return {
    name: requiredName(body.name),
    phone: optionalText(body.phone),
    email: optionalText(body.email),
    company: optionalText(body.company),
    uen: optionalUen(body.uen),
    billing_address: optionalText(body.billing_address),
    credit_limit_cents: toCents(body.credit_limit ?? 0),
    credit_terms_days: body.credit_terms_days ?? 0,
  };
}

/** Columns after applying a partial update to the stored row (absent fields keep their value). */
export function fieldsForUpdate(row: CustomerRow, body: UpdateCustomerBody): CustomerFields {
  const fields: CustomerFields = {
    name: body.name === undefined ? row.name : requiredName(body.name),
    phone: row.phone,
    email: row.email,
    company: row.company,
    uen: row.uen,
    billing_address: row.billing_address,
    credit_limit_cents: body.credit_limit === undefined ? row.credit_limit_cents : toCents(body.credit_limit),
    credit_terms_days: body.credit_terms_days ?? row.credit_terms_days,
  };
  for (const key of TEXT_FIELDS) if (body[key] !== undefined) fields[key] = optionalText(body[key]);
  if (body.uen !== undefined) fields.uen = optionalUen(body.uen);
  return fields;
}

/** Whether an update changes the credit limit or terms (which only an ADMIN may do). */
export function changesCredit(row: CustomerRow, next: CustomerFields): boolean {
  return next.credit_limit_cents !== row.credit_limit_cents || next.credit_terms_days !== row.credit_terms_days;
}
