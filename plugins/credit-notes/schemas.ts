// TypeBox schemas for the credit-note routes. Every object strict, every string bounded. The invoice picker
// and amount also take '' / null / text so the route can answer with the spec's own messages.
import { Type, type Static } from 'typebox';
import { Id, OptionalLongText, OptionalShortText, PageQuery, ShortText, Strict } from '../../core/schemas.js';

const Status = Type.Union([Type.Literal('ACTIVE'), Type.Literal('USED'), Type.Literal('EXPIRED'), Type.Literal('VOID')]);
/** A picked id: a number, or what an empty picker sends ('' or null). */
export const PickedId = Type.Optional(Type.Union([Type.Integer(), Type.Null(), Type.String({ maxLength: 20 })]));
/** A typed amount in dollars (checked by the route: above 0, at most 2 decimals). */
export const TypedAmount = Type.Optional(Type.Union([Type.Number(), Type.Null(), Type.String({ maxLength: 30 })]));
const Notes = OptionalLongText(2000);

export const CreditNoteListQuery = Strict({
  status: Type.Optional(Type.Union([Status, Type.Literal('')])),
  search: Type.Optional(ShortText({ maxLength: 200 })),
  ...PageQuery,
});
export type CreditNoteListQuery = Static<typeof CreditNoteListQuery>;

export const OpenInvoicesQuery = Strict({
  /** The note being applied: only invoices it may pay are offered. */
  credit_note_id: Type.Optional(Id),
  search: Type.Optional(ShortText({ maxLength: 200 })),
  ...PageQuery,
});

export const CreateCreditNoteBody = Strict({
  invoice_id: PickedId,
  /** Total credited, GST included. */
  amount: TypedAmount,
  reason: OptionalShortText(500),
  notes: Notes,
});

export const ApplyCreditNoteBody = Strict({
  credit_note_id: PickedId,
  invoice_id: PickedId,
  amount: TypedAmount,
  notes: Notes,
});
