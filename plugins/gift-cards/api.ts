// Gift cards' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing else).
// Reports (#29, to come) read the shop's liability from here rather than from this plugin's tables.
import type { Db } from '../../core/db.js';

/** The value on every live card (its sale not voided), expired ones included: what the shop still owes in cents. */
export function giftCardLiabilityCents(db: Db): number {
  return db
    .prepare(`SELECT coalesce(sum(c.balance_cents), 0) FROM gift_cards_card c JOIN sales_invoice i ON i.id = c.invoice_id WHERE i.payment_status <> 'VOID'`)
    .pluck()
    .get() as number;
}

export { GIFT_CARD_CODE } from './charge.js';
export { maskedCardCode } from './code.js';
