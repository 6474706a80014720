// A quote: a cart priced exactly as checkout will price it, writing nothing: the checkout pipeline's price and
// adjust stages and its totals (pipeline/totals.ts), on the shop's GST rate and price mode and the shop day of
// now. The customer display (#26.7), POST /api/checkout/quote and an exchange's quote show it, so what the
// customer reads is what the sale will charge, whatever the till sent.
import { localDate } from '../../core/clock.js';
import type { Db } from '../../core/db.js';
import { badRequest } from '../../core/errors.js';
import { percentToBps, rateToBps, toCents } from '../../core/money.js';
import { appContextOf } from '../../core/plugin.js';
import { adjustmentsOf, chargeItems, chargeRows, mergeLines, priceCart } from './pipeline/index.js';
import { lineAmounts, type Totals } from './pricing.js';
import { salesRepo, type AdjustmentRow } from './repo.js';
import type { CheckoutItem } from './schemas.js';

export interface QuoteInput {
  /** The cart as checkout takes it: products, and other plugins' items (#29, charges without GST). */
  items: readonly CheckoutItem[];
  /** Percent off the sale. */
  invoiceDiscount?: number;
  /** Dollars off the sale (instead of the percent). */
  invoiceDiscountAmount?: number;
  customerId?: number | null;
  /** When the cart is priced (promotions run by shop day). Default: now. */
  at?: Date;
}

export interface QuotedLine {
  productId: number;
  name: string;
  size: string | null;
  qty: number;
  unitPriceCents: number;
  /** What is off the line before adjustments (the cart's own discount). */
  discountCents: number;
  /** Signed (0 or negative): what the adjustments took off the line. */
  adjustmentCents: number;
  /** The line after its discount and its adjustments. */
  totalCents: number;
}

export interface Quote {
  lines: QuotedLine[];
  /** The adjusters' adjustments (promotions): negative, inside the lines' discounts. */
  adjustments: AdjustmentRow[];
  /** #29: the charges (positive, no GST, on no line), as the invoice will list them after the adjustments. */
  charges: AdjustmentRow[];
  totals: Totals;
  taxRateBps: number;
  pricesIncludeGst: boolean;
  cashRounding: boolean;
}

/**
 * The cart's lines, adjustments and totals as checkout computes them (lines of one product added up, in the order
 * first seen). Refuses what checkout refuses about the cart itself: an unknown or deleted product (404 naming the
 * line), a discount above its line (400), both sale discounts (400), too many units (400), amounts above Kedai's
 * limit (409).
 */
export function quoteCart(db: Db, input: QuoteInput): Quote {
  const { gstRate, pricesIncludeGst, cashRounding } = salesRepo(db).moneyRules();
  const taxRateBps = rateToBps(gstRate);
  if ((input.invoiceDiscount ?? 0) > 0 && (input.invoiceDiscountAmount ?? 0) > 0) {
    throw badRequest('Give the sale discount as a percent (invoiceDiscount) or an amount (invoiceDiscountAmount), not both', 'invoiceDiscountAmount');
  }
  const businessDate = localDate(input.at ?? new Date(), appContextOf(db).timeZone);
  const { lines, shares, charges, totals } = priceCart(
    db,
    mergeLines(input.items),
    { invoiceDiscountBps: percentToBps(input.invoiceDiscount ?? 0), invoiceDiscountAmountCents: toCents(input.invoiceDiscountAmount ?? 0) },
    { taxRateBps, pricesIncludeGst },
    { businessDate, customerId: input.customerId ?? null, charges: chargeItems(input.items) },
  );
  return {
    lines: lines.map((l) => ({
      productId: l.product.id,
      name: l.product.item_name,
      size: l.product.size,
      qty: l.qty,
      unitPriceCents: l.unitPriceCents,
      discountCents: l.discountCents + l.adjustmentCents,
      adjustmentCents: l.adjustmentCents,
      totalCents: lineAmounts(l).totalCents,
    })),
    adjustments: adjustmentsOf(shares),
    charges: chargeRows(charges),
    totals,
    taxRateBps,
    pricesIncludeGst,
    cashRounding,
  };
}
