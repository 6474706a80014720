// #26.3 the POS's Return dialog, its rules kept pure: which invoice a scan or typed number names, what may be
// refunded and how, and the POST /api/returns body. The refund arithmetic is the Exchange's (exchange-rules.ts,
// the server's own refund.ts on the shares GET /api/returns/invoices sends); sales may not import returns' types,
// so the shapes it reads are declared here.
import { toDollars } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import { backRefundCents, type BackItem, type ExchangeInvoice } from './exchange-rules.js';

export { backRefundCents, RETURN_REASONS, type BackItem } from './exchange-rules.js';

/** A returnable invoice (returns' ReturnableInvoice, the fields the dialog reads). */
export interface ReturnInvoice extends ExchangeInvoice {
  date: string;
  business_date: string;
}

export const REFUND_METHODS = [
  { value: 'CREDIT_NOTE', label: 'Credit note' },
  { value: 'CASH', label: 'Cash' },
  { value: 'NETS', label: 'NETS' },
  { value: 'PAYNOW', label: 'PayNow' },
] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number]['value'];

/** NETS and PayNow refunds go back through the terminal or the bank: their reference is the shop's proof. */
export const needsReference = (m: RefundMethod) => m === 'NETS' || m === 'PAYNOW';

/**
 * The invoice a typed or scanned text names among the search's hits: the exact number (case-insensitive), else the
 * only hit; null when none or several (the dialog then lists them to pick from).
 */
export function pickInvoice(typed: string, hits: ReturnInvoice[]): ReturnInvoice | null {
  const want = typed.trim().toUpperCase();
  return hits.find((i) => i.number.toUpperCase() === want) ?? (hits.length === 1 ? hits[0] : null);
}

/** The refund in cents for the quantities picked. */
export function refundCents(invoice: ReturnInvoice | null, back: BackItem[]): number {
  return (invoice?.items ?? []).reduce((s, l, i) => s + backRefundCents(l, back[i]?.qty ?? 0), 0);
}

/** Why the refund cannot be made yet, or null. */
export function returnProblem(c: { invoice: ReturnInvoice | null; back: BackItem[]; method: RefundMethod; reference: string }): string | null {
  if (!c.invoice) return 'Scan or type the invoice number on the receipt';
  const chosen = c.back.filter((b) => b.qty > 0);
  if (chosen.length === 0) return 'Enter the quantity coming back';
  if (chosen.some((b) => !b.reason)) return 'Please provide return reasons for all items';
  if (needsReference(c.method) && !c.reference.trim()) return `Enter the ${c.method === 'NETS' ? 'NETS' : 'PayNow'} refund reference`;
  return null;
}

export interface ApprovalCredentials { username: string; password: string }

/** The POST /api/returns body: the lines coming back, the method, the receipt flag and (when asked) the approval. */
export function returnBody(c: {
  invoice: ReturnInvoice; back: BackItem[]; method: RefundMethod; reference: string; noReceipt: boolean; approval: ApprovalCredentials | null;
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

/** What POST /api/returns answers (the fields the dialog reads). */
export interface ReturnReply {
  returns: { id: string; approved_by: string | null }[];
  creditNote: { number: string; amount: number; available: number; redemption_code: string | null } | null;
  refund: { method: string; reference: string | null; amount: number; paid_out: number } | null;
}

/** The line the dialog and the toast say after the refund (the credit note's code included: the customer needs it). */
export function refundDoneText(r: ReturnReply): string {
  const parts: string[] = [];
  const label = REFUND_METHODS.find((m) => m.value === r.refund?.method)?.label ?? r.refund?.method;
  if (r.refund) parts.push(`Refunded ${money(r.refund.paid_out)} by ${label}${r.refund.reference ? ` (ref ${r.refund.reference})` : ''}.`);
  if (r.creditNote) {
    parts.push(`Credit note ${r.creditNote.number} for ${money(r.creditNote.available)}${r.creditNote.redemption_code ? `, code ${r.creditNote.redemption_code}` : ''}.`);
  }
  return parts.join(' ') || 'Return recorded.';
}

/** Dollars for display. */
export const dollars = (c: number) => toDollars(c);
