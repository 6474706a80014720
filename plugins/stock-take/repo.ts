// SQL for stock takes. A product is looked up through inventory's api.ts; the variance lines and the scope are
// read-only joins over inventory_product (every stock write goes through inventory's moveStock).
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import { findLiveProductByCode, getProductRow, type ProductRow } from '../inventory/api.js';

export interface StockTakeRow {
  id: number;
  status: 'OPEN' | 'POSTED' | 'CANCELLED';
  scope_category: string | null;
  scope_brand: string | null;
  scope_style_id: number | null;
  note: string | null;
  created_by: number | null;
  created_at: string;
  posted_by: number | null;
  posted_at: string | null;
  cancelled_by: number | null;
  cancelled_at: string | null;
}

export interface LineRow {
  stock_take_id: number;
  product_id: number;
  expected_qty: number;
  counted_qty: number;
  unit_cost_cents: number;
  counted_at: string;
  item_name: string;
  sku: string | null;
  size: string | null;
  brand: string | null;
  category: string | null;
  current_stock_qty: number;
}

export interface TotalsRow {
  lines: number;
  counted_units: number;
  expected_units: number;
  variance_units: number;
  units_over: number;
  units_short: number;
  variance_value_cents: number;
}

/** A product as a take or a label needs it: inventory's row. */
export type ProductLite = ProductRow;

const TOTALS = `SELECT count(*) AS lines, coalesce(sum(counted_qty), 0) AS counted_units, coalesce(sum(expected_qty), 0) AS expected_units,
  coalesce(sum(counted_qty - expected_qty), 0) AS variance_units,
  coalesce(sum(max(counted_qty - expected_qty, 0)), 0) AS units_over, coalesce(sum(max(expected_qty - counted_qty, 0)), 0) AS units_short,
  coalesce(sum((counted_qty - expected_qty) * unit_cost_cents), 0) AS variance_value_cents
  FROM stock_take_line WHERE stock_take_id = ?`;

const stmts = perDb((db: Db) => ({
  insert: db.prepare(`INSERT INTO stock_take (scope_category, scope_brand, scope_style_id, note, created_by, created_at)
    VALUES (@category, @brand, @styleId, @note, @userId, @now) RETURNING id`),
  get: db.prepare('SELECT * FROM stock_take WHERE id = ?'),
  count: db.prepare('SELECT count(*) FROM stock_take WHERE (@status IS NULL OR status = @status)').pluck(),
  page: db.prepare('SELECT * FROM stock_take WHERE (@status IS NULL OR status = @status) ORDER BY id DESC LIMIT @limit OFFSET @offset'),
  totals: db.prepare(TOTALS),
  lines: db.prepare(`SELECT l.*, p.item_name, p.sku, p.size, p.brand, p.category, p.stock_qty AS current_stock_qty
    FROM stock_take_line l JOIN inventory_product p ON p.id = l.product_id WHERE l.stock_take_id = ? ORDER BY p.item_name, p.id`),
  line: db.prepare(`SELECT l.*, p.item_name, p.sku, p.size, p.brand, p.category, p.stock_qty AS current_stock_qty
    FROM stock_take_line l JOIN inventory_product p ON p.id = l.product_id WHERE l.stock_take_id = ? AND l.product_id = ?`),
  upsertLine: db.prepare(`INSERT INTO stock_take_line (stock_take_id, product_id, expected_qty, counted_qty, unit_cost_cents, counted_by, counted_at)
    VALUES (@takeId, @productId, @expected, @counted, @cost, @userId, @now)
    ON CONFLICT (stock_take_id, product_id) DO UPDATE SET expected_qty = excluded.expected_qty, counted_qty = excluded.counted_qty,
      unit_cost_cents = excluded.unit_cost_cents, counted_by = excluded.counted_by, counted_at = excluded.counted_at`),
  otherOpenTake: db
    .prepare(`SELECT t.id FROM stock_take_line l JOIN stock_take t ON t.id = l.stock_take_id
    WHERE l.product_id = ? AND t.status = 'OPEN' AND t.id <> ? LIMIT 1`)
    .pluck(),
  markPosted: db.prepare("UPDATE stock_take SET status = 'POSTED', posted_by = @userId, posted_at = @now WHERE id = @id AND status = 'OPEN'"),
  deleteLine: db.prepare('DELETE FROM stock_take_line WHERE stock_take_id = ? AND product_id = ?'),
  markCancelled: db.prepare("UPDATE stock_take SET status = 'CANCELLED', cancelled_by = @userId, cancelled_at = @now WHERE id = @id AND status = 'OPEN'"),
}));

/** The scope as SQL over inventory_product aliased p. */
function scopeSql(take: StockTakeRow): { sql: string; params: unknown[] } {
  const parts = ['p.archived_at IS NULL'];
  const params: unknown[] = [];
  if (take.scope_category !== null) {
    parts.push('p.category = ? COLLATE NOCASE');
    params.push(take.scope_category);
  }
  if (take.scope_brand !== null) {
    parts.push('p.brand = ? COLLATE NOCASE');
    params.push(take.scope_brand);
  }
  if (take.scope_style_id !== null) {
    parts.push('p.style_id = ?');
    params.push(take.scope_style_id);
  }
  return { sql: parts.join(' AND '), params };
}

/** The stock-take repository. */
export function stockTakeRepo(db: Db) {
  const s = stmts(db);
  return {
    insert: (v: { category: string | null; brand: string | null; styleId: number | null; note: string | null; userId: number | null; now: string }) =>
      (s.insert.get(v) as { id: number }).id,
    get: (id: number) => s.get.get(id) as StockTakeRow | undefined,
    list: (status: string | null, limit: number, offset: number) => ({
      total: s.count.get({ status }) as number,
      rows: s.page.all({ status, limit, offset }) as StockTakeRow[],
    }),
    totals: (id: number) => s.totals.get(id) as TotalsRow,
    lines: (id: number) => s.lines.all(id) as LineRow[],
    line: (id: number, productId: number) => s.line.get(id, productId) as LineRow | undefined,
    upsertLine: (v: { takeId: number; productId: number; expected: number; counted: number; cost: number; userId: number | null; now: string }) =>
      s.upsertLine.run(v),
    otherOpenTake: (productId: number, takeId: number) => s.otherOpenTake.get(productId, takeId) as number | undefined,
    markPosted: (id: number, userId: number | null, now: string) => s.markPosted.run({ id, userId, now }).changes === 1,
    deleteLine: (id: number, productId: number) => s.deleteLine.run(id, productId).changes === 1,
    markCancelled: (id: number, userId: number | null, now: string) => s.markCancelled.run({ id, userId, now }).changes === 1,
    product: (id: number) => getProductRow(db, id),
    /** A scan: the product's barcode, else (and also) its SKU. */
    productByCode: (code: string, barcodeFirst: boolean) => findLiveProductByCode(db, code, barcodeFirst),
    /** Whether a product falls in the take's scope. */
    inScope: (take: StockTakeRow, productId: number) => {
      const { sql, params } = scopeSql(take);
      return (
        db
          .prepare(`SELECT 1 FROM inventory_product p WHERE p.id = ? AND ${sql}`)
          .pluck()
          .get(productId, ...params) === 1
      );
    },
    /** Live products in scope that have no line yet. */
    uncounted: (take: StockTakeRow) => {
      const { sql, params } = scopeSql(take);
      return db
        .prepare(`SELECT count(*) FROM inventory_product p WHERE ${sql}
        AND NOT EXISTS (SELECT 1 FROM stock_take_line l WHERE l.stock_take_id = ? AND l.product_id = p.id)`)
        .pluck()
        .get(...params, take.id) as number;
    },
    /** Products for labels, in the order asked (unknown ids are left out). */
    products: (ids: number[]) => ids.map((id) => getProductRow(db, id)),
  };
}
export type StockTakeRepo = ReturnType<typeof stockTakeRepo>;
