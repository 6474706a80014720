// Which live sizes are at or below their reorder point (the size's own, else its style's). Read by the
// low-stock report and the draft purchase order (purchasing) through inventory's api.ts.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import type { ProductRow } from './stock.js';

/** A low product row with the reorder point that applies to it. */
export interface LowStockRow extends ProductRow {
  effective_reorder_point: number;
}

// Two indexed halves (migration 004): sizes with their own reorder point, found by how far below it they are, and
// sizes following their style's, found by stock up to the highest style reorder point; then checked against it.
const stmts = perDb((db: Db) => ({
  low: db.prepare(`SELECT * FROM (
      SELECT p.*, p.reorder_point AS effective_reorder_point FROM inventory_product p INDEXED BY inventory_product_low_own
      WHERE p.archived_at IS NULL AND p.reorder_point IS NOT NULL AND p.stock_qty - p.reorder_point <= 0
      UNION ALL
      SELECT p.*, s.reorder_point AS effective_reorder_point
      FROM inventory_product p INDEXED BY inventory_product_low_style JOIN inventory_style s ON s.id = p.style_id
      WHERE p.archived_at IS NULL AND p.reorder_point IS NULL
        AND p.stock_qty <= (SELECT max(reorder_point) FROM inventory_style WHERE reorder_point IS NOT NULL)
        AND p.stock_qty <= s.reorder_point)
    ORDER BY item_name COLLATE NOCASE, style_id, id`),
}));

/** Every live size at or below its reorder point, by name then style. */
export function lowStockRows(db: Db): LowStockRow[] {
  return stmts(db).low.all() as LowStockRow[];
}

/** What to order so a size reaches twice its reorder point again (at least one unit). */
export function suggestedOrderQty(row: Pick<LowStockRow, 'stock_qty' | 'effective_reorder_point'>): number {
  return Math.max(1, 2 * row.effective_reorder_point - row.stock_qty);
}
