// Sales' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing else
// of sales). Credit notes and returns read invoices and pay them with credit notes; reports (and tests)
// make sales through the same actions the routes use.
import type { Db } from '../../core/db.js';
import { invoiceJson } from './invoice-json.js';
import { salesRepo, type InvoiceRow, type NewPayment } from './repo.js';
import { tillReceiptJson } from './till-receipt-json.js';
import { keyOfAnotherUser } from './actions/checkout.js';
import type { Invoice as InvoiceJson, TillReceipt } from './schemas.js';

export { checkout, noOpenShift, type CheckoutResult } from './actions/checkout.js';
export { includedGstText, invoiceTotals, linesSubtotalCents, roundedCashDue } from './pricing.js';
export { quoteCart, type Quote, type QuotedLine, type QuoteInput } from './quote.js';
export { runAfterCommit } from './pipeline/index.js';
export { printedAdjustments } from './adjustments-print.js';
export { recordCustomerPayment } from './actions/record-customer-payment.js';
export { recordInvoicePayment } from './actions/record-invoice-payment.js';
export type { InvoiceLineRow, InvoiceRow, NewPayment, PaymentMethod } from './repo.js';
export {
  CheckoutBody,
  CheckoutHeaders,
  CheckoutItem,
  isProductItem,
  ProductItem,
  CheckoutReply,
  Invoice,
  InvoiceHeadFields,
  InvoiceReply,
  PosCustomerState,
  TillReceiptsReply,
  TillVoidBody,
} from './schemas.js';
export { voidInvoice, type VoidContext, type VoidResult } from './actions/void-invoice.js';
export { VOID_BLOCKED_MESSAGE, voidBlockedWhen } from './void-checks.js';
export { amountDueCents, amountPaidCents, outstandingCents } from './amount-due.js';
export { tillOf } from '../../core/till-header.js';
// The LAN ESC/POS printer (#26.3: returns prints its refund slip the way a receipt prints).
export { sendToPrinter } from './receipt/send-to-printer.js';
export { DRAWER_KICK, pair as escposPair, printable as escposText } from './receipt/escpos-receipt.js';

/** An invoice's row (totals, paid so far, status), or undefined when there is none. */
export function invoiceRow(db: Db, id: number): InvoiceRow | undefined {
  return salesRepo(db).get(id);
}

/** An existing invoice as GET /api/invoices/:id replies it: lines, payments and refunds included. */
export function invoiceReply(db: Db, id: number): InvoiceJson {
  const sales = salesRepo(db);
  return invoiceJson(sales.get(id)!, sales.lines(id), sales.payments(id), sales.refunds(id), sales.adjustments(id));
}

/** Money paid back on an invoice outside a void (a refunded return): method, amount, why, where and when. */
export interface RefundInput {
  invoiceId: number;
  method: 'CASH' | 'NETS' | 'PAYNOW';
  amountCents: number;
  reason: string;
  userId: number | null;
  at: Date;
  /** The till it was paid out at (X-Kedai-Till): its shift's expected cash goes down by a CASH refund. */
  till: string | null;
}

/**
 * Records a refund row inside the caller's write transaction; returns its id. End-of-day (refunds by method,
 * cash refunded out of the drawer) and the till's shift count it as money out, like a void's refunds.
 */
export function recordRefund(db: Db, r: RefundInput): number {
  if (!db.inTransaction) throw new Error('recordRefund must run inside a write transaction');
  return salesRepo(db).insertRefund({
    invoice_id: r.invoiceId,
    method: r.method,
    amount_cents: r.amountCents,
    reason: r.reason,
    refunded_at: r.at.toISOString(),
    created_by: r.userId,
    till: r.till,
  });
}

/**
 * The sale an Idempotency-Key was first used for (id, number), if any: an exchange's retry finds it. Keys are
 * per user, as at checkout: another user's key is a 409 IDEMPOTENCY_KEY_REUSED that names nothing of their sale.
 */
export function saleByIdempotencyKey(db: Db, key: string, userId: number | null): { id: number; number: string } | undefined {
  const hit = salesRepo(db).byIdempotencyKey(key);
  if (!hit) return undefined;
  if (hit.created_by !== userId) throw keyOfAnotherUser();
  return { id: hit.id, number: hit.number };
}

/** What has been paid back on an invoice so far (voids and refunded returns), in cents, and how many of those were cash. */
export function refundedOn(db: Db, invoiceId: number): { cents: number; cashRows: number } {
  const rows = salesRepo(db).refunds(invoiceId);
  return { cents: rows.reduce((s, r) => s + r.amount_cents, 0), cashRows: rows.filter((r) => r.method === 'CASH').length };
}

/** The invoice's payments by one method (a plugin tender's, #29), oldest first: what a tender's refund hook is shown. */
export function paymentsByMethod(db: Db, invoiceId: number, method: string): { id: number; reference: string | null; amountCents: number }[] {
  return salesRepo(db)
    .payments(invoiceId)
    .filter((p) => p.method === method)
    .map((p) => ({ id: p.id, reference: p.reference, amountCents: p.amount_cents }));
}

/** Records a payment on an invoice, inside the caller's write transaction; returns its id. */
export function insertInvoicePayment(db: Db, payment: NewPayment): number {
  return salesRepo(db).insertPayment(payment);
}

/** The most sales the till's Receipts list shows (a shoe shop's busiest shift has far fewer). */
export const TILL_RECEIPTS_MAX = 300;

/**
 * The sales taken at `till` since `since` (its open shift's opened_at; the index sales_invoice_till_created), newest
 * first, at most TILL_RECEIPTS_MAX; `more` when there were older ones.
 */
export function tillSales(db: Db, till: string, since: string): { receipts: TillReceipt[]; more: boolean } {
  const rows = salesRepo(db).tillSince(till, since, TILL_RECEIPTS_MAX + 1);
  return { receipts: rows.slice(0, TILL_RECEIPTS_MAX).map(tillReceiptJson), more: rows.length > TILL_RECEIPTS_MAX };
}

/** A money refund's row (what left the drawer or went back by NETS/PayNow), or undefined. */
export function refundRowOf(db: Db, invoiceId: number, refundId: number): { method: string; amount_cents: number } | undefined {
  return salesRepo(db)
    .refunds(invoiceId)
    .find((r) => r.id === refundId);
}
