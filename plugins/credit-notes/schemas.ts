// TypeBox schemas for the credit-note routes. Every object strict, every string bounded. The replies' shapes
// are declared here too: the server's mappers and the screens take their types from them. The invoice picker
// and amount also take '' / null / text so the route can answer with the spec's own messages.
import { Type, type Static } from 'typebox';
import {
  Dollars,
  Id,
  IsoDate,
  Nullable,
  OptionalLongText,
  OptionalShortText,
  PageQuery,
  Pagination,
  PickedId,
  ShortText,
  Strict,
  Timestamp,
  TypedAmount,
} from '../../core/schemas.js';
import { Invoice, InvoiceHeadFields } from '../sales/api.js';

export const CreditNoteStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('USED'), Type.Literal('EXPIRED'), Type.Literal('VOID')]);
const Notes = OptionalLongText(2000);

export const CreditNoteListQuery = Strict({
  status: Type.Optional(Type.Union([CreditNoteStatus, Type.Literal('')])),
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

// ---- Replies ----

export type CreditNoteStatus = Static<typeof CreditNoteStatus>;

/** One application of the note to an invoice (a CREDIT_NOTE payment on it). */
export const Application = Type.Object({
  id: Type.Integer(),
  invoice: Type.Object({ id: Type.Integer(), number: Type.String() }),
  invoice_id: Type.Integer(),
  applied_at: Timestamp,
  amount: Dollars,
  notes: Nullable(Type.String()),
  created_by: Nullable(Type.String()),
});
export type Application = Static<typeof Application>;

/** One credited line: amount excluding GST, the GST on it, and their total. */
export const CreditNoteLine = Type.Object({
  id: Type.Integer(),
  invoice_line_id: Nullable(Type.Integer()),
  product_id: Nullable(Type.Integer()),
  description: Type.String(),
  sku: Nullable(Type.String()),
  size: Nullable(Type.String()),
  qty: Type.Integer(),
  amount: Dollars,
  tax: Dollars,
  total: Dollars,
});

/** SPEC "Credit note", with its lines, GST split, source and the original invoice. */
export const CreditNote = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  date: Timestamp,
  business_date: IsoDate,
  status: CreditNoteStatus,
  source: Type.Union([Type.Literal('RETURN'), Type.Literal('MANUAL')]),
  reason: Type.String(),
  amount: Dollars,
  applied_amount: Dollars,
  available: Dollars,
  notes: Nullable(Type.String()),
  subtotal: Dollars,
  tax: Dollars,
  invoice_id: Type.Integer(),
  invoice: Type.Object({
    id: Type.Integer(),
    number: Type.String(),
    date: Timestamp,
    business_date: IsoDate,
    grand_total: Dollars,
    customer: Type.Object({ name: Type.String() }),
  }),
  customer: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /**
   * What spends the note at the till (#25; 13 characters of Crockford base32, printed on the slip with its
   * barcode). A walk-in's note spends only by it, so it is shown only to whoever may hold the note: the
   * replies that hand it over (return, exchange), ADMIN, and the till's lookup by the code itself (or of a
   * customer's note, which only pays that customer's sales, by its number).
   */
  redemption_code: Nullable(Type.String()),
  applications: Type.Array(Application),
  lines: Type.Array(CreditNoteLine),
  created_at: Timestamp,
  created_by: Nullable(Type.String()),
});
export type CreditNote = Static<typeof CreditNote>;

/** The Credit Notes screen's tiles, over the notes the filter matches. */
export const CreditNoteSummary = Type.Object({ total: Type.Integer(), active: Type.Integer(), available: Dollars, applied: Dollars });

/** GET /api/returns/credit-notes/by-number/:number (the till scans or types the slip's code, or the note's number). */
export const NoteNumberParams = Strict({ number: ShortText({ maxLength: 40 }) });
/** A note's redemption code as typed or scanned (case, spaces and dashes are forgiven). */
export const NoteCodeParams = Strict({ code: ShortText({ maxLength: 40 }) });

export const CreditNoteReply = Type.Object({ credit_note: CreditNote });

/**
 * A walk-in's note looked up by its number alone by a USER (#25): which note it is, and nothing of what it is
 * worth (no amount, applied, available or status): its number is no secret, and only the code on the slip
 * spends it. The till asks for that code.
 */
export const BearerNoteRef = Type.Object(
  {
    id: Type.Integer(),
    number: Type.String(),
    date: Timestamp,
    business_date: IsoDate,
    customer: Type.Null(),
    /** Always true: scan or type the code printed on the slip. */
    code_required: Type.Literal(true),
  },
  { additionalProperties: false },
);
export type BearerNoteRef = Static<typeof BearerNoteRef>;

/** The till's lookup by code or number: the whole note, or (a USER with a walk-in's number) only which note it is. */
export const CreditNoteLookupReply = Type.Object({ credit_note: Type.Union([CreditNote, BearerNoteRef]) });

export const CreditNoteListReply = Type.Object({ credit_notes: Type.Array(CreditNote), pagination: Pagination, summary: CreditNoteSummary });
export type CreditNoteList = Static<typeof CreditNoteListReply>;
/** Applying a note: the note and the invoice it paid, both as they are now. */
export const AppliedReply = Type.Object({ credit_note: CreditNote, invoice: Invoice });

/** An invoice the Apply modal can pick, with what is still owed on it. */
export const OpenInvoice = Type.Object({
  ...InvoiceHeadFields,
  grand_total: Dollars,
  amount_paid: Dollars,
  outstanding: Dollars,
});
export type OpenInvoice = Static<typeof OpenInvoice>;
export const OpenInvoiceListReply = Type.Object({ invoices: Type.Array(OpenInvoice), pagination: Pagination });
export type OpenInvoiceList = Static<typeof OpenInvoiceListReply>;
