// The cash-up form's arithmetic: typed counts per note and coin -> the counted total in cents, and the
// body the server takes. Pure, so the live total on screen is the one the server keeps (same denominations).
import { DENOMINATIONS } from '../denominations.js';

/** What each denomination's input holds, by key ("50", "0.20"). */
export type CountInputs = Record<string, string>;

export const emptyCount = (): CountInputs => Object.fromEntries(DENOMINATIONS.map((d) => [d.key, '']));

/** A typed count: '' is 0; otherwise a whole number 0..100000, else null (not valid). */
export function pieces(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n <= 100_000 ? n : null;
}

/** The counted total in cents, and the labels of the inputs that do not hold a whole number. */
export function countTotal(inputs: CountInputs): { cents: number; invalid: string[] } {
  let cents = 0;
  const invalid: string[] = [];
  for (const d of DENOMINATIONS) {
    const n = pieces(inputs[d.key] ?? '');
    if (n === null) invalid.push(d.label);
    else cents += n * d.cents;
  }
  return { cents, invalid };
}

/** The close body's `counted` map (only denominations counted above 0). */
export function countedBody(inputs: CountInputs): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of DENOMINATIONS) {
    const n = pieces(inputs[d.key] ?? '');
    if (n) out[d.key] = n;
  }
  return out;
}
