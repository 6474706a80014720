// Credit-note rows -> the API's credit note JSON: dollars, the original invoice, applications and lines.
import { toDollars } from '../../core/money.js';
import type { ApplicationRow, CreditNoteLineRow, CreditNoteRow, OpenInvoiceRow } from './repo.js';
import type { Application, BearerNoteRef, CreditNote, OpenInvoice } from './schemas.js';

/** One application of the note to an invoice. */
export function applicationJson(a: ApplicationRow): Application {
  return {
    id: a.id,
    invoice: { id: a.invoice_id, number: a.invoice_number },
    invoice_id: a.invoice_id,
    applied_at: a.applied_at,
    amount: toDollars(a.amount_cents),
    notes: a.notes,
    created_by: a.created_by_username,
  };
}

/** One credited line: amount excluding GST, the GST on it, and their total. */
export function noteLineJson(l: CreditNoteLineRow): CreditNote['lines'][number] {
  return {
    id: l.id,
    invoice_line_id: l.invoice_line_id,
    product_id: l.product_id,
    description: l.description,
    sku: l.sku,
    size: l.size,
    qty: l.qty,
    amount: toDollars(l.amount_cents),
    tax: toDollars(l.tax_cents),
    total: toDollars(l.amount_cents + l.tax_cents),
  };
}

/** The full credit note. */
export function creditNoteJson(row: CreditNoteRow, lines: CreditNoteLineRow[], applications: ApplicationRow[]): CreditNote {
  return {
    id: row.id,
    number: row.number,
    date: row.created_at,
    business_date: row.business_date,
    status: row.status,
    source: row.source,
    reason: row.reason,
    amount: toDollars(row.amount_cents),
    applied_amount: toDollars(row.applied_cents),
    available: toDollars(row.amount_cents - row.applied_cents),
    notes: row.notes,
    subtotal: toDollars(row.subtotal_cents),
    tax: toDollars(row.tax_cents),
    invoice_id: row.invoice_id,
    invoice: {
      id: row.invoice_id,
      number: row.invoice_number,
      date: row.invoice_created_at,
      business_date: row.invoice_business_date,
      grand_total: toDollars(row.invoice_grand_total_cents),
      customer: { name: row.invoice_customer_name },
    },
    customer: row.customer_id === null ? null : { id: row.customer_id, name: row.invoice_customer_name },
    redemption_code: row.redemption_code,
    applications: applications.map(applicationJson),
    lines: lines.map(noteLineJson),
    created_at: row.created_at,
    created_by: row.created_by_username,
  };
}

/** A walk-in's note as a USER sees it by its number alone: which note, not what it is worth (#25). */
export function bearerNoteRefJson(row: CreditNoteRow): BearerNoteRef {
  return { id: row.id, number: row.number, date: row.created_at, business_date: row.business_date, customer: null, code_required: true };
}

/** An invoice the Apply modal can pick, with what is still owed on it. */
export function openInvoiceJson(r: OpenInvoiceRow): OpenInvoice {
  return {
    id: r.id,
    number: r.number,
    date: r.created_at,
    business_date: r.business_date,
    payment_status: r.payment_status,
    customer: { id: r.customer_id, name: r.customer_name },
    grand_total: toDollars(r.grand_total_cents),
    amount_paid: toDollars(r.paid_cents),
    outstanding: toDollars(r.grand_total_cents - r.paid_cents),
  };
}
