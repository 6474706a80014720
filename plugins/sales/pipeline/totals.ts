// Price then adjust then total: the part of the pipeline a quote runs whole and a checkout runs first. The totals
// are pricing.ts's invoiceTotals (GST once, on the discounted amount), bounded by Kedai's money limit.
import type { Db } from '../../../core/db.js';
import { MAX_MONEY_CENTS } from '../../../core/money.js';
import { invoiceTotals, lineAmounts, withCharges, type Totals } from '../pricing.js';
import { adjustLines, type AdjustedLine, type AdjustmentShare } from './adjust.js';
import { priceCharges, type ChargeItem, type PricedCharge } from './charges.js';
import { priceLines, tooLarge, type CartLine } from './price.js';

export interface CartRules {
  taxRateBps: number;
  pricesIncludeGst: boolean;
}

export interface CartDiscounts {
  invoiceDiscountBps: number;
  invoiceDiscountAmountCents: number;
}

export interface PricedCart {
  lines: AdjustedLine[];
  shares: AdjustmentShare[];
  /** #29: the plugins' untaxed items, priced, in the body's order. */
  charges: PricedCharge[];
  totals: Totals;
}

export interface PriceCartOptions {
  businessDate: string;
  customerId: number | null;
  /** An exchange's carried discounts, cents by product. */
  carried?: ReadonlyMap<number, number>;
  /** #29: the cart's plugin items (chargeItems of the body). */
  charges?: readonly ChargeItem[];
}

/**
 * Stages price and adjust, then the invoice's totals; 404/400/409 as priceLines, 409 for a total above the limit.
 * The charges (#29) are priced first (a bad value is a 400 before any product is read) and added after the goods'
 * totals: the adjusters, the invoice discount and the GST never see them.
 */
export function priceCart(db: Db, cart: readonly CartLine[], discounts: CartDiscounts, rules: CartRules, opts: PriceCartOptions): PricedCart {
  const charges = priceCharges(db, opts.charges ?? []);
  const priced = priceLines(db, cart, opts.carried);
  // Bounded before any GST arithmetic, so every product below stays an exact integer.
  if (priced.reduce((s, p) => s + lineAmounts(p).totalCents, 0) > MAX_MONEY_CENTS) throw tooLarge('The invoice total', 'items');
  const { lines, shares } = adjustLines(db, priced, opts);
  const goods = invoiceTotals(lines, discounts.invoiceDiscountBps, rules.taxRateBps, discounts.invoiceDiscountAmountCents, rules.pricesIncludeGst);
  const totals = withCharges(
    goods,
    charges.reduce((sum, c) => sum + c.amountCents, 0),
  );
  if (totals.grandTotalCents > MAX_MONEY_CENTS) throw tooLarge('The invoice total', 'items');
  return { lines, shares, charges, totals };
}
