// Shared TypeBox atoms: every route builds its schemas from these so the rules are the same everywhere.
import { Type, type TSchema } from 'typebox';

/** A row id (SQLite integer primary key). */
export const Id = Type.Integer({ minimum: 1 });
/** Route params with one numeric id. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
/** Money in dollars, at most 2 decimals, not negative. */
export const Money = Type.Number({ minimum: 0, maximum: 100_000_000, multipleOf: 0.01 });
/** Money that must be above zero. */
export const PositiveMoney = Type.Number({ exclusiveMinimum: 0, maximum: 100_000_000, multipleOf: 0.01 });
/** A calendar date YYYY-MM-DD. */
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** A month YYYY-MM. */
export const IsoMonth = Type.String({ pattern: '^\\d{4}-\\d{2}$', maxLength: 7 });
/** A short single-line text (names, codes). */
export const ShortText = (opts: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ minLength: opts.minLength ?? 0, maxLength: opts.maxLength ?? 200 });
/** A longer free text (notes, addresses). */
export const LongText = (maxLength = 2000) => Type.String({ maxLength });
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
