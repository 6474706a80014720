// Cart totals computed exactly like the server's checkout: integer cents, half-up, GST once on the invoice.

/** The GST rate the POS view uses (SPEC section 9: 'GST (9%)'). */
export const POS_TAX_RATE = 0.09;

/** Dollars -> integer cents via the decimal text, so 19.99 is 1999 and never 1998.9999. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) return 0;
  const negative = dollars < 0;
  const [whole, frac = ''] = Math.abs(dollars).toFixed(6).split('.');
  const micro = Number(whole) * 1_000_000 + Number(frac);
  const c = Math.floor((micro + 5_000) / 10_000);
  return negative ? -c : c;
}

/** Cents -> dollars with 2 decimals. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** amount x bps / 10000 rounded half-up (halves away from zero), as core/money.ts applyBps does. */
export function applyBps(amount: number, bps: number): number {
  const product = amount * bps;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5_000) / 10_000);
}

export interface PricedLine {
  price: number;
  qty: number;
}

export interface CartTotals {
  /** Sum of qty x price (dollars). */
  subtotal: number;
  /** invoiceDiscount % of the subtotal, half-up (dollars). */
  discount: number;
  /** Subtotal after the invoice discount (dollars). */
  taxable: number;
  /** GST on the taxable amount, computed once, half-up (dollars). */
  tax: number;
  total: number;
  totalCents: number;
}

/** One line's total in dollars (qty x unit price, exact in cents). */
export function lineTotal(line: PricedLine): number {
  return toDollars(toCents(line.price) * line.qty);
}

/** The invoice totals for cart lines, a percent discount and a tax rate (fraction), to the cent like the server. */
export function cartTotals(lines: PricedLine[], invoiceDiscountPercent: number, taxRate: number): CartTotals {
  const subtotal = lines.reduce((sum, l) => sum + toCents(l.price) * l.qty, 0);
  const discountBps = Math.round(Math.max(0, invoiceDiscountPercent || 0) * 100);
  const discount = Math.min(subtotal, applyBps(subtotal, discountBps));
  const taxable = subtotal - discount;
  const tax = applyBps(taxable, Math.round(Math.max(0, taxRate || 0) * 10_000));
  const total = taxable + tax;
  return {
    subtotal: toDollars(subtotal),
    discount: toDollars(discount),
    taxable: toDollars(taxable),
    tax: toDollars(tax),
    total: toDollars(total),
    totalCents: total,
  };
}
