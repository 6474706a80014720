// The `gift_card` charge kind (#29): `{gift_card: {amount}}` in a checkout's items sells a card. Sales prices it
// after the goods (no GST, not under the invoice discount) and writes its sales_invoice_adjustment row; `record`
// issues the card in the sale's transaction and the reply lists it under `gift_cards`.
import { Type } from 'typebox';
import type { Db } from '../../core/db.js';
import { formatMoney, toCents, toDollars } from '../../core/money.js';
import { defineCharge } from '../../core/plugin.js';
import { getSettings } from '../../core/settings.js';
import { newCardCode } from './code.js';
import { giftCardsRepo, type CardRow } from './repo.js';
import { addMonths } from './status.js';

export const GIFT_CARD_CODE = 'GIFT_CARD';

/** A card as the checkout reply lists it (dollars). */
const soldJson = (card: CardRow) => ({ code: card.code, amount: toDollars(card.amount_cents), balance: toDollars(card.balance_cents) });

/** A fresh code no card has (65 random bits: a clash is all but impossible, but a UNIQUE error would undo the sale). */
function unusedCode(db: Db): string {
  for (;;) {
    const code = newCardCode();
    if (!giftCardsRepo(db).codeTaken(code)) return code;
  }
}

export const giftCardCharge = defineCharge<{ amount: number }>({
  schema: Type.Object({ amount: Type.Number({ minimum: 5, maximum: 1000, multipleOf: 0.01 }) }, { additionalProperties: false }),
  price: (_db, v) => ({ code: GIFT_CARD_CODE, label: `Gift card ${formatMoney(toCents(v.amount))}`, amountCents: toCents(v.amount) }),
  record: (db, w) => {
    const repo = giftCardsRepo(db);
    const months = getSettings(db).gift_card_expiry_months;
    const expiresOn = months > 0 ? addMonths(repo.businessDate(w.invoiceId), months) : null;
    const at = w.at.toISOString();
    const amount = w.price.amountCents;
    const id = repo.insertCard({ code: unusedCode(db), amount, expiresOn, invoiceId: w.invoiceId, adjustmentId: w.rowId, at });
    repo.movement({ cardId: id, kind: 'ISSUE', invoiceId: w.invoiceId, paymentId: null, amount, at });
    return soldJson(repo.byId(id)!);
  },
  recall: (db, w) => {
    const card = giftCardsRepo(db).byAdjustment(w.rowId);
    return card ? soldJson(card) : null;
  },
  replyKey: 'gift_cards',
});
