// Shared TypeBox atoms: every route builds its schemas from these so the rules are the same everywhere.
import { Type, type Static, type TSchema } from 'typebox';
import { MAX_MONEY_CENTS } from './money.js';

/** A row id (SQLite integer primary key). */
export const Id = Type.Integer({ minimum: 1 });
/** Route params with one numeric id. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
/**
 * The largest amount of money anywhere in Kedai, in dollars: a price, a payment, an invoice's grand total.
 * $9,999,999.99 keeps every sum and every GST product (cents x 10,000 bps) far inside exact integers.
 */
export const MAX_MONEY_DOLLARS = MAX_MONEY_CENTS / 100;
/** Money in dollars, at most 2 decimals, not negative, at most MAX_MONEY_DOLLARS. */
export const Money = Type.Number({ minimum: 0, maximum: MAX_MONEY_DOLLARS, multipleOf: 0.01 });
/** Money that must be above zero. */
export const PositiveMoney = Type.Number({ exclusiveMinimum: 0, maximum: MAX_MONEY_DOLLARS, multipleOf: 0.01 });
/** A picked id: a number, or what an empty picker sends ('' or null); read with core/lenient-input.ts's pickedId. */
export const PickedId = Type.Optional(Type.Union([Type.Integer(), Type.Null(), Type.String({ maxLength: 20 })]));
/** A typed amount in dollars (checked by the route with positiveCents: above 0, at most 2 decimals). */
export const TypedAmount = Type.Optional(Type.Union([Type.Number(), Type.Null(), Type.String({ maxLength: 30 })]));
/** A calendar date YYYY-MM-DD. */
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** A month YYYY-MM. */
export const IsoMonth = Type.String({ pattern: '^\\d{4}-\\d{2}$', maxLength: 7 });
/**
 * Single-line text refuses every control character (C0: NUL, tab, line breaks; DEL; C1: U+0080-U+009F), the
 * Unicode line and paragraph separators (U+2028, U+2029), and the invisible text-direction characters that can
 * make a name print backwards or hide what it says on an invoice, a receipt or a CSV: the bidi marks (U+200E
 * LRM, U+200F RLM, U+061C ALM), embeddings/overrides (U+202A-U+202E) and isolates (U+2066-U+2069).
 */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$';
/**
 * Multi-line text (addresses, notes) may hold tabs and line breaks (tab, LF, CR), nothing else of the above: no NUL or
 * other controls (C0, DEL, C1), no U+2028/U+2029 (a line break the printer and the PDF do not see as one), no bidi.
 */
export const MULTI_LINE_PATTERN =
  '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$';
/** A short single-line text (names, codes, references, reasons). */
export const ShortText = (opts: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ minLength: opts.minLength ?? 0, maxLength: opts.maxLength ?? 200, pattern: SINGLE_LINE_PATTERN });
/** A longer free text that may span lines (notes, addresses). */
export const LongText = (maxLength = 2000) => Type.String({ maxLength, pattern: MULTI_LINE_PATTERN });
/** Optional single-line text that may also be sent as null (clears the field). */
export const OptionalShortText = (maxLength = 200) => Type.Optional(Type.Union([ShortText({ maxLength }), Type.Null()]));
/** Optional multi-line text that may also be sent as null. */
export const OptionalLongText = (maxLength = 2000) => Type.Optional(Type.Union([LongText(maxLength), Type.Null()]));
/** Pagination query: page from 1, pageSize 1..200 (default 50). */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
};
/** A strict object: unknown fields are rejected. */
export const Strict = <T extends Record<string, TSchema>>(props: T) => Type.Object(props, { additionalProperties: false });

/** Resolves page/pageSize defaults into LIMIT/OFFSET. */
export function paging(q: { page?: number; pageSize?: number }) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

// Reply atoms: response schemas describe what the server sends (fast-json-stringify writes replies from them).

/** A value that may be null (a nullable column). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** The `pagination` block of every list reply. */
export const Pagination = Type.Object({ page: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() });
/** A timestamp as stored (ISO 8601 text). */
export const Timestamp = Type.String();
/** Money in a reply: dollars, may be negative in differences. */
export const Dollars = Type.Number();
/**
 * The off-site copy's state (#19): only when replication is on. lag_seconds: age of the oldest change not yet off-site.
 * Anyone (health is public) sees `ok` and `lag_seconds` only; the details (the error's text, which may name a key
 * file, a bucket or an endpoint, and the photos waiting) are for a signed-in ADMIN (#25.4).
 */
export const ReplicaHealth = Type.Object({
  ok: Type.Boolean(),
  lag_seconds: Type.Integer(),
  /** ADMIN only. */
  last_error: Type.Optional(Nullable(Type.String())),
  /** ADMIN only. Photo files still to upload (plugins' offsiteQueues); their upload error, if any, is last_error when the database copy has none. */
  photos_pending: Type.Optional(Type.Integer()),
});
/** GET /api/health. */
export const HealthReply = Type.Object({ ok: Type.Boolean(), version: Type.String(), db: Type.String(), replica: Type.Optional(ReplicaHealth) });
/** The reply of a delete: `{ok: true, id}`. */
export const DeletedReply = Type.Object({ ok: Type.Boolean(), id: Type.Integer() });
/**
 * A map from any text to values of one schema (totals by method, by category, by product name). Not Type.Record:
 * its key pattern `^.*$` makes fast-json-stringify silently drop a key holding a line break.
 */
export const Dictionary = <T extends TSchema>(value: T) => Type.Unsafe<Record<string, Static<T>>>(Type.Object({}, { additionalProperties: value }));
