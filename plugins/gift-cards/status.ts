// A card's status on a shop day: VOID (its sale was voided), EXPIRED (past its last day; the balance is kept and
// reported), USED (nothing left), else ACTIVE.
import type { CardRow } from './repo.js';

export type CardStatus = 'ACTIVE' | 'USED' | 'EXPIRED' | 'VOID';

export function cardStatus(card: CardRow, today: string): CardStatus {
  if (card.voided) return 'VOID';
  if (card.expires_on !== null && today > card.expires_on) return 'EXPIRED';
  return card.balance_cents === 0 ? 'USED' : 'ACTIVE';
}

// Moved to core/clock.ts (#29: loyalty points expire by the same calendar rule); kept here for gift cards' callers.
export { addMonths } from '../../core/clock.js';
