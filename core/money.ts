// Money is integer cents inside; dollars with 2 decimals at the edges. Rounding is half-up to the cent.
// Pure (no Node imports): the server and the screens (the till's cart, forms) share this one module.

declare const centsBrand: unique symbol;
/** An integer amount of cents. */
export type Cents = number & { readonly [centsBrand]: true };

/**
 * The largest amount of money Kedai handles anywhere, in cents ($9,999,999.99): a price, a payment, a
 * line, an invoice's grand total. Totals are checked against it before any arithmetic that could leave
 * exact integers (cents x 10,000 bps stays below 2^53), so a huge cart is a 409, never a crash.
 */
export const MAX_MONEY_CENTS = 999_999_999;

/** A plain decimal amount as typed: digits with at most 2 decimals ("12", "12.5", "12.50"); no sign, spaces, exponent or hex. */
export const PLAIN_AMOUNT = /^\d{1,10}(?:\.\d{1,2})?$/;

/**
 * Dollars sent as a JSON number or as typed text -> cents, or null when it is not a plain amount
 * with at most 2 decimals within 0..MAX_MONEY_CENTS ("0x10", "1e3", " 5", "Infinity" are all null).
 */
export function parseAmount(value: unknown): Cents | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && PLAIN_AMOUNT.test(value)) n = Number(value);
  else return null;
  if (!Number.isFinite(n) || n < 0) return null;
  const c = Math.round(n * 100);
  if (Math.abs(n * 100 - c) > 1e-6 || c > MAX_MONEY_CENTS) return null;
  return c as Cents;
}

/** Marks an integer as cents (throws on fractions, which would be a bug). */
export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer number of cents: ${n}`);
  return n as Cents;
}

/** Dollars (a JSON number with at most 2 decimals) -> cents, exactly, via the decimal text. */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new Error(`Not a money amount: ${dollars}`);
  const negative = dollars < 0;
  const [whole, frac = ''] = Math.abs(dollars).toFixed(6).split('.');
  // toFixed(6) settles float noise (19.99 -> "19.990000"); the third decimal onwards rounds half-up.
  const micro = Number(whole) * 1_000_000 + Number(frac);
  const c = Math.floor((micro + 5_000) / 10_000);
  return cents(negative ? -c : c);
}

/**
 * A number typed into a form -> cents, half-up like toCents, for the screens' checks. Never throws on a
 * finite number: one beyond any amount Kedai handles is clamped to just past MAX_MONEY_CENTS (so it is still
 * "too much" in every comparison); a non-number is NaN.
 */
export function typedCents(dollars: number): number {
  if (!Number.isFinite(dollars)) return Number.NaN;
  const limit = MAX_MONEY_CENTS / 100 + 1;
  return toCents(Math.max(-limit, Math.min(limit, dollars)));
}

/** Cents -> dollars number for JSON (2 decimals). */
export function toDollars(c: number): number {
  return Math.round(c) / 100;
}

/** Cents -> "$1,234.56" (negative as "-$12.34"): the one money format of every screen, PDF and receipt. */
export function formatMoney(c: number): string {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(Math.round(c));
  // Thousands separators by hand: Intl's grouping depends on the runtime's locale data (the executable's ICU).
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer division rounding half-up (away from zero for halves), for amount x numerator / denominator. */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): Cents {
  if (denominator <= 0) throw new Error('denominator must be positive');
  const product = amount * numerator;
  const sign = product < 0 ? -1 : 1;
  const abs = Math.abs(product);
  return cents(sign * Math.floor((abs + Math.floor(denominator / 2)) / denominator) + 0);
}

/** "GST 9%" from basis points (900): the rate as receipts, invoices and PDFs print it; decimals only when it has them (8.5%). */
export function gstRateLabel(taxRateBps: number): string {
  return `GST ${Number((taxRateBps / 100).toFixed(2))}%`;
}

/** A rate as a fraction (0.09) -> basis points (900), exactly. */
export function rateToBps(rate: number): number {
  return Math.round(rate * 10_000);
}

/** A percent (12.5) -> basis points (1250), exactly. */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/** amount x bps / 10000, half-up: GST, discounts. */
export function applyBps(amount: number, bps: number): Cents {
  return mulDivHalfUp(amount, bps, 10_000);
}

/** Sums cents. */
export function sumCents(values: Iterable<number>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return cents(total);
}

/**
 * Cash due rounded to the nearest 5 cents (MAS: no 1-cent coins since 2002): x.x1, x.x2 down to x.x0; x.x3, x.x4
 * up to x.x5; x.x6, x.x7 down to x.x5; x.x8, x.x9 up to the next x.x0. Negative amounts (cash paid back) mirror it.
 */
export function roundCash(c: number): Cents {
  const sign = c < 0 ? -1 : 1;
  const abs = Math.abs(c);
  return cents(sign * (Math.floor((abs + 2) / 5) * 5) + 0);
}

/** GST rate in basis points (900) -> the GST inside a GST-inclusive amount: amount x 9/109, half-up. */
export function gstOfInclusive(amountCents: number, gstBps: number): Cents {
  return mulDivHalfUp(amountCents, gstBps, 10_000 + gstBps);
}

/**
 * The price a customer pays for one unit, GST included: the stored price itself when prices are stored with
 * GST, else the price plus its GST (half-up). For display: an invoice still charges GST once on its total.
 */
export function priceWithGst(priceCents: number, gstBps: number, pricesIncludeGst: boolean): Cents {
  return pricesIncludeGst ? cents(priceCents) : cents(priceCents + applyBps(priceCents, gstBps));
}
