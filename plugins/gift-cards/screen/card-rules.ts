// Gift cards at the till: the rules the slots share (pure, tested in card-rules.test.ts). The server checks it all
// again: the amount by the charge's schema, the card in the sale's transaction.
import { toCents } from '../../../core/money.js';
import { money } from '../../../ui/format.js';
import type { CartCharge, CheckoutTender } from '../../sales/schemas.js';
import type { GiftCardReply } from '../schemas.js';

/** What a card may be sold for (charge.ts's schema: $5..$1,000, whole cents). */
export const MIN_CARD_DOLLARS = 5;
export const MAX_CARD_DOLLARS = 1000;
/** The dialog's quick picks. */
export const QUICK_AMOUNTS = [20, 50, 100] as const;

export const AMOUNT_PROBLEM = 'Enter an amount from $5.00 to $1,000.00';

/** The typed amount's problem, or null. */
export function amountProblem(text: string): string | null {
  const t = text.trim();
  const n = Number(t);
  if (t === '' || !Number.isFinite(n) || n < MIN_CARD_DOLLARS || n > MAX_CARD_DOLLARS) return AMOUNT_PROBLEM;
  // Whole cents only (the server's multipleOf 0.01).
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return AMOUNT_PROBLEM;
  return null;
}

/** A card of `amount` dollars as the cart's charge row (the server's label: `Gift card $50.00`). */
export function cardCharge(amount: number): CartCharge {
  return { kind: 'gift_card', value: { amount }, label: `Gift card ${money(amount)}`, amount };
}

/** The code as printed on the receipt, in groups (4-4-5): easier to read back to a customer. */
export function groupedCode(code: string): string {
  return code.length === 13 ? `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}` : code;
}

/** The last four characters only (the till shows no whole code of a card being spent). */
export function maskedCode(code: string): string {
  return `GC ****${code.slice(-4)}`;
}

/** Why a looked-up card cannot pay, or null. */
export function cardProblem(card: GiftCardReply): string | null {
  if (card.status === 'VOID') return 'This gift card was cancelled (its sale was voided)';
  if (card.status === 'EXPIRED') return `This gift card expired on ${card.expires_on} (${money(card.balance)} left on it)`;
  if (card.status === 'USED' || toCents(card.balance) <= 0) return 'This gift card has no balance left';
  return null;
}

/** The card as the sale's tender: it pays by its code, all its balance at most. */
export function cardTender(card: GiftCardReply): CheckoutTender {
  return { method: 'GIFT_CARD', reference: card.code, label: maskedCode(card.code), available: card.balance };
}
