// The invoice's arithmetic, in integer cents: line totals, discounts, and GST charged ONCE on the
// discounted subtotal (half-up), never summed from per-line rounded amounts.
import { applyBps } from '../../core/money.js';

export interface PricedLineInput {
  qty: number;
  unitPriceCents: number;
  discountCents: number;
}

export interface Totals {
  /** Sum of line totals (after line discounts). */
  subtotalCents: number;
  lineDiscountCents: number;
  invoiceDiscountCents: number;
  discountTotalCents: number;
  taxableCents: number;
  taxCents: number;
  grandTotalCents: number;
}

/** A line's amount before and after its own discount. */
export function lineAmounts(l: PricedLineInput): { grossCents: number; totalCents: number } {
  const grossCents = l.qty * l.unitPriceCents;
  return { grossCents, totalCents: grossCents - l.discountCents };
}

/** The invoice totals for priced lines, an invoice discount (bps of the subtotal) and the GST rate (bps). */
export function invoiceTotals(lines: PricedLineInput[], invoiceDiscountBps: number, taxRateBps: number): Totals {
  let subtotalCents = 0;
  let lineDiscountCents = 0;
  for (const l of lines) {
    subtotalCents += lineAmounts(l).totalCents;
    lineDiscountCents += l.discountCents;
  }
  const invoiceDiscountCents = applyBps(subtotalCents, invoiceDiscountBps);
  const taxableCents = subtotalCents - invoiceDiscountCents;
  const taxCents = applyBps(taxableCents, taxRateBps);
  return {
    subtotalCents,
    lineDiscountCents,
    invoiceDiscountCents,
    discountTotalCents: lineDiscountCents + invoiceDiscountCents,
    taxableCents,
    taxCents,
    grandTotalCents: taxableCents + taxCents,
  };
}
