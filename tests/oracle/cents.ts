// The oracle's own money arithmetic, in integer cents, written from docs/money.md, CONTRACT.md and the spec comments
// of the server's files (never imported from core/ or plugins/: the oracle must not share the code it checks).

/** amount x num / den rounded half-up (halves away from zero), exactly (BigInt: no float anywhere). */
export function mulDivHalfUp(amount: number, num: number, den: number): number {
  const p = BigInt(amount) * BigInt(num);
  const d = BigInt(den);
  const neg = p < 0n;
  const abs = neg ? -p : p;
  const q = (abs * 2n + d) / (2n * d);
  return Number(neg ? -q : q);
}

/** GST of a price before GST (9% = 900 bps), once per invoice, half-up. */
export function gstOnTop(afterDiscountsCents: number, bps = 900): number {
  return mulDivHalfUp(afterDiscountsCents, bps, 10_000);
}

/** GST inside a GST-inclusive amount: amount x 9/109, half-up. */
export function gstInside(totalCents: number, bps = 900): number {
  return mulDivHalfUp(totalCents, bps, 10_000 + bps);
}

/** Nearest 5 cents as the MAS rule has it: x.x1-2 down to x.x0, x.x3-4 up to x.x5, x.x6-7 down to x.x5, x.x8-9 up. */
export function round5(c: number): number {
  const sign = c < 0 ? -1 : 1;
  const abs = Math.abs(c);
  const r = abs % 5;
  const down = abs - r;
  return sign * (r <= 2 ? down : down + 5);
}

/** Down to a multiple of 5 cents (toward zero). */
export function floor5(c: number): number {
  const sign = c < 0 ? -1 : 1;
  const abs = Math.abs(c);
  return sign * (abs - (abs % 5));
}

/**
 * Splits `total` over `weights` in proportion: each part is the floor of its exact share, then the cents left go one
 * each to the largest remainders (ties: the earlier weight). Parts add up to `total` exactly.
 */
export function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => Number((T * BigInt(w)) / S));
  const rems = weights.map((w, i) => ({ i, r: (T * BigInt(w)) % S }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  rems.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rems) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/** Cents -> dollars as JSON carries them (2 decimals). */
export function dollars(c: number): number {
  return Number((c / 100).toFixed(2));
}

/** Dollars from a JSON reply -> cents (null/undefined stay as they are, so a missing field is seen as missing). */
export function centsOf(d: unknown): number | undefined {
  if (typeof d !== 'number' || !Number.isFinite(d)) return undefined;
  return Math.round(d * 100);
}

/** "$1,234.56" / "-$0.05", for messages. */
export function money(c: number | undefined | null): string {
  if (c === undefined || c === null || Number.isNaN(c)) return String(c);
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const sgDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The shop-local (Singapore) business date of a UTC timestamp from a reply. */
export function shopDate(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) throw new Error(`Not a timestamp: ${iso}`);
  return sgDate.format(new Date(t));
}
