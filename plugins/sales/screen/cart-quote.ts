// The till's cart as the server prices it (#28): what other plugins change before GST (`adjustments[]` of
// POST /api/checkout/quote: promotions and the like, named by their label, never by their plugin) and the totals
// that will be charged. Pure: the request itself is use-cart-quote.ts's; the arithmetic stays in sales/pricing.ts
// (the till's own totals) and on the server (the quote's).
import { toCents, toDollars } from '../../../core/money.js';
import type { ShopConfig } from '../../../ui/shop-config.js';
import type { CartCharge, CheckoutQuote } from '../schemas.js';
import type { CartItem, CartQuoteState, CartStore, CartTotals } from './cart-store.js';
import { chargeLines, checkoutLines, saleDiscount } from './checkout-rules.js';
import type { CheckoutBody, CustomerSummary } from './types.js';

/** Why Complete waits: the cart changed and its quote is on its way (a moment; a failed quote ends the wait). */
export const QUOTE_PENDING = 'Updating the total...';

/** One adjustment line as the till shows it: its label and its amount (negative dollars lower the sale). */
export interface AdjustmentLine {
  label: string;
  amount: number;
}

/** The cart as the quote sees it. */
export interface QuotedCart {
  items: CartItem[];
  /** #29: other plugins' items (a gift card); the quote prices them as checkout does. */
  charges?: CartCharge[];
  invoiceDiscount: number;
  invoiceDiscountAmount: number;
  customer: CustomerSummary | null;
}

/** The body of POST /api/checkout/quote for a cart: the checkout's body without its payments. */
export function quoteBody(c: QuotedCart, config: ShopConfig): CheckoutBody {
  const body: CheckoutBody = { items: [...checkoutLines(c.items), ...chargeLines(c.charges)], taxRate: config.gstRate };
  if (config.pricesIncludeGst !== undefined) body.pricesIncludeGst = config.pricesIncludeGst;
  if (config.cashRounding !== undefined) body.cashRounding = config.cashRounding;
  Object.assign(body, saleDiscount(c.invoiceDiscount, c.invoiceDiscountAmount));
  if (c.customer) body.customerId = c.customer.id;
  return body;
}

/**
 * The cart's totals with the quote's money in place of the till's own: the subtotal of the lines before the
 * adjustments (what the rows add up to), the sale discount, GST and total as the server will charge them. The
 * cashier's own discounts (line discounts, the staff limit's measure) stay the till's.
 */
export function quotedTotals(local: CartTotals, q: CheckoutQuote): CartTotals {
  // The charges (#29) are in the quote's subtotal after the goods, as the till's own totals have them (withCharges).
  const chargesCents = q.adjustments.filter((a) => a.charge).reduce((s, a) => s + toCents(a.amount), 0);
  const beforeAdjustmentsCents = q.items.reduce((s, i) => s + toCents(i.line_total) - toCents(i.adjustment), chargesCents);
  const totalCents = toCents(q.grand_total);
  const taxCents = toCents(q.tax_total);
  return {
    ...local,
    subtotal: toDollars(beforeAdjustmentsCents),
    discount: q.invoice_discount,
    tax: q.tax_total,
    // Before GST in either price mode: the total less its GST.
    taxable: toDollars(totalCents - taxCents),
    pricesIncludeGst: q.prices_include_gst,
    total: q.grand_total,
    totalCents,
  };
}

/** What the till shows for its cart: the adjustment lines and the totals; `pending` while the cart's quote is on its way. */
export interface CartQuoteView {
  adjustments: AdjustmentLine[];
  totals: CartTotals;
  /** The quote shown is for this very cart (not the one before the last change). */
  fresh: boolean;
  pending: boolean;
}

/**
 * The view for the cart's local totals and its quote state. A quote with adjustments replaces the till's totals
 * (so the till shows exactly what will be charged); one without, a failed one or none keeps the local totals (no
 * flicker, and a till that cannot reach the server still sells). While a change is being quoted again, the last
 * quote's lines stay on screen until the reply replaces them.
 */
export function cartQuoteView(local: CartTotals, state: CartQuoteState | null, wanted: string | null): CartQuoteView {
  const pending = wanted !== null && state?.key !== wanted;
  const q = wanted === null ? null : (state?.quote ?? null);
  // The charges (#29) have their own cart rows: the adjustment lines are the discounts (a promotion) only.
  const discounts = q ? q.adjustments.filter((a) => !a.charge) : [];
  if (!q || discounts.length === 0) return { adjustments: [], totals: local, fresh: !pending, pending };
  return {
    adjustments: discounts.map((a) => ({ label: a.label, amount: a.amount })),
    totals: quotedTotals(local, q),
    fresh: !pending,
    pending,
  };
}

/** The view of a store's cart at a GST rate and price mode (reads its signals: a component using it re-renders). */
export function cartView(store: CartStore, rate: number, pricesIncludeGst: boolean): CartQuoteView {
  return cartQuoteView(store.totals(rate, pricesIncludeGst), store.quote.value, store.quoteWanted.value);
}
