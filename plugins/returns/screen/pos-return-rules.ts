// #26.3 the POS's Return dialog (slot 'pos-return' of the POS), its rules kept pure: which invoice a scan or typed
// number names, what may be refunded and how, and the POST /api/returns body. The refund arithmetic is the server's
// own (refund.ts, on the shares GET /api/returns/invoices sends).
import { toCents, toDollars } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import { returnRefund } from '../refund.js';
import { REFUND_METHOD_OPTIONS, refundMethodLabel, type RefundMethodChoice } from './return-rules.js';
import type { CreatedReturn, ReturnableInvoice, ReturnableLine } from './types.js';

/** One line's pick: how many come back, and why. */
export interface BackItem {
  qty: number;
  reason: string;
}

export const REFUND_METHODS = REFUND_METHOD_OPTIONS;
export type RefundMethod = RefundMethodChoice;

/** NETS and PayNow refunds go back through the terminal or the bank: their reference is the shop's proof. */
export const needsReference = (m: RefundMethod) => m === 'NETS' || m === 'PAYNOW';

/** The refund in cents for `qty` more units of a line (the server's refund.ts on the line's shares). */
export function backRefundCents(line: Pick<ReturnableLine, 'qty' | 'returned_qty' | 'refund_net' | 'refund_tax'>, qty: number): number {
  if (qty <= 0 || line.qty <= 0) return 0;
  const r = returnRefund({ netCents: toCents(line.refund_net), taxCents: toCents(line.refund_tax) }, line.qty, line.returned_qty, qty);
  return r.netCents + r.taxCents;
}

/**
 * The invoice a typed or scanned text names among the search's hits: the exact number (case-insensitive), else the
 * only hit; null when none or several (the dialog then lists them to pick from).
 */
export function pickInvoice(typed: string, hits: ReturnableInvoice[]): ReturnableInvoice | null {
  const want = typed.trim().toUpperCase();
  return hits.find((i) => i.number.toUpperCase() === want) ?? (hits.length === 1 ? hits[0] : null);
}

/** The refund in cents for the quantities picked. */
export function refundCents(invoice: ReturnableInvoice | null, back: BackItem[]): number {
  return (invoice?.items ?? []).reduce((s, l, i) => s + backRefundCents(l, back[i]?.qty ?? 0), 0);
}

/** Why the refund cannot be made yet, or null. */
export function returnProblem(c: { invoice: ReturnableInvoice | null; back: BackItem[]; method: RefundMethod; reference: string }): string | null {
  if (!c.invoice) return 'Scan or type the invoice number on the receipt';
  const chosen = c.back.filter((b) => b.qty > 0);
  if (chosen.length === 0) return 'Enter the quantity coming back';
  if (chosen.some((b) => !b.reason)) return 'Please provide return reasons for all items';
  if (needsReference(c.method) && !c.reference.trim()) return `Enter the ${c.method === 'NETS' ? 'NETS' : 'PayNow'} refund reference`;
  return null;
}

export interface ApprovalCredentials {
  username: string;
  password: string;
}

/** The POST /api/returns body: the lines coming back, the method, the receipt flag and (when asked) the approval. */
export function returnBody(c: {
  invoice: ReturnableInvoice;
  back: BackItem[];
  method: RefundMethod;
  reference: string;
  noReceipt: boolean;
  approval: ApprovalCredentials | null;
}) {
  const items = c.invoice.items
    .map((line, i) => ({ line, b: c.back[i] }))
    .filter(({ b }) => b && b.qty > 0)
    .map(({ line, b }) => ({ product_id: line.product_id, invoice_line_id: line.id, returned_qty: b.qty, return_reason: b.reason }));
  const reference = c.reference.trim();
  return {
    invoice_id: c.invoice.id,
    items,
    refund_method: c.method,
    ...(needsReference(c.method) && reference ? { refund_reference: reference } : {}),
    ...(c.noReceipt ? { receipt: false } : {}),
    ...(c.approval ? { approval: c.approval } : {}),
  };
}

/** The line the dialog and the toast say after the refund (the credit note's code included: the customer needs it). */
export function refundDoneText(r: CreatedReturn): string {
  const parts: string[] = [];
  if (r.refund)
    parts.push(`Refunded ${money(r.refund.paid_out)} by ${refundMethodLabel(r.refund.method)}${r.refund.reference ? ` (ref ${r.refund.reference})` : ''}.`);
  if (r.creditNote) {
    parts.push(
      `Credit note ${r.creditNote.number} for ${money(r.creditNote.available)}${r.creditNote.redemption_code ? `, code ${r.creditNote.redemption_code}` : ''}.`,
    );
  }
  return parts.join(' ') || 'Return recorded.';
}

/** Dollars for display. */
export const dollars = (c: number) => toDollars(c);
