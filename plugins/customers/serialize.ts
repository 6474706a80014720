// Customer rows -> the API's JSON (money in dollars, overdue as a boolean).
import { toDollars } from '../../core/money.js';
import type { CustomerRow, OpenInvoiceRow } from './repo.js';
import type { Customer, OpenInvoice } from './schemas.js';

/** The customer JSON every customer route returns. */
export function customerJson(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    uen: row.uen,
    billing_address: row.billing_address,
    credit_limit: toDollars(row.credit_limit_cents),
    credit_terms_days: row.credit_terms_days,
    outstanding_balance: toDollars(row.outstanding_cents),
    overdue: row.overdue === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** One unpaid invoice in the customer detail. */
export function openInvoiceJson(row: OpenInvoiceRow): OpenInvoice {
  return {
    id: row.invoice_id,
    number: row.number,
    date: row.date,
    due_date: row.due_date,
    grand_total: toDollars(row.grand_total_cents),
    outstanding: toDollars(row.outstanding_cents),
  };
}
