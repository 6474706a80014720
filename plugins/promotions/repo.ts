// The promotions' SQL: their table, and what they gave on sales (sales' public sales_invoice_adjustment rows
// whose source is this plugin, on invoices not voided).
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import type { PromotionKind } from './schemas.js';

/** A promotion as stored (basis points, cents; scope as JSON text). */
export interface PromotionRow {
  id: number;
  name: string;
  kind: PromotionKind;
  percent_off_bps: number | null;
  buy_qty: number | null;
  get_qty: number | null;
  get_percent_off_bps: number | null;
  bundle_qty: number | null;
  bundle_price_cents: number | null;
  stackable: 0 | 1;
  starts_on: string | null;
  ends_on: string | null;
  scope: string;
  ended_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The columns a create or an edit writes. */
export type PromotionValues = Omit<PromotionRow, 'id' | 'ended_at' | 'created_by' | 'created_at' | 'updated_at'>;

export interface PromotionUsage {
  units: number;
  cost_cents: number;
}

const COLUMNS = `name, kind, percent_off_bps, buy_qty, get_qty, get_percent_off_bps, bundle_qty, bundle_price_cents, stackable,
  starts_on, ends_on, scope`;

export const promotionsRepo = perDb((db: Db) => {
  const s = {
    get: db.prepare('SELECT * FROM promotions_promotion WHERE id = ?'),
    list: db.prepare('SELECT * FROM promotions_promotion ORDER BY id DESC'),
    // Inclusive days: a promotion ending today applies all of today.
    // coalesce(ends_on, ...) is the index's own expression (promotions_promotion_running): those not ended by the day.
    activeOn: db.prepare(`SELECT * FROM promotions_promotion WHERE ended_at IS NULL
      AND coalesce(ends_on, '9999-12-31') >= @date AND (starts_on IS NULL OR starts_on <= @date)`),
    insert: db.prepare(`INSERT INTO promotions_promotion (${COLUMNS}, created_by, created_at, updated_at)
      VALUES (@name, @kind, @percent_off_bps, @buy_qty, @get_qty, @get_percent_off_bps, @bundle_qty, @bundle_price_cents, @stackable,
        @starts_on, @ends_on, @scope, @created_by, @now, @now)`),
    update: db.prepare(`UPDATE promotions_promotion SET name = @name, kind = @kind, percent_off_bps = @percent_off_bps, buy_qty = @buy_qty,
      get_qty = @get_qty, get_percent_off_bps = @get_percent_off_bps, bundle_qty = @bundle_qty, bundle_price_cents = @bundle_price_cents,
      stackable = @stackable, starts_on = @starts_on, ends_on = @ends_on, scope = @scope, updated_at = @now WHERE id = @id AND ended_at IS NULL`),
    end: db.prepare('UPDATE promotions_promotion SET ended_at = @now, updated_at = @now WHERE id = @id AND ended_at IS NULL'),
    usage: db.prepare(`SELECT a.ref_id AS id, sum(a.units) AS units, -sum(a.amount_cents) AS cost_cents
      FROM sales_invoice_adjustment a JOIN sales_invoice i ON i.id = a.invoice_id
      WHERE a.source = 'promotions' AND i.payment_status <> 'VOID' GROUP BY a.ref_id`),
    // Styles are inventory's own table; a style is known by its sizes (every style has one), in the public product table.
    styleExists: db.prepare('SELECT 1 FROM inventory_product WHERE style_id = ? LIMIT 1').pluck(),
    productExists: db.prepare('SELECT 1 FROM inventory_product WHERE id = ?').pluck(),
  };
  return {
    get: (id: number) => s.get.get(id) as PromotionRow | undefined,
    list: () => s.list.all() as PromotionRow[],
    // Oldest first (ties between promotions go to the older): sorted here, the index gives the day's rows.
    activeOn: (date: string) => (s.activeOn.all({ date }) as PromotionRow[]).sort((a, b) => a.id - b.id),
    insert: (v: PromotionValues, createdBy: number, now: string) => Number(s.insert.run({ ...v, created_by: createdBy, now }).lastInsertRowid),
    /** False when the promotion has ended meanwhile (nothing written). */
    update: (id: number, v: PromotionValues, now: string) => s.update.run({ ...v, id, now }).changes === 1,
    end: (id: number, now: string) => s.end.run({ id, now }).changes === 1,
    usage: () => new Map((s.usage.all() as (PromotionUsage & { id: number })[]).map((u) => [u.id, u])),
    styleExists: (id: number) => s.styleExists.get(id) !== undefined,
    productExists: (id: number) => s.productExists.get(id) !== undefined,
  };
});
