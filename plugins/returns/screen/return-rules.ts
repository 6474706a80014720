// The Returns screen's rules, kept pure so they are tested without a browser: messages, reasons, the
// refund shown live (the server's own arithmetic, in cents), the quantity cap and the display helpers.
import { formatMoney, toCents, toDollars } from '../../../core/money.js';
import { returnRefund } from '../refund.js';
import type { ReturnableLine } from './types.js';

export const NO_INVOICES = 'No invoices available for returns';
export const SELECT_INVOICE = 'Please select an invoice';
export const SELECT_ITEMS = 'Please select items to return by entering quantities greater than 0';
export const REASONS_REQUIRED = 'Please provide return reasons for all items';
export const RETURN_SUCCESS = 'Return processed successfully! Credit note generated.';
export const RETURN_FAILED = 'Failed to process return. Please try again.';

/** #17.4 'Refund as': a credit note (the spec's default) or money at the counter. */
export const REFUND_METHOD_OPTIONS = [
  { value: 'CREDIT_NOTE', label: 'Credit note' },
  { value: 'CASH', label: 'Cash' },
  { value: 'NETS', label: 'NETS' },
  { value: 'PAYNOW', label: 'PayNow' },
] as const;
export type RefundMethodChoice = (typeof REFUND_METHOD_OPTIONS)[number]['value'];

/** The label of a refund method ('Credit note', 'Cash', 'NETS', 'PayNow'). */
export function refundMethodLabel(method: string | null | undefined): string {
  return REFUND_METHOD_OPTIONS.find((o) => o.value === method)?.label ?? 'Credit note';
}

/** NETS and PayNow refunds need the transaction's reference (the server refuses them without). */
export const REFERENCE_REQUIRED = 'Please enter the refund reference';

/** The success toast: the spec's text for a credit note, the method for money paid back. */
export function returnSuccess(method: RefundMethodChoice, reply?: { refund: { paid_out: number } | null; creditNote: { number: string } | null }): string {
  if (method === 'CREDIT_NOTE' || (reply && !reply.refund)) return RETURN_SUCCESS;
  const paid = `Return processed successfully! Refunded by ${refundMethodLabel(method)}`;
  // Value that came from a credit note or the account goes back that way (#25): the note carries the rest.
  return reply?.creditNote ? `${paid} (${formatMoney(toCents(reply.refund!.paid_out))}); the rest on credit note ${reply.creditNote.number}.` : `${paid}.`;
}

/**
 * What the customer paid for a line: its share of the invoice with GST, after every discount and adjustment (a
 * promotion's share, #28.2), which is what its units refund in all. "Paid $125.35 for 2"; "Paid $62.68" for one.
 */
export function paidText(line: Pick<ReturnableLine, 'qty' | 'refund_total'>): string {
  const paid = formatMoney(toCents(line.refund_total));
  return line.qty === 1 ? `Paid ${paid}` : `Paid ${paid} for ${line.qty}`;
}

/** The spec's return reasons, in its order: the server's own list. */

/** Status filter options (the empty option reads 'All Statuses'). */
export const STATUS_OPTIONS = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'REJECTED', label: 'Rejected' },
];

/** Badge colour per return status: COMPLETED green, APPROVED blue, PENDING yellow, REJECTED red. */
export function statusBadgeClass(status: string | null | undefined): string {
  const colour = ({ COMPLETED: 'green', APPROVED: 'blue', PENDING: 'yellow', REJECTED: 'red' } as Record<string, string>)[status ?? ''];
  return colour ? `badge badge-${colour}` : 'badge';
}

/** Credit note status colour (ACTIVE green, USED blue, EXPIRED yellow, VOID red). */
export function creditNoteBadgeClass(status: string | null | undefined): string {
  const colour = ({ ACTIVE: 'green', USED: 'blue', EXPIRED: 'yellow', VOID: 'red' } as Record<string, string>)[status ?? ''];
  return colour ? `badge badge-${colour}` : 'badge';
}

/** The Return ID as shown: the last 8 characters, uppercased. */
export function shortReturnId(id: string | null | undefined): string {
  return id ? id.slice(-8).toUpperCase() : 'N/A';
}

/** A typed quantity, as a whole number from 0 to the line's returnable quantity. */
export function capQty(typed: string, returnable: number): number {
  const n = Math.floor(Number(typed));
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(n, Math.max(0, returnable));
}

/** The refund in dollars for returning `qty` more units of a line: the server's own arithmetic (refund.ts). */
export function lineRefund(line: Pick<ReturnableLine, 'qty' | 'returned_qty' | 'refund_net' | 'refund_tax'>, qty: number): number {
  if (qty <= 0 || line.qty <= 0) return 0;
  const share = { netCents: toCents(line.refund_net), taxCents: toCents(line.refund_tax) };
  const r = returnRefund(share, line.qty, line.returned_qty, qty);
  return toDollars(r.netCents + r.taxCents);
}

export interface DraftItem {
  qty: number;
  reason: string;
}

/** Why the return cannot be submitted (the spec's messages, in its order), or null. */
export function returnError(invoiceId: number | null, drafts: DraftItem[], refund: RefundChoice = { method: 'CREDIT_NOTE', reference: '' }): string | null {
  if (!invoiceId) return SELECT_INVOICE;
  const chosen = drafts.filter((d) => d.qty > 0);
  if (chosen.length === 0) return SELECT_ITEMS;
  if (chosen.some((d) => !d.reason)) return REASONS_REQUIRED;
  if ((refund.method === 'NETS' || refund.method === 'PAYNOW') && !refund.reference.trim()) return REFERENCE_REQUIRED;
  return null;
}

/** How the return is refunded, as the modal holds it. */
export interface RefundChoice {
  method: RefundMethodChoice;
  reference: string;
}

/** The refund fields of POST /api/returns (none for a credit note: the spec's payload exactly). */
export function refundFields(refund: RefundChoice) {
  if (refund.method === 'CREDIT_NOTE') return {};
  const reference = refund.reference.trim();
  return { refund_method: refund.method, ...(reference ? { refund_reference: reference } : {}) };
}

/** The body of POST /api/returns (the spec's return creation payload), lines with a quantity only. */
export function returnBody(invoiceId: number, lines: ReturnableLine[], drafts: DraftItem[], notes: string) {
  return {
    invoice_id: invoiceId,
    items: lines
      .map((line, i) => ({ line, d: drafts[i] }))
      .filter(({ d }) => d && d.qty > 0)
      .map(({ line, d }) => ({
        product_id: line.product_id,
        invoice_line_id: line.id,
        original_qty: line.qty,
        returned_qty: d.qty,
        return_reason: d.reason,
        refund_amount: lineRefund(line, d.qty),
      })),
    notes: notes.trim(),
  };
}
