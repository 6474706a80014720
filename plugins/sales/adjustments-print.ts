// How a sale's adjustments (#28.2: rows other plugins add before GST, a promotion's discount) print on every
// receipt and invoice, the same everywhere, by label and amount only (never by which plugin made them):
//   - each line prints BEFORE its adjustments (line_total - adjustment), with only the cashier's own discount
//     (discount - the adjustments' part of it);
//   - then one row per adjustment, its label and signed amount;
//   - then the Subtotal, the sum of the stored line totals: lines + adjustments = Subtotal, to the cent.
// Pure (no Node imports): the server's renderers use the cents form, the screens the dollars form.
import { toCents, toDollars } from '../../core/money.js';

/** A stored line's money: its discount already holds its adjustments' part (adjustment_cents, 0 or negative). */
export interface StoredLineMoney {
  discount_cents: number;
  line_total_cents: number;
  adjustment_cents: number;
}

/** A line as printed: its amount before adjustments and the discount the cashier gave on it. */
export interface PrintedLine {
  amountCents: number;
  ownDiscountCents: number;
}

/** The line as it prints: before its adjustments, with only the cashier's own discount. */
export function printedLine(l: StoredLineMoney): PrintedLine {
  const adjustment = l.adjustment_cents ?? 0;
  return { amountCents: l.line_total_cents - adjustment, ownDiscountCents: l.discount_cents + adjustment };
}

/** How a charge (#29: a positive row, an item sold without GST, a gift card) is marked where it prints. */
export const NO_GST_MARK = '(no GST)';

/**
 * The adjustments' rows as they print under the lines: label and signed amount (negative lowers the sale). A charge
 * (positive: a plugin's item without GST, #29) is marked as such, as IRAS asks of items not subject to GST.
 */
export function printedAdjustments(rows: readonly { label: string; amount_cents: number }[]): { label: string; amountCents: number }[] {
  return rows.map((a) => ({ label: a.amount_cents > 0 ? `${a.label} ${NO_GST_MARK}` : a.label, amountCents: a.amount_cents }));
}

/** The same rule for an invoice item in dollars (GET /api/invoices/:id's items, on the screens). */
export function printedItem(i: { discount: number; line_total: number; adjustment?: number }): { amount: number; ownDiscount: number } {
  const p = printedLine({ discount_cents: toCents(i.discount), line_total_cents: toCents(i.line_total), adjustment_cents: toCents(i.adjustment ?? 0) });
  return { amount: toDollars(p.amountCents), ownDiscount: toDollars(p.ownDiscountCents) };
}
