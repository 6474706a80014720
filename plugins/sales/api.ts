// Sales' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing else
// of sales). Credit notes and returns read invoices and pay them with credit notes; reports (and tests)
// make sales through the same actions the routes use.
import type { Db } from '../../core/db.js';
import { invoiceJson } from './invoice-json.js';
import { salesRepo, type InvoiceRow, type NewPayment } from './repo.js';
import type { Invoice as InvoiceJson } from './schemas.js';

export { checkout } from './actions/checkout.js';
export { includedGstText, linesSubtotalCents } from './pricing.js';
export { recordCustomerPayment } from './actions/record-customer-payment.js';
export { recordInvoicePayment } from './actions/record-invoice-payment.js';
export type { InvoiceLineRow, InvoiceRow, NewPayment, PaymentMethod } from './repo.js';
export { Invoice, InvoiceHeadFields, type CheckoutBody } from './schemas.js';
export { VOID_BLOCKED_MESSAGE, voidBlockedWhen } from './void-checks.js';
export { amountDueCents, amountPaidCents, outstandingCents } from './amount-due.js';
export { salesMark, tillTakings, type MethodTotal, type SalesMark, type TillTakings } from './till-takings.js';

/** An invoice's row (totals, paid so far, status), or undefined when there is none. */
export function invoiceRow(db: Db, id: number): InvoiceRow | undefined {
  return salesRepo(db).get(id);
}

/** An existing invoice as GET /api/invoices/:id replies it: lines, payments and refunds included. */
export function invoiceReply(db: Db, id: number): InvoiceJson {
  const sales = salesRepo(db);
  return invoiceJson(sales.get(id)!, sales.lines(id), sales.payments(id), sales.refunds(id));
}

/** Records a payment on an invoice, inside the caller's write transaction; returns its id. */
export function insertInvoicePayment(db: Db, payment: NewPayment): number {
  return salesRepo(db).insertPayment(payment);
}
