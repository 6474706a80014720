// TypeBox schemas for the returns routes. Every object strict, every string bounded. The invoice picker,
// quantities and reasons are loose enough that the route answers with the spec's own messages.
import { Type, type Static } from 'typebox';
import { OptionalLongText, OptionalShortText, PageQuery, ShortText, Strict } from '../../core/schemas.js';
import { PickedId, TypedAmount } from '../credit-notes/schemas.js';

const Status = Type.Union([Type.Literal('PENDING'), Type.Literal('APPROVED'), Type.Literal('COMPLETED'), Type.Literal('REJECTED')]);

export const ReturnListQuery = Strict({
  status: Type.Optional(Type.Union([Status, Type.Literal('')])),
  search: Type.Optional(ShortText({ maxLength: 200 })),
  ...PageQuery,
});
export type ReturnListQuery = Static<typeof ReturnListQuery>;

export const ReturnableInvoicesQuery = Strict({
  search: Type.Optional(ShortText({ maxLength: 200 })),
  ...PageQuery,
});

export const ReturnItem = Strict({
  product_id: PickedId,
  /** Optional: names the exact invoice line (else the line is found by product_id). */
  invoice_line_id: PickedId,
  /** Ignored: the line's sold quantity is used. */
  original_qty: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
  returned_qty: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
  return_reason: OptionalShortText(100),
  /** Ignored: the server computes the refund. */
  refund_amount: TypedAmount,
});

export const CreateReturnBody = Strict({
  invoice_id: PickedId,
  items: Type.Optional(Type.Array(ReturnItem, { maxItems: 200 })),
  notes: OptionalLongText(2000),
});
export type CreateReturnBody = Static<typeof CreateReturnBody>;
