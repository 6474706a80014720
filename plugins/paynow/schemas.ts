// TypeBox schemas for POST /api/paynow/qr. The amount and reference are checked by qr.ts (with messages a
// cashier can read); the schema keeps their types and bounds the text.
import { Type, type Static } from 'typebox';
import { Strict } from '../../core/schemas.js';

export const PayNowQrBody = Strict({
  /** Dollars, above 0, at most 999,999.99, at most 2 decimals. */
  amount: Type.Number(),
  /** 1-25 letters, digits or hyphens: the bill reference the payer's bank sends back with the transfer. */
  reference: Type.String({ maxLength: 200 }),
});
export type PayNowQrBody = Static<typeof PayNowQrBody>;

export const PayNowQrReply = Type.Object({
  /** The EMVCo SGQR string the QR holds (CRC included). */
  payload: Type.String(),
  /** The QR drawn as an SVG document. */
  svg: Type.String(),
  /** The amount the QR asks for, dollars. */
  amount: Type.Number(),
  reference: Type.String(),
  /** The last day the QR may be paid (YYYY-MM-DD, shop-local). */
  expiry: Type.String(),
});
export type PayNowQrReply = Static<typeof PayNowQrReply>;
