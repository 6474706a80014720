// A quote: a cart priced exactly as checkout will price it (the catalogue's prices, the shop's GST rate and price
// mode, pricing.ts's invoiceTotals), writing nothing. The customer display (#26.7) shows it, so what the customer
// reads is what the sale will charge, whatever the till sent.
import type { Db } from '../../core/db.js';
import { AppError, badRequest } from '../../core/errors.js';
import { MAX_MONEY_CENTS, percentToBps, rateToBps, toCents } from '../../core/money.js';
import { getProductRow } from '../inventory/api.js';
import { MAX_LINE_QTY, mergeLines, tooLarge } from './actions/checkout.js';
import { invoiceTotals, lineAmounts, type Totals } from './pricing.js';
import { salesRepo } from './repo.js';

export interface QuoteInput {
  items: { productId: number; qty: number; discount?: number }[];
  /** Percent off the sale. */
  invoiceDiscount?: number;
  /** Dollars off the sale (instead of the percent). */
  invoiceDiscountAmount?: number;
}

export interface QuotedLine {
  productId: number;
  name: string;
  size: string | null;
  qty: number;
  unitPriceCents: number;
  discountCents: number;
  totalCents: number;
}

export interface Quote {
  lines: QuotedLine[];
  totals: Totals;
  taxRateBps: number;
  pricesIncludeGst: boolean;
  cashRounding: boolean;
}

/**
 * The cart's lines and totals as checkout computes them (lines of one product added up, in the order first seen).
 * Refuses what checkout refuses about the cart itself: an unknown or deleted product (404 naming the line), a
 * discount above its line (400), both sale discounts (400), too many units (400), amounts above Kedai's limit (409).
 */
export function quoteCart(db: Db, input: QuoteInput): Quote {
  const repo = salesRepo(db);
  const { gstRate, pricesIncludeGst, cashRounding } = repo.moneyRules();
  const taxRateBps = rateToBps(gstRate);
  if ((input.invoiceDiscount ?? 0) > 0 && (input.invoiceDiscountAmount ?? 0) > 0) {
    throw badRequest('Give the sale discount as a percent (invoiceDiscount) or an amount (invoiceDiscountAmount), not both', 'invoiceDiscountAmount');
  }
  const lines = mergeLines(input.items).map((line) => {
    if (line.qty > MAX_LINE_QTY) throw badRequest(`${line.field}.qty: at most ${MAX_LINE_QTY} units of one product per invoice`, `${line.field}.qty`);
    const product = getProductRow(db, line.productId);
    if (!product || product.archived_at)
      throw new AppError(404, 'NOT_FOUND', 'Product not found', { field: `${line.field}.productId`, productId: line.productId });
    const priced = { qty: line.qty, unitPriceCents: product.selling_price_cents, discountCents: line.discountCents };
    const { grossCents, totalCents } = lineAmounts(priced);
    if (grossCents > MAX_MONEY_CENTS) throw tooLarge(`The amount of ${line.field} (${product.item_name})`, line.field);
    if (line.discountCents > grossCents) throw badRequest(`${line.field}.discount cannot exceed the line amount`, `${line.field}.discount`);
    return { productId: product.id, name: product.item_name, size: product.size, ...priced, totalCents };
  });
  if (lines.reduce((s, l) => s + l.totalCents, 0) > MAX_MONEY_CENTS) throw tooLarge('The invoice total', 'items');
  const totals = invoiceTotals(lines, percentToBps(input.invoiceDiscount ?? 0), taxRateBps, toCents(input.invoiceDiscountAmount ?? 0), pricesIncludeGst);
  if (totals.grandTotalCents > MAX_MONEY_CENTS) throw tooLarge('The invoice total', 'items');
  return { lines, totals, taxRateBps, pricesIncludeGst, cashRounding };
}
