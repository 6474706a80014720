// The low-stock report: inventory's low sizes, each with its supplier (the style's default, else the one it was
// last ordered from) and what is already on order, so a draft asks only for what is still short.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import { purchasingRepo } from './repo.js';
import { lowStockRows, suggestedOrderQty } from '../inventory/api.js';
import type { LowStockItem } from './schemas.js';

const stmts = perDb((db: Db) => ({
  // The newest order (not cancelled) of each low product: its supplier is the one to ask again.
  lastSupplier: db.prepare(`SELECT product_id, supplier_id, supplier_name FROM (
      SELECT l.product_id, o.supplier_id, s.name AS supplier_name,
        row_number() OVER (PARTITION BY l.product_id ORDER BY o.created_at DESC, o.id DESC) AS n
      FROM purchasing_order_line l JOIN purchasing_order o ON o.id = l.order_id JOIN purchasing_supplier s ON s.id = o.supplier_id
      WHERE l.product_id IN (SELECT value FROM json_each(?)) AND o.status <> 'CANCELLED') WHERE n = 1`),
}));

/** suggested = what reaches twice the reorder point (at least 1) less what is on order, never below 0. */
export function stillShort(row: { stock_qty: number; effective_reorder_point: number }, onOrder: number): number {
  return Math.max(0, suggestedOrderQty(row) - onOrder);
}

/** Every low size (optionally only those of one supplier), with what is on order and what to order still. */
export function lowStockItems(db: Db, supplierId?: number): LowStockItem[] {
  const rows = lowStockRows(db);
  const ids = rows.map((p) => p.id);
  const suppliers = new Map<number, { id: number; name: string }>();
  const last = rows.length ? stmts(db).lastSupplier.all(JSON.stringify(ids)) : [];
  for (const r of last as { product_id: number; supplier_id: number; supplier_name: string }[]) {
    suppliers.set(r.product_id, { id: r.supplier_id, name: r.supplier_name });
  }
  const repo = purchasingRepo(db);
  const byStyle = new Map(
    rows.length ? repo.styleSuppliersOf([...new Set(rows.map((p) => p.style_id))]).map((r) => [r.style_id, { id: r.id, name: r.name }]) : [],
  );
  const onOrder = rows.length ? repo.onOrder(ids) : new Map<number, number>();
  const items = rows.map(
    (p): LowStockItem => ({
      product_id: p.id,
      style_id: p.style_id,
      sku: p.sku,
      item_name: p.item_name,
      size: p.size,
      colour: p.colour,
      brand: p.brand,
      stock_qty: p.stock_qty,
      reorder_point: p.effective_reorder_point,
      on_order: onOrder.get(p.id) ?? 0,
      suggested_qty: stillShort(p, onOrder.get(p.id) ?? 0),
      supplier: byStyle.get(p.style_id) ?? suppliers.get(p.id) ?? null,
    }),
  );
  return supplierId === undefined ? items : items.filter((i) => i.supplier?.id === supplierId);
}
