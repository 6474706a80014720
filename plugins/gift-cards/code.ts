// A gift card's code: what spends it, so it is a bearer code (core/bearer-code.ts: 13 characters of Crockford
// base32, 65 random bits), read and printed as a credit note's redemption code is. Receipts and the ledger print
// only its last 4 characters.
import { formatRedemptionCode, newRedemptionCode, redemptionCodeOf } from '../../core/bearer-code.js';

export { CODE_LENGTH } from '../../core/bearer-code.js';

/** A fresh random code. */
export const newCardCode = newRedemptionCode;

/** A typed or scanned code in its stored form, or null when it cannot be one (case, spaces, dashes ignored; O=0, I/L=1). */
export const cardCodeOf = redemptionCodeOf;

/** The code as printed for people to read and type: 4-4-5 groups ("7KQ2-M9XD-4HT0B"). */
export const formatCardCode = formatRedemptionCode;

/** What receipts, the ledger and the payment's reference show: never the whole secret. */
export function maskedCardCode(code: string): string {
  return `GC ****${code.slice(-4)}`;
}
