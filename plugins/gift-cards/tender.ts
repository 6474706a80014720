// The GIFT_CARD tender (#29): `payments: [{method: 'GIFT_CARD', reference: <code>, amount}]` spends the card inside
// the sale's transaction; returns of goods it paid put the value back on it (never cash). Sales writes the payment
// and the TENDER_REDEEM / TENDER_REFUND ledger rows; this plugin only its card and movement rows.
import { AppError, badRequest, conflict } from '../../core/errors.js';
import { formatMoney } from '../../core/money.js';
import type { TenderRedeemer, TenderRefunder } from '../../core/plugin.js';
import { maskedCardCode } from './code.js';
import { lookUpCard } from './lookup.js';
import { giftCardsRepo } from './repo.js';
import { cardStatus } from './status.js';

export const redeemGiftCard: TenderRedeemer = (db, r) => {
  const field = `${r.field}.reference`;
  if (r.reference === null || r.reference.trim() === '') throw badRequest('Scan or type the gift card code', field);
  const repo = giftCardsRepo(db);
  const card = lookUpCard(db, r.reference, r.clientIp, field);
  const status = cardStatus(card, repo.businessDate(r.invoiceId));
  if (status === 'VOID') throw new AppError(409, 'GIFT_CARD_VOID', 'This gift card was cancelled (its sale was voided)', { field });
  if (status === 'EXPIRED') {
    const message = `This gift card expired on ${card.expires_on} (${formatMoney(card.balance_cents)} left on it)`;
    throw new AppError(409, 'GIFT_CARD_EXPIRED', message, { field });
  }
  // One conditional UPDATE: of two sales spending the same card at once, only one finds the balance there.
  if (!repo.spend(card.id, r.amountCents)) {
    const left = repo.byId(card.id)!.balance_cents;
    throw conflict('GIFT_CARD_BALANCE', `Not enough on the gift card: ${formatMoney(left)} left`, { field: `${r.field}.amount`, balance: left / 100 });
  }
  const paymentId = r.recordPayment(maskedCardCode(card.code));
  repo.movement({ cardId: card.id, kind: 'REDEEM', invoiceId: r.invoiceId, paymentId, amount: -r.amountCents, at: r.at.toISOString() });
};

/**
 * Goods a card paid came back: their value goes back on the card(s) that paid, oldest payment first, each up to
 * what it paid less what earlier returns gave it back. The card keeps its expiry (an expired card's balance is
 * still reported, never paid out in cash).
 */
export const refundGiftCard: TenderRefunder = (db, r) => {
  const repo = giftCardsRepo(db);
  let left = r.amountCents;
  const codes: string[] = [];
  const at = r.at.toISOString();
  for (const p of r.payments) {
    if (left === 0) break;
    const redeem = repo.redeemOf(p.id);
    if (!redeem) continue;
    const share = Math.min(left, redeem.paid_cents - repo.refundedOf(p.id));
    if (share <= 0) continue;
    repo.topUp(redeem.card_id, share);
    repo.movement({ cardId: redeem.card_id, kind: 'REFUND', invoiceId: r.invoiceId, paymentId: p.id, amount: share, at });
    codes.push(maskedCardCode(repo.byId(redeem.card_id)!.code));
    left -= share;
  }
  if (left !== 0) throw conflict('GIFT_CARD_REFUND', 'The gift card payments of this sale cannot take this much back', { field: r.field });
  return { reference: [...new Set(codes)].join(', ') };
};
