// The discount an exchange carries (#26.3): a new pair of the same style at the same list price as a pair coming
// back costs what that pair was refunded, so a straight size swap is $0.00 whatever discounts the original sale had
// (its line discount and its share of the invoice discount are both inside the refund). Pure: integer cents only.
import { mulDivHalfUp } from '../../core/money.js';
import { invoiceTotals } from '../sales/api.js';

/** A return item of the exchange: its style, the unit list price it was sold at and its refund for `qty` units. */
export interface ReturnedGroup {
  styleId: number | null;
  unitPriceCents: number;
  qty: number;
  netCents: number;
  taxCents: number;
}

/** A line of the new sale (lines of one product merged), priced from the catalogue. */
export interface NewSaleLine {
  productId: number;
  styleId: number | null;
  unitPriceCents: number;
  qty: number;
  /** The discount the cashier gave the line. */
  discountCents: number;
}

export interface SaleRules {
  taxRateBps: number;
  pricesIncludeGst: boolean;
  invoiceDiscountBps: number;
  invoiceDiscountAmountCents: number;
}

/** The part of `total` that `k` more units carry after `taken` of `qty` were carried (half-up; all units add up to total). */
const unitsPart = (total: number, taken: number, k: number, qty: number) => mulDivHalfUp(total, taken + k, qty) - mulDivHalfUp(total, taken, qty);

/**
 * The carried discount (cents, by product) of each new line that matches returned pairs: the matched units' list
 * price less what those pairs were refunded (before GST when GST is added on top; with GST when prices include it).
 * A new sale made only of carried units, with no sale discount, is then nudged by a cent or two so its total (GST
 * charged once on the invoice) is exactly the refund; where no net amount gives that total (GST rounding skips a
 * cent), the nearest total below it (the customer's favour).
 */
export function carriedDiscounts(returned: ReturnedGroup[], lines: NewSaleLine[], rules: SaleRules): Map<number, number> {
  const pool = returned.map((g) => ({ ...g, taken: 0 }));
  const carried = new Map<number, number>();
  let targetCents = 0;
  let allCarried = true;
  for (const line of lines) {
    let left = line.qty;
    let matched = 0;
    let value = 0;
    for (const g of pool) {
      if (left === 0) break;
      if (g.styleId === null || g.styleId !== line.styleId || g.unitPriceCents !== line.unitPriceCents || g.taken >= g.qty) continue;
      const k = Math.min(left, g.qty - g.taken);
      const net = unitsPart(g.netCents, g.taken, k, g.qty);
      const tax = unitsPart(g.taxCents, g.taken, k, g.qty);
      value += rules.pricesIncludeGst ? net + tax : net;
      targetCents += net + tax;
      g.taken += k;
      left -= k;
      matched += k;
    }
    if (left > 0) allCarried = false;
    if (matched === 0) continue;
    const room = line.qty * line.unitPriceCents - line.discountCents;
    carried.set(line.productId, Math.max(0, Math.min(room, matched * line.unitPriceCents - value)));
  }
  if (carried.size === 0 || !allCarried || rules.invoiceDiscountBps > 0 || rules.invoiceDiscountAmountCents > 0) return carried;
  const totalWith = (m: Map<number, number>) =>
    invoiceTotals(
      lines.map((l) => ({ qty: l.qty, unitPriceCents: l.unitPriceCents, discountCents: l.discountCents + (m.get(l.productId) ?? 0) })),
      0,
      rules.taxRateBps,
      0,
      rules.pricesIncludeGst,
    ).grandTotalCents;
  if (totalWith(carried) === targetCents) return carried;
  // GST rounded once on the whole sale can differ by a cent from the refund's GST shares: move the last carried line.
  const last = [...carried.keys()].at(-1)!;
  const line = lines.find((l) => l.productId === last)!;
  const room = line.qty * line.unitPriceCents - line.discountCents;
  let best = carried;
  let bestTotal = totalWith(carried);
  for (let d = -4; d <= 4; d += 1) {
    const cents = carried.get(last)! + d;
    if (cents < 0 || cents > room) continue;
    const tried = new Map(carried).set(last, cents);
    const total = totalWith(tried);
    const better = total === targetCents || (bestTotal !== targetCents && total < targetCents && (bestTotal > targetCents || total > bestTotal));
    if (better) {
      best = tried;
      bestTotal = total;
    }
  }
  return best;
}

/** The carried cents of all lines together. */
export const carriedTotal = (m: Map<number, number>) => [...m.values()].reduce((s, c) => s + c, 0);
