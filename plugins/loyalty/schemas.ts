// Loyalty's JSON shapes (points are whole numbers; values in dollars, 2 decimals).
import { Type, type Static } from 'typebox';

export const EntryKind = Type.Union([
  Type.Literal('EARNED'),
  Type.Literal('REDEEMED'),
  Type.Literal('REVERSED'),
  Type.Literal('RESTORED'),
  Type.Literal('EXPIRED'),
]);
export type EntryKind = Static<typeof EntryKind>;

/** A customer's points and what they are worth: GET /api/customers/:id's `customer.loyalty`. */
export const CustomerLoyalty = Type.Object({ points: Type.Integer(), value: Type.Number() });
export type CustomerLoyalty = Static<typeof CustomerLoyalty>;

/** One ledger row, points signed. */
export const PointsEntry = Type.Object({
  id: Type.Integer(),
  kind: EntryKind,
  points: Type.Integer(),
  at: Type.String(),
  business_date: Type.String(),
  invoice_id: Type.Union([Type.Integer(), Type.Null()]),
  invoice_number: Type.Union([Type.String(), Type.Null()]),
  expires_on: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
});

/** GET /api/customers/:id/points: the balance today and the ledger, newest first. */
export type PointsEntry = Static<typeof PointsEntry>;

export const PointsReply = Type.Object({ points: Type.Integer(), value: Type.Number(), entries: Type.Array(PointsEntry) });
export type PointsReply = Static<typeof PointsReply>;

/** The checkout reply's `loyalty` (a sale with a customer). */
export const SaleLoyalty = Type.Object({ earned: Type.Integer(), redeemed: Type.Integer(), balance: Type.Integer() });
export type SaleLoyalty = Static<typeof SaleLoyalty>;
