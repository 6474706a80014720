// Which live sizes are at or below their reorder point (the size's own, else its style's). Read by the
// low-stock report and the draft purchase order (purchasing) through inventory's api.ts.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import type { ProductRow } from './stock.js';

/** A low product row with the reorder point that applies to it. */
export interface LowStockRow extends ProductRow {
  effective_reorder_point: number;
}

const stmts = perDb((db: Db) => ({
  low: db.prepare(`SELECT p.*, coalesce(p.reorder_point, s.reorder_point) AS effective_reorder_point
    FROM inventory_product p JOIN inventory_style s ON s.id = p.style_id
    WHERE p.archived_at IS NULL AND coalesce(p.reorder_point, s.reorder_point) IS NOT NULL
      AND p.stock_qty <= coalesce(p.reorder_point, s.reorder_point)
    ORDER BY p.item_name COLLATE NOCASE, p.style_id, p.id`),
}));

/** Every live size at or below its reorder point, by name then style. */
export function lowStockRows(db: Db): LowStockRow[] {
  return stmts(db).low.all() as LowStockRow[];
}

/** What to order so a size reaches twice its reorder point again (at least one unit). */
export function suggestedOrderQty(row: Pick<LowStockRow, 'stock_qty' | 'effective_reorder_point'>): number {
  return Math.max(1, 2 * row.effective_reorder_point - row.stock_qty);
}
