// Gift cards' JSON shapes (money in dollars, 2 decimals).
import { Type, type Static } from 'typebox';

export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

export const GiftCardStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('USED'), Type.Literal('EXPIRED'), Type.Literal('VOID')]);

/** GET /api/gift-cards/:code: what the card holds today (an expired card's balance is still reported). */
export const GiftCardReply = Type.Object({
  code: Type.String(),
  balance: Type.Number(),
  status: GiftCardStatus,
  expires_on: Type.Union([Type.String(), Type.Null()]),
});
export type GiftCardReply = Static<typeof GiftCardReply>;
