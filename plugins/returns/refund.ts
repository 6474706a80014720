// The refund arithmetic, in integer cents. The invoice's taxable amount (after line and invoice discounts)
// and its GST are shared out over its lines by largest remainder, so the lines' shares add up to exactly
// what was charged and each share is its exact proportion rounded up or down. A return of q units of a line
// that already had `before` units returned gets share x (before+q)/qty - share x before/qty (half-up), so
// returning a whole line, in one go or several, refunds exactly its share, and a whole invoice exactly its
// grand total, never a cent more.
import { mulDivHalfUp } from '../../core/money.js';

export interface InvoiceAmounts {
  subtotal_cents: number;
  invoice_discount_cents: number;
  tax_total_cents: number;
  /** #29: untaxed charges (a gift card sold) inside subtotal_cents: not goods, never refunded by a goods return. */
  charges_cents?: number;
}

export interface LineAmount {
  id: number;
  line_total_cents: number;
}

/** A line's share of the invoice: its amount after the invoice discount (excl. GST) and its GST. */
export interface LineShare {
  netCents: number;
  taxCents: number;
}

/** Splits `total` over `weights` in proportion; each part is floor or ceil of its exact share; parts sum to total. */
export function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  // BigInt: total x weight can pass 2^53 on large invoices.
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => Number((T * BigInt(w)) / S));
  const remainders = weights.map((w, i) => ({ i, r: (T * BigInt(w)) % S }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  // Biggest remainder first; ties go to the earlier line.
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/** Each line's share of the invoice's taxable amount and GST, by line id. */
export function lineShares(invoice: InvoiceAmounts, lines: LineAmount[]): Map<number, LineShare> {
  // The amount before GST in both price modes: a GST-inclusive invoice (sales migration 007) stores subtotal_cents
  // as its lines' sum less the GST inside it, so this is its total - GST, and net + GST shares add up to the total.
  // The lines weigh in by their amounts as sold (with or without GST: the same proportions either way).
  // Charges (#29) are in the subtotal but are not the goods': left out, so no goods return refunds any of them.
  const taxable = invoice.subtotal_cents - invoice.invoice_discount_cents - (invoice.charges_cents ?? 0);
  const nets = largestRemainder(
    taxable,
    lines.map((l) => l.line_total_cents),
  );
  const taxes = largestRemainder(invoice.tax_total_cents, nets);
  return new Map(lines.map((l, i) => [l.id, { netCents: nets[i], taxCents: taxes[i] }]));
}

/** The refund (excl. GST and GST) for returning `qty` more units of a line of `lineQty` units, `before` already returned. */
export function returnRefund(share: LineShare, lineQty: number, before: number, qty: number): LineShare {
  const part = (cents: number) => mulDivHalfUp(cents, before + qty, lineQty) - mulDivHalfUp(cents, before, lineQty);
  return { netCents: part(share.netCents), taxCents: part(share.taxCents) };
}
