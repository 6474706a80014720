// TypeBox schemas for stock takes and labels: requests (strict) and replies (the one declaration of each JSON shape).
import { Type, type Static } from 'typebox';
import { Dollars, Id, Nullable, PageQuery, Pagination, ShortText, Strict, Timestamp, LongText } from '../../core/schemas.js';

const ScopeText = Type.Optional(Type.Union([ShortText({ minLength: 1, maxLength: 100 }), Type.Null()]));

/** What a take counts: every set field must match; `{}` (or no scope) is the whole shop. */
export const Scope = Strict({
  category: ScopeText,
  brand: ScopeText,
  /** Needs inventory's styles (inventory_product.style_id); 400 while that column does not exist. */
  style_id: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type Scope = Static<typeof Scope>;

export const StockTakeCreateBody = Strict({
  scope: Type.Optional(Scope),
  note: Type.Optional(Type.Union([LongText(500), Type.Null()])),
});
export type StockTakeCreate = Static<typeof StockTakeCreateBody>;

export const StockTakeListQuery = Strict({
  status: Type.Optional(Type.Union([Type.Literal('OPEN'), Type.Literal('POSTED'), Type.Literal('CANCELLED')])),
  ...PageQuery,
});

/**
 * One count. The product is named by exactly one of product_id, sku or barcode (a scan: matches the barcode
 * when inventory has that column, else the SKU). Exactly one of counted_qty (sets the count) or add (adds to
 * it: a scan sends add: 1; a negative add takes back a mis-scan, never below 0).
 */
export const CountBody = Strict({
  product_id: Type.Optional(Id),
  sku: Type.Optional(ShortText({ minLength: 1, maxLength: 64 })),
  barcode: Type.Optional(ShortText({ minLength: 1, maxLength: 64 })),
  counted_qty: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  add: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});
export type CountInput = Static<typeof CountBody>;

/** Posting takes no fields. */
export const PostBody = Strict({});

/** One counted line of a take. */
export const CountLineParams = Strict({ id: Id, productId: Id });

// ---- Replies ----

export const StockTakeScope = Type.Object({
  category: Nullable(Type.String()),
  brand: Nullable(Type.String()),
  style_id: Nullable(Type.Integer()),
});

/** Sums over a take's counted lines (value = variance units x unit cost). */
export const VarianceTotals = Type.Object({
  lines: Type.Integer(),
  counted_units: Type.Integer(),
  expected_units: Type.Integer(),
  variance_units: Type.Integer(),
  units_over: Type.Integer(),
  units_short: Type.Integer(),
  variance_value: Dollars,
});
export type VarianceTotals = Static<typeof VarianceTotals>;

export const StockTakeSummary = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  scope: StockTakeScope,
  note: Nullable(Type.String()),
  created_by: Nullable(Type.Integer()),
  created_at: Timestamp,
  posted_by: Nullable(Type.Integer()),
  posted_at: Nullable(Timestamp),
  cancelled_at: Nullable(Timestamp),
  totals: VarianceTotals,
});
export type StockTakeSummary = Static<typeof StockTakeSummary>;

export const StockTakeLine = Type.Object({
  product_id: Type.Integer(),
  item_name: Type.String(),
  sku: Nullable(Type.String()),
  size: Nullable(Type.String()),
  brand: Nullable(Type.String()),
  category: Nullable(Type.String()),
  /** Stock when the product was (last) counted. */
  expected_qty: Type.Integer(),
  counted_qty: Type.Integer(),
  variance_qty: Type.Integer(),
  unit_cost: Dollars,
  variance_value: Dollars,
  /** Stock now (differs from expected_qty when sales happened after the count). */
  current_stock_qty: Type.Integer(),
  counted_at: Timestamp,
});
export type StockTakeLine = Static<typeof StockTakeLine>;

export const StockTakeDetail = Type.Object({
  ...StockTakeSummary.properties,
  /** Live products in scope not counted yet (posting leaves them as they are). */
  uncounted: Type.Integer(),
  lines: Type.Array(StockTakeLine),
});
export type StockTakeDetail = Static<typeof StockTakeDetail>;

export const StockTakeReply = Type.Object({ stock_take: StockTakeDetail });
export const StockTakeListReply = Type.Object({ stock_takes: Type.Array(StockTakeSummary), pagination: Pagination });
export type StockTakeList = Static<typeof StockTakeListReply>;
export const CountReply = Type.Object({ line: StockTakeLine, totals: VarianceTotals });
export type CountResult = Static<typeof CountReply>;

// ---- Labels ----

export const LabelsQuery = Strict({
  /** Comma-separated product ids, e.g. 1,2,3 (at most 200 ids). */
  product_ids: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, pattern: '^[1-9][0-9]{0,11}(,[1-9][0-9]{0,11}){0,199}$' })),
  /** Instead of product_ids: one label per unit received on this purchase order (or on one of its receipts). */
  purchase_order_id: Type.Optional(Id),
  receipt_id: Type.Optional(Id),
  /** Instead (#30.4): every live size of this style, `copies` of each (default 1). */
  style_id: Type.Optional(Id),
  /** Instead (#30.4): one label per box counted on this stock take. */
  stock_take_id: Type.Optional(Id),
  copies: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** sheet: A4 rows x cols; roll: 50 x 30 mm; shoebox: 100 x 50 mm box-end label, the size largest (#30.4). */
  format: Type.Optional(Type.Union([Type.Literal('sheet'), Type.Literal('roll'), Type.Literal('shoebox')])),
  rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  cols: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
});
export type LabelsQuery = Static<typeof LabelsQuery>;
