// #17.6/#26.3 the Exchange dialog's rules, kept pure: the refund of the goods coming back (the server's arithmetic,
// returns' refund.ts, on the shares /api/returns/invoices sends), what blocks confirming, the quote's and the
// POST /api/exchanges bodies. The difference itself is the server's (POST /api/exchanges/quote: carried discounts).
import { mulDivHalfUp, toCents, toDollars } from '../../../core/money.js';
import type { CartItem } from './cart-store.js';
import { amountDue, changeCents, checkoutPayload } from './checkout-rules.js';
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

/** Why the pairs coming back are not ready yet (invoice, a quantity, every reason), or null. */
export function backProblem(invoice: ExchangeInvoice | null, back: BackItem[]): string | null {
  if (!invoice) return 'Find the invoice the goods were bought on';
  const chosen = back.filter((b) => b.qty > 0);
  if (chosen.length === 0) return 'Enter the quantity coming back';
  if (chosen.some((b) => !b.reason)) return 'Please provide return reasons for all items';
  return null;
}

/** Why the exchange cannot be confirmed yet, or null (the figures are the server's quote, `differenceCents` its difference). */
export function exchangeProblem(c: {
  invoice: ExchangeInvoice | null;
  back: BackItem[];
  cart: CartItem[];
  differenceCents: number | null;
  method: DifferenceMethod;
  refund: RefundChoice;
  reference: string;
  tendered?: string;
  cashRounding?: boolean;
}): string | null {
  const back = backProblem(c.invoice, c.back);
  if (back) return back;
  if (c.cart.length === 0) return 'Add the new pairs to the cart first';
  if (c.differenceCents === null) return 'Pricing the exchange...';
  if (c.differenceCents > 0 && c.method === 'NETS' && !c.reference.trim()) return 'Enter the NETS approval code';
  if (c.differenceCents > 0 && c.method === 'PAYNOW' && !c.reference.trim()) return 'Enter the PayNow reference';
  if (c.differenceCents > 0 && c.method === 'CASH') {
    const change = changeCents(c.tendered ?? '', amountDue(c.differenceCents, 'CASH', c.cashRounding === true).dueCents);
    if (change !== null && change < 0) return 'Cash tendered is less than the amount due';
  }
  if (c.differenceCents < 0 && (c.refund === 'NETS' || c.refund === 'PAYNOW') && !c.reference.trim()) return 'Enter the NETS or PayNow reference';
  return null;
}

/** The return part of the body: the lines with a quantity coming back. */
function returnItems(invoice: ExchangeInvoice, back: BackItem[]) {
  return invoice.items
    .map((line, i) => ({ line, b: back[i] }))
    .filter(({ b }) => b && b.qty > 0)
    .map(({ line, b }) => ({ product_id: line.product_id, invoice_line_id: line.id, returned_qty: b.qty, return_reason: b.reason }));
}

/** The cart as the new sale (its own discounts; the server adds what a returned pair carries). */
function saleItems(c: { cart: CartItem[]; taxRate: number; invoiceDiscount?: number; invoiceDiscountAmount?: number }) {
  return checkoutPayload({
    items: c.cart,
    invoiceDiscount: c.invoiceDiscount ?? 0,
    invoiceDiscountAmount: c.invoiceDiscountAmount,
    totalCents: 0,
    taxRate: c.taxRate,
    customer: null,
    method: 'CASH',
    reference: '',
    tendered: '',
    walkInName: '',
  });
}

/** The POST /api/exchanges/quote body: what comes back and the cart, nothing about paying. */
export function quoteBody(c: {
  invoice: ExchangeInvoice;
  back: BackItem[];
  cart: CartItem[];
  taxRate: number;
  invoiceDiscount?: number;
  invoiceDiscountAmount?: number;
}) {
  const built = saleItems(c);
  const sale: CheckoutBody = { items: built.items, taxRate: built.taxRate };
  if (built.invoiceDiscount) sale.invoiceDiscount = built.invoiceDiscount;
  if (built.invoiceDiscountAmount) sale.invoiceDiscountAmount = built.invoiceDiscountAmount;
  return { invoice_id: c.invoice.id, items: returnItems(c.invoice, c.back), sale };
}

/**
 * The POST /api/exchanges body: the return, the cart as the new sale (its payment covers only the difference the
 * server's quote gave: cash with what was tendered, NETS with its approval code, PayNow with the QR's reference),
 * and how a difference in the customer's favour goes back.
 */
export function exchangeBody(c: {
  invoice: ExchangeInvoice;
  back: BackItem[];
  cart: CartItem[];
  taxRate: number;
  differenceCents: number;
  method: DifferenceMethod;
  refund: RefundChoice;
  reference: string;
  tendered?: string;
  cashRounding?: boolean;
  pricesIncludeGst?: boolean;
  invoiceDiscount?: number;
  invoiceDiscountAmount?: number;
}) {
  const toPay = Math.max(0, c.differenceCents);
  const built = checkoutPayload({
    items: c.cart,
    invoiceDiscount: c.invoiceDiscount ?? 0,
    invoiceDiscountAmount: c.invoiceDiscountAmount,
    totalCents: toPay,
    taxRate: c.taxRate,
    pricesIncludeGst: c.pricesIncludeGst,
    customer: null,
    method: c.method,
    reference: toPay > 0 ? c.reference : '',
    tendered: c.tendered ?? '',
    walkInName: '',
    cashRounding: c.cashRounding,
  });
  const sale: CheckoutBody = { items: built.items, taxRate: built.taxRate };
  if (built.pricesIncludeGst !== undefined) sale.pricesIncludeGst = built.pricesIncludeGst;
  if (built.cashRounding !== undefined) sale.cashRounding = built.cashRounding;
  if (built.invoiceDiscount) sale.invoiceDiscount = built.invoiceDiscount;
  if (built.invoiceDiscountAmount) sale.invoiceDiscountAmount = built.invoiceDiscountAmount;
  if (toPay > 0) {
    sale.payments = built.payments;
    if (built.tendered !== undefined) sale.tendered = built.tendered;
  }
  const reference = c.reference.trim();
  const refundMoney = c.differenceCents < 0 && c.refund !== 'CREDIT_NOTE';
  return {
    invoice_id: c.invoice.id,
    items: returnItems(c.invoice, c.back),
    sale,
    ...(refundMoney ? { refund_method: c.refund, ...(reference ? { refund_reference: reference } : {}) } : {}),
  };
}

/** Dollars for display. */
export const dollars = (c: number) => toDollars(c);
