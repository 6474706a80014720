// What arrived on an order (or on one of its receipts), per product: one shoe-box label per unit received.
import type { Db } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { perDb } from '../../core/repo-support.js';

const stmts = perDb((db: Db) => ({
  order: db.prepare('SELECT id FROM purchasing_order WHERE id = ?').pluck(),
  receipt: db.prepare('SELECT id FROM purchasing_receipt WHERE id = ? AND order_id = ?').pluck(),
  units: db.prepare(`SELECT rl.product_id, sum(rl.qty) AS qty FROM purchasing_receipt_line rl JOIN purchasing_receipt r ON r.id = rl.receipt_id
    WHERE r.order_id = @orderId AND (@receiptId IS NULL OR r.id = @receiptId) GROUP BY rl.product_id ORDER BY min(rl.id)`),
}));

/** Units received per product, in the order's line order; 404 for an unknown order or a receipt of another order. */
export function receivedUnits(db: Db, orderId: number, receiptId?: number): { product_id: number; qty: number }[] {
  const s = stmts(db);
  if (s.order.get(orderId) === undefined) throw notFound('Purchase order');
  if (receiptId !== undefined && s.receipt.get(receiptId, orderId) === undefined) throw notFound('Receipt');
  return s.units.all({ orderId, receiptId: receiptId ?? null }) as { product_id: number; qty: number }[];
}
