// #17.6 the Exchange modal's rules, kept pure: the refund of the goods coming back (the server's arithmetic,
// returns' refund.ts, on the shares /api/returns/invoices sends), the difference and the POST /api/exchanges body.
import { mulDivHalfUp, toCents, toDollars } from '../../../core/money.js';
import type { CartItem } from './cart-store.js';
import { checkoutPayload } from './checkout-rules.js';
import type { CheckoutBody } from './types.js';

/** What the modal needs of a returnable invoice line (returns' ReturnableLine; sales may not import its types). */
export interface ExchangeLine {
  id: number;
  product_id: number;
  description: string;
  size: string | null;
  qty: number;
  returned_qty: number;
  returnable_qty: number;
  refund_net: number;
  refund_tax: number;
}

/** A returnable invoice from GET /api/returns/invoices. */
export interface ExchangeInvoice {
  id: number;
  number: string;
  customer: { id: number | null; name: string };
  grand_total: number;
  items: ExchangeLine[];
}

export const RETURN_REASONS = ['Defective', 'Wrong Size', 'Not as Described', 'Customer Changed Mind', 'Damaged in Transit', 'Other'];
export const DIFFERENCE_METHODS = [
  { value: 'CASH', label: 'Cash' },
  { value: 'NETS', label: 'NETS' },
  { value: 'PAYNOW', label: 'PayNow' },
] as const;
export const REFUND_CHOICES = [{ value: 'CREDIT_NOTE', label: 'Keep on credit note' }, ...DIFFERENCE_METHODS] as const;
export type DifferenceMethod = (typeof DIFFERENCE_METHODS)[number]['value'];
export type RefundChoice = (typeof REFUND_CHOICES)[number]['value'];

export interface BackItem {
  qty: number;
  reason: string;
}

/** The refund in cents for `qty` more units of a line: each share x (before+q)/qty - share x before/qty, half-up. */
export function backRefundCents(line: ExchangeLine, qty: number): number {
  if (qty <= 0 || line.qty <= 0) return 0;
  const part = (c: number) => mulDivHalfUp(c, line.returned_qty + qty, line.qty) - mulDivHalfUp(c, line.returned_qty, line.qty);
  return part(toCents(line.refund_net)) + part(toCents(line.refund_tax));
}

/** The goods coming back, in cents. */
export function returnedCents(lines: ExchangeLine[], back: BackItem[]): number {
  return lines.reduce((s, l, i) => s + backRefundCents(l, back[i]?.qty ?? 0), 0);
}

/** Why the exchange cannot be confirmed yet, or null. */
export function exchangeProblem(c: { invoice: ExchangeInvoice | null; back: BackItem[]; cart: CartItem[]; differenceCents: number; method: DifferenceMethod; refund: RefundChoice; reference: string }): string | null {
  if (!c.invoice) return 'Find the invoice the goods were bought on';
  const chosen = c.back.filter((b) => b.qty > 0);
  if (chosen.length === 0) return 'Enter the quantity coming back';
  if (chosen.some((b) => !b.reason)) return 'Please provide return reasons for all items';
  if (c.cart.length === 0) return 'Add the new items to the cart first';
  const needsRef = c.differenceCents > 0 ? c.method === 'NETS' || c.method === 'PAYNOW'
    : c.differenceCents < 0 && (c.refund === 'NETS' || c.refund === 'PAYNOW');
  if (needsRef && !c.reference.trim()) return 'Enter the NETS or PayNow reference';
  return null;
}

/** The POST /api/exchanges body: the return, the cart as the new sale (its payment covers only the difference), the refund choice. */
export function exchangeBody(c: {
  invoice: ExchangeInvoice; back: BackItem[]; cart: CartItem[]; taxRate: number; differenceCents: number;
  method: DifferenceMethod; refund: RefundChoice; reference: string;
}) {
  const items = c.invoice.items
    .map((line, i) => ({ line, b: c.back[i] }))
    .filter(({ b }) => b && b.qty > 0)
    .map(({ line, b }) => ({ product_id: line.product_id, invoice_line_id: line.id, returned_qty: b.qty, return_reason: b.reason }));
  const toPay = Math.max(0, c.differenceCents);
  const built = checkoutPayload({
    items: c.cart, invoiceDiscount: 0, totalCents: toPay, taxRate: c.taxRate, customer: null, method: c.method,
    reference: c.reference, tendered: '', walkInName: '',
  });
  const sale: CheckoutBody = { items: built.items, taxRate: built.taxRate };
  if (toPay > 0) sale.payments = built.payments;
  const reference = c.reference.trim();
  const refundMoney = c.differenceCents < 0 && c.refund !== 'CREDIT_NOTE';
  return {
    invoice_id: c.invoice.id,
    items,
    sale,
    ...(refundMoney ? { refund_method: c.refund, ...(reference ? { refund_reference: reference } : {}) } : {}),
  };
}

/** Dollars for display. */
export const dollars = (c: number) => toDollars(c);
