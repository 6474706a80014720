// A bearer code: what spends stored value a guessable number must not (a walk-in credit note's redemption code,
// #25, since CN-yyyymmdd-nnnn is a sequential tax document number; a gift card's code, #29). 13 characters of
// Crockford base32 from crypto.randomBytes: 65 random bits, printed as text (and a Code128 barcode on slips).
import { randomBytes } from 'node:crypto';

/** Crockford's base32 alphabet: digits and letters without I, L, O and U (nothing to misread). */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 13;
/** Random bits in a code: 5 per character. */
export const CODE_BITS = CODE_LENGTH * 5;

/** A fresh random code (each byte's low 5 bits pick a character: 256 is a multiple of 32, so no bias). */
export function newRedemptionCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += CROCKFORD[b & 31];
  return code;
}

/**
 * A typed or scanned code in its stored form, or null when it cannot be one: case, spaces and dashes do not
 * matter, and the letters Crockford reads as digits are taken as them (O -> 0, I and L -> 1).
 */
export function redemptionCodeOf(raw: string): string | null {
  const code = raw
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return code.length === CODE_LENGTH && [...code].every((ch) => CROCKFORD.includes(ch)) ? code : null;
}

/** The code as printed for people to read and type: 4-4-5 groups ("7KQ2-M9XD-4HT0B"). */
export function formatRedemptionCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
