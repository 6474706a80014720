// Gift cards' SQL: the cards and the movements that explain each balance. Only this plugin writes these tables.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';

export interface CardRow {
  id: number;
  code: string;
  amount_cents: number;
  balance_cents: number;
  expires_on: string | null;
  invoice_id: number;
  adjustment_id: number;
  created_at: string;
  /** 1 when the sale that sold it was voided (the card is then dead). */
  voided: number;
}

export type MovementKind = 'ISSUE' | 'REDEEM' | 'REFUND';

const CARD = `SELECT c.*, (i.payment_status = 'VOID') AS voided FROM gift_cards_card c JOIN sales_invoice i ON i.id = c.invoice_id`;

export const giftCardsRepo = perDb((db: Db) => {
  const byCode = db.prepare(`${CARD} WHERE c.code = ?`);
  const byId = db.prepare(`${CARD} WHERE c.id = ?`);
  const byRow = db.prepare(`${CARD} WHERE c.adjustment_id = ?`);
  const soldOn = db.prepare(`${CARD} WHERE c.invoice_id = ? ORDER BY c.id`);
  const codeTaken = db.prepare('SELECT 1 FROM gift_cards_card WHERE code = ?').pluck();
  const insertCard = db.prepare(
    `INSERT INTO gift_cards_card (code, amount_cents, balance_cents, expires_on, invoice_id, adjustment_id, created_at)
     VALUES (@code, @amount, @amount, @expiresOn, @invoiceId, @adjustmentId, @at)`,
  );
  // The one write that spends: the balance is checked by the UPDATE itself, so two tills racing cannot both win.
  const spend = db.prepare('UPDATE gift_cards_card SET balance_cents = balance_cents - @amount WHERE id = @id AND balance_cents >= @amount');
  const topUp = db.prepare('UPDATE gift_cards_card SET balance_cents = balance_cents + @amount WHERE id = @id');
  const insertMovement = db.prepare(
    `INSERT INTO gift_cards_movement (card_id, kind, invoice_id, payment_id, amount_cents, at)
     VALUES (@cardId, @kind, @invoiceId, @paymentId, @amount, @at)`,
  );
  const redeemOf = db.prepare(`SELECT card_id, -amount_cents AS paid_cents FROM gift_cards_movement WHERE payment_id = ? AND kind = 'REDEEM'`);
  const refundedOf = db.prepare(`SELECT coalesce(sum(amount_cents), 0) FROM gift_cards_movement WHERE payment_id = ? AND kind = 'REFUND'`).pluck();
  // For each card that paid the invoice: its balance just after that payment (the movements up to it).
  const paidWith = db.prepare(
    `SELECT c.code, (SELECT sum(m2.amount_cents) FROM gift_cards_movement m2 WHERE m2.card_id = m.card_id AND m2.id <= m.id) AS balance_cents
     FROM gift_cards_movement m JOIN gift_cards_card c ON c.id = m.card_id
     WHERE m.invoice_id = ? AND m.kind = 'REDEEM' ORDER BY m.id`,
  );
  const businessDate = db.prepare('SELECT business_date FROM sales_invoice WHERE id = ?').pluck();
  const movements = db.prepare('SELECT kind, invoice_id, payment_id, amount_cents, at FROM gift_cards_movement WHERE card_id = ? ORDER BY id');

  return {
    byCode: (code: string) => byCode.get(code) as CardRow | undefined,
    byId: (id: number) => byId.get(id) as CardRow | undefined,
    byAdjustment: (rowId: number) => byRow.get(rowId) as CardRow | undefined,
    soldOn: (invoiceId: number) => soldOn.all(invoiceId) as CardRow[],
    codeTaken: (code: string) => codeTaken.get(code) !== undefined,
    insertCard: (c: { code: string; amount: number; expiresOn: string | null; invoiceId: number; adjustmentId: number; at: string }) =>
      Number(insertCard.run(c).lastInsertRowid),
    /** Takes `amount` off the card if it holds that much; false when it does not (nothing written). */
    spend: (id: number, amount: number) => spend.run({ id, amount }).changes === 1,
    topUp: (id: number, amount: number) => topUp.run({ id, amount }),
    movement: (m: { cardId: number; kind: MovementKind; invoiceId: number; paymentId: number | null; amount: number; at: string }) => insertMovement.run(m),
    /** The card a GIFT_CARD payment spent, and how much. */
    redeemOf: (paymentId: number) => redeemOf.get(paymentId) as { card_id: number; paid_cents: number } | undefined,
    refundedOf: (paymentId: number) => refundedOf.get(paymentId) as number,
    paidWith: (invoiceId: number) => paidWith.all(invoiceId) as { code: string; balance_cents: number }[],
    /** The shop day of a sale (a card's issue day, the day a card is spent on). */
    businessDate: (invoiceId: number) => businessDate.get(invoiceId) as string,
    movements: (cardId: number) =>
      movements.all(cardId) as { kind: MovementKind; invoice_id: number; payment_id: number | null; amount_cents: number; at: string }[],
  };
});
