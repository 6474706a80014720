// #17.6/#26.3 the Exchange dialog's rules (POS slot 'pos-exchange'), kept pure: the refund of the goods coming back
// (refund.ts through pos-return-rules.ts, on the shares /api/returns/invoices sends), what blocks confirming, the
// quote's and the POST /api/exchanges bodies (the new sale is the cart's body as the POS builds it, saleBody). The
// difference itself is the server's (POST /api/exchanges/quote: carried discounts).
import { toDollars } from '../../../core/money.js';
import type { CheckoutBody, PosSalePay } from '../../sales/schemas.js';
import { backRefundCents, type BackItem } from './pos-return-rules.js';
import type { ReturnableInvoice, ReturnableLine } from './types.js';

export type { BackItem };

export const DIFFERENCE_METHODS = [
  { value: 'CASH', label: 'Cash' },
  { value: 'NETS', label: 'NETS' },
  { value: 'PAYNOW', label: 'PayNow' },
] as const;
export const REFUND_CHOICES = [{ value: 'CREDIT_NOTE', label: 'Keep on credit note' }, ...DIFFERENCE_METHODS] as const;
export type DifferenceMethod = (typeof DIFFERENCE_METHODS)[number]['value'];
export type RefundChoice = (typeof REFUND_CHOICES)[number]['value'];

/** The cart as the POS lends it: its POST /api/checkout body, paid as given (PosExchangeProps.saleBody). */
export type SaleBody = (pay: PosSalePay) => CheckoutBody;

/** The goods coming back, in cents. */
export function returnedCents(lines: ReturnableLine[], back: BackItem[]): number {
  return lines.reduce((s, l, i) => s + backRefundCents(l, back[i]?.qty ?? 0), 0);
}

/** Why the pairs coming back are not ready yet (invoice, a quantity, every reason), or null. */
export function backProblem(invoice: ReturnableInvoice | null, back: BackItem[]): string | null {
  if (!invoice) return 'Find the invoice the goods were bought on';
  const chosen = back.filter((b) => b.qty > 0);
  if (chosen.length === 0) return 'Enter the quantity coming back';
  if (chosen.some((b) => !b.reason)) return 'Please provide return reasons for all items';
  return null;
}

/** Why the exchange cannot be confirmed yet, or null (the figures are the server's quote, `differenceCents` its difference). */
export function exchangeProblem(c: {
  invoice: ReturnableInvoice | null;
  back: BackItem[];
  cartEmpty: boolean;
  differenceCents: number | null;
  method: DifferenceMethod;
  refund: RefundChoice;
  reference: string;
  /** The cash change in cents as the till shows it (null while nothing valid is typed). */
  change?: number | null;
}): string | null {
  const back = backProblem(c.invoice, c.back);
  if (back) return back;
  if (c.cartEmpty) return 'Add the new pairs to the cart first';
  if (c.differenceCents === null) return 'Pricing the exchange...';
  if (c.differenceCents > 0 && c.method === 'NETS' && !c.reference.trim()) return 'Enter the NETS approval code';
  if (c.differenceCents > 0 && c.method === 'PAYNOW' && !c.reference.trim()) return 'Enter the PayNow reference';
  if (c.differenceCents > 0 && c.method === 'CASH' && c.change != null && c.change < 0) return 'Cash tendered is less than the amount due';
  if (c.differenceCents < 0 && (c.refund === 'NETS' || c.refund === 'PAYNOW') && !c.reference.trim()) return 'Enter the NETS or PayNow reference';
  return null;
}

/** The return part of the body: the lines with a quantity coming back. */
function returnItems(invoice: ReturnableInvoice, back: BackItem[]) {
  return invoice.items
    .map((line, i) => ({ line, b: back[i] }))
    .filter(({ b }) => b && b.qty > 0)
    .map(({ line, b }) => ({ product_id: line.product_id, invoice_line_id: line.id, returned_qty: b.qty, return_reason: b.reason }));
}

/** The cart as the new sale (its own discounts; the server adds what a returned pair carries). */
function saleItems(c: { saleBody: SaleBody; taxRate: number }) {
  return c.saleBody({ taxRate: c.taxRate, totalCents: 0, method: 'CASH', reference: '', tendered: '' });
}

/** The POST /api/exchanges/quote body: what comes back and the cart, nothing about paying. */
export function quoteBody(c: { invoice: ReturnableInvoice; back: BackItem[]; saleBody: SaleBody; taxRate: number }) {
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
  invoice: ReturnableInvoice;
  back: BackItem[];
  saleBody: SaleBody;
  taxRate: number;
  differenceCents: number;
  method: DifferenceMethod;
  refund: RefundChoice;
  reference: string;
  tendered?: string;
  cashRounding?: boolean;
  pricesIncludeGst?: boolean;
}) {
  const toPay = Math.max(0, c.differenceCents);
  const built = c.saleBody({
    totalCents: toPay,
    taxRate: c.taxRate,
    pricesIncludeGst: c.pricesIncludeGst,
    method: c.method,
    reference: toPay > 0 ? c.reference : '',
    tendered: c.tendered ?? '',
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
