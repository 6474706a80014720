// Singapore dollar notes and coins a drawer is counted in, and the counted total. Pure: the cash-up modal
// and the server use the same list, so the screen's live total is the one the server keeps.

export interface Denomination {
  /** The key in a close's `counted` map ("50", "0.20"). */
  key: string;
  cents: number;
  /** The input's label ('S$50 notes', '20¢ coins'). */
  label: string;
  kind: 'note' | 'coin';
}

const note = (dollars: number): Denomination => ({ key: String(dollars), cents: dollars * 100, label: `S$${dollars} notes`, kind: 'note' });
const coin = (cents: number): Denomination =>
  cents >= 100
    ? { key: String(cents / 100), cents, label: `S$${cents / 100} coins`, kind: 'coin' }
    : { key: (cents / 100).toFixed(2), cents, label: `${cents}¢ coins`, kind: 'coin' };

/** Notes S$1000, 100, 50, 10, 5, 2; coins S$1, 50¢, 20¢, 10¢, 5¢ (largest first, as a drawer is counted). */
export const DENOMINATIONS: readonly Denomination[] = [
  note(1000),
  note(100),
  note(50),
  note(10),
  note(5),
  note(2),
  coin(100),
  coin(50),
  coin(20),
  coin(10),
  coin(5),
];

/** The keys a close accepts: each denomination's own, and the coins also without the trailing 0 ("0.5"). */
export const DENOMINATION_KEY_PATTERN = '^(1000|100|50|10|5|2|1|0\\.50?|0\\.20?|0\\.10?|0\\.05)$';

/** The denomination a key names ("0.5" and "0.50" are the same coin), or undefined. */
export function denominationOf(key: string): Denomination | undefined {
  const n = Number(key);
  return DENOMINATIONS.find((d) => d.cents === Math.round(n * 100) && new RegExp(DENOMINATION_KEY_PATTERN).test(key));
}

/** The total in cents of a count (quantity per denomination in cents). */
export function countedCents(qtyByCents: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [cents, qty] of qtyByCents) total += cents * qty;
  return total;
}
