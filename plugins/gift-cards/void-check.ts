// Gift cards' void check (manifest voidChecks): a sale that sold a card that has since been spent cannot be voided
// (the money it took is already paying for goods). A void of a sale whose card is unspent kills the card (status VOID).
import { voidBlockedWhen } from '../sales/api.js';

export const spentCardVoidCheck = voidBlockedWhen(
  `SELECT 1 FROM gift_cards_movement m JOIN gift_cards_card c ON c.id = m.card_id WHERE c.invoice_id = ? AND m.kind = 'REDEEM' LIMIT 1`,
);
