// A gift card's code: what spends it, so it is random and long (13 characters of Crockford base32 from
// crypto.randomBytes: 65 bits), the same idea as a credit note's redemption code (#25), kept here since
// credit-notes' api.ts does not export it. Receipts and the ledger print only its last 4 characters.
import { randomBytes } from 'node:crypto';

/** Crockford's base32 alphabet: no I, L, O or U (nothing to misread). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 13;

/** A fresh random code (each byte's low 5 bits pick a character: 256 is a multiple of 32, so no bias). */
export function newCardCode(): string {
  let code = '';
  for (const b of randomBytes(CODE_LENGTH)) code += CROCKFORD[b & 31];
  return code;
}

/** A typed or scanned code in its stored form, or null when it cannot be one (case, spaces, dashes ignored; O=0, I/L=1). */
export function cardCodeOf(raw: string): string | null {
  const code = raw
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return code.length === CODE_LENGTH && [...code].every((ch) => CROCKFORD.includes(ch)) ? code : null;
}

/** The code as printed for people to read and type: 4-4-5 groups ("7KQ2-M9XD-4HT0B"). */
export function formatCardCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** What receipts, the ledger and the payment's reference show: never the whole secret. */
export function maskedCardCode(code: string): string {
  return `GC ****${code.slice(-4)}`;
}
