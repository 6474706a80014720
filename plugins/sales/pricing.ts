// The invoice's arithmetic, in integer cents: line totals, discounts, and GST charged ONCE on the
// discounted subtotal (half-up), never summed from per-line rounded amounts. Two modes (settings'
// prices_include_gst): prices before GST (GST added on top), or prices including GST (the GST inside the
// total is total x 9/109, half-up, once per invoice).
import { applyBps, formatMoney, gstOfInclusive, gstRateLabel, percentToBps, roundCash, toCents } from '../../core/money.js';

export interface PricedLineInput {
  qty: number;
  unitPriceCents: number;
  discountCents: number;
}

export interface Totals {
  /** Sum of qty x unit price, before any discount: what a discount's percent is measured against. */
  grossCents: number;
  /** Sum of line totals (after line discounts). */
  subtotalCents: number;
  lineDiscountCents: number;
  invoiceDiscountCents: number;
  discountTotalCents: number;
  /** The amount before GST (the taxable value): subtotal - invoice discount, or that less the GST inside it. */
  taxableCents: number;
  taxCents: number;
  grandTotalCents: number;
  /** The lines were priced including GST (the GST is inside the total, not added to it). */
  pricesIncludeGst: boolean;
  /**
   * #29: untaxed charges (a gift card sold) added after the goods: inside subtotalCents and grandTotalCents, never in
   * taxableCents, taxCents, the discounts or grossCents (withCharges). 0 or absent when the sale has none.
   */
  chargesCents?: number;
}

/** A line's amount before and after its own discount. */
export function lineAmounts(l: PricedLineInput): { grossCents: number; totalCents: number } {
  const grossCents = l.qty * l.unitPriceCents;
  return { grossCents, totalCents: grossCents - l.discountCents };
}

/**
 * The invoice totals for priced lines, an invoice discount (bps of the subtotal, or a fixed amount in cents
 * when `invoiceDiscountAmountCents` is given, capped at the subtotal) and the GST rate (bps). With
 * `pricesIncludeGst` the unit prices include GST: the total is the discounted subtotal and the GST is the
 * 9/109 inside it; otherwise the GST is added on top of the discounted subtotal.
 */
export function invoiceTotals(
  lines: PricedLineInput[],
  invoiceDiscountBps: number,
  taxRateBps: number,
  invoiceDiscountAmountCents = 0,
  pricesIncludeGst = false,
): Totals {
  let subtotalCents = 0;
  let lineDiscountCents = 0;
  let grossCents = 0;
  for (const l of lines) {
    const a = lineAmounts(l);
    subtotalCents += a.totalCents;
    grossCents += a.grossCents;
    lineDiscountCents += l.discountCents;
  }
  const invoiceDiscountCents =
    invoiceDiscountAmountCents > 0 ? Math.min(subtotalCents, invoiceDiscountAmountCents) : applyBps(subtotalCents, invoiceDiscountBps);
  const afterDiscountsCents = subtotalCents - invoiceDiscountCents;
  const taxCents = pricesIncludeGst ? gstOfInclusive(afterDiscountsCents, taxRateBps) : applyBps(afterDiscountsCents, taxRateBps);
  const taxableCents = pricesIncludeGst ? afterDiscountsCents - taxCents : afterDiscountsCents;
  return {
    grossCents,
    subtotalCents,
    lineDiscountCents,
    invoiceDiscountCents,
    discountTotalCents: lineDiscountCents + invoiceDiscountCents,
    taxableCents,
    taxCents,
    grandTotalCents: taxableCents + taxCents,
    pricesIncludeGst,
  };
}

/**
 * The goods' totals with untaxed charges added (#29): the subtotal and the grand total grow by them; the invoice
 * discount and the GST stay on the goods (they were computed from the goods' lines alone).
 */
export function withCharges(goods: Totals, chargesCents: number): Totals {
  if (chargesCents === 0) return goods;
  return {
    ...goods,
    subtotalCents: goods.subtotalCents + chargesCents,
    grandTotalCents: goods.grandTotalCents + chargesCents,
    chargesCents,
  };
}

/**
 * The invoice's stored subtotal_cents. sales_invoice's CHECK says grand = subtotal - invoice discount + tax, and
 * the columns keep that meaning in both modes: subtotal - invoice discount is the amount before GST. So for
 * GST-inclusive lines the stored subtotal is the lines' sum less the GST inside it (linesSubtotalCents undoes it).
 * Charges (#29) are inside it in both modes (they carry no GST): subtotal - invoice discount - charges is the goods'.
 */
export function storedSubtotalCents(t: Pick<Totals, 'subtotalCents' | 'taxCents' | 'pricesIncludeGst'>): number {
  return t.pricesIncludeGst ? t.subtotalCents - t.taxCents : t.subtotalCents;
}

/** The sum of an invoice's line totals (what its Subtotal line shows) from its stored columns. */
export function linesSubtotalCents(inv: { subtotal_cents: number; tax_total_cents: number; prices_include_gst?: number | boolean | null }): number {
  return inv.prices_include_gst ? inv.subtotal_cents + inv.tax_total_cents : inv.subtotal_cents;
}

/** How a discount was typed at the till: a percent of the amount, or dollars off it. */
export type DiscountKind = 'PERCENT' | 'AMOUNT';

/** Cents off `amountCents` for a discount typed as a percent or in dollars, never below 0 nor above the amount. */
export function discountCents(amountCents: number, kind: DiscountKind, value: number): number {
  if (!Number.isFinite(value) || value <= 0 || amountCents <= 0) return 0;
  const off = kind === 'PERCENT' ? applyBps(amountCents, percentToBps(Math.min(100, value))) : toCents(value);
  return Math.min(amountCents, off);
}

/** True when a sale's discounts (line + invoice) are more than `maxPercent` of its undiscounted amount. */
export function discountAboveLimit(t: Pick<Totals, 'grossCents' | 'discountTotalCents'>, maxPercent: number): boolean {
  // The limit in cents rounds half-up like the discount itself, so "10%" typed at the till is never "10.005%".
  return t.discountTotalCents > applyBps(t.grossCents, percentToBps(maxPercent));
}

/** The discount as a percent of the undiscounted amount (2 decimals), for the till's display. */
export function discountPercent(t: Pick<Totals, 'grossCents' | 'discountTotalCents'>): number {
  return t.grossCents > 0 ? Math.round((t.discountTotalCents * 10_000) / t.grossCents) / 100 : 0;
}

/**
 * The cash part of a sale as the customer pays it (#17.2): with the shop's cash rounding on, rounded to the nearest
 * 5 cents (core/money.ts roundCash); `roundingCents` is the signed difference (-2..+2) the invoice records.
 * A cash part of 1 or 2 cents is not rounded (it would round to nothing: no cash payment left to carry the rounding).
 * One rule for the till's display and the server's checkout (plugins/sales/tender.ts), so they cannot disagree.
 */
export function roundedCashDue(cashDueCents: number, cashRounding: boolean): { dueCents: number; roundingCents: number } {
  const dueCents = cashRounding ? roundCash(cashDueCents) : cashDueCents;
  if (dueCents <= 0) return { dueCents: cashDueCents, roundingCents: 0 };
  return { dueCents, roundingCents: dueCents - cashDueCents };
}

/**
 * The line receipts, invoices and the till show for a GST-inclusive sale in place of an added GST line, with the
 * invoice's own rate ('Total includes GST 9% of $9.00'): the ESC/POS and browser receipts, the receipt and invoice
 * PDFs all print it from here. `taxRateBps` null (the till before it knows the rate) leaves the rate out.
 */
export function includedGstText(taxCents: number, taxRateBps: number | null): string {
  return `Total includes ${taxRateBps === null ? 'GST' : gstRateLabel(taxRateBps)} of ${formatMoney(taxCents)}`;
}
