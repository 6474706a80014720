// Receives all or part of a purchase order in ONE transaction: a receipt with its lines (who, when, how many),
// stock up through inventory's ledger (reason RECEIVED), each product's cost moved to the weighted average, the
// order's lines and status (PARTIAL / RECEIVED). Any refusal throws before the transaction commits: nothing is written.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { getProductRow, moveStock, setProductCost } from '../../inventory/api.js';
import { weightedAverageCost } from '../cost.js';
import { purchasingRepo } from '../repo.js';
import type { ReceiveBody } from '../schemas.js';

/** Books one delivery against the order; returns the receipt id. */
export function receivePurchaseOrder(db: Db, orderId: number, body: ReceiveBody, ctx: { userId: number }): number {
  const repo = purchasingRepo(db);
  return writeTx(db, () => {
    const order = repo.getOrder(orderId);
    if (!order) throw notFound('Purchase order');
    if (order.status === 'RECEIVED' || order.status === 'CANCELLED') {
      throw conflict('PURCHASE_ORDER_CLOSED', `Purchase order ${order.number} is ${order.status === 'RECEIVED' ? 'already fully received' : 'cancelled'}`, {
        status: order.status,
      });
    }
    const lines = repo.lines(orderId);
    const byProduct = new Map(lines.map((l) => [l.product_id, l]));
    const seen = new Set<number>();
    const plan = body.lines.map((r, i) => {
      const field = `lines[${i}].product_id`;
      if (seen.has(r.product_id)) throw badRequest(`Product ${r.product_id} is received twice in one delivery: one line per product`, field);
      seen.add(r.product_id);
      const line = byProduct.get(r.product_id);
      if (!line) throw badRequest(`Product ${r.product_id} is not on purchase order ${order.number}`, field);
      const outstanding = line.qty_ordered - line.qty_received;
      if (r.qty > outstanding && !body.allow_over) {
        const name = [line.item_name, line.size && `size ${line.size}`, line.sku && `(${line.sku})`].filter(Boolean).join(' ');
        throw conflict(
          'OVER_RECEIVED',
          `Receiving ${r.qty} of ${name} is more than the ${Math.max(outstanding, 0)} still expected on ${order.number}; send allow_over: true to accept the extra`,
          {
            field: `lines[${i}].qty`,
            product_id: r.product_id,
            ordered: line.qty_ordered,
            received: line.qty_received,
            requested: r.qty,
          },
        );
      }
      return { line, qty: r.qty };
    });

    const now = nowIso();
    const receiptId = repo.insertReceipt({ order_id: orderId, received_by: ctx.userId, received_at: now });
    for (const { line, qty } of plan) {
      const product = getProductRow(db, line.product_id);
      if (!product) throw notFound('Product');
      const costAfter = weightedAverageCost(product.stock_qty, product.cost_cents, qty, line.unit_cost_cents);
      moveStock(db, {
        productId: line.product_id,
        delta: qty,
        reason: 'RECEIVED',
        refType: 'purchase_receipt',
        refId: receiptId,
        userId: ctx.userId,
        note: order.number,
      });
      if (costAfter !== product.cost_cents) setProductCost(db, line.product_id, costAfter);
      repo.addReceived(line.id, qty);
      repo.insertReceiptLine({
        receipt_id: receiptId,
        order_line_id: line.id,
        product_id: line.product_id,
        qty,
        unit_cost_cents: line.unit_cost_cents,
        cost_before_cents: product.cost_cents,
        cost_after_cents: costAfter,
      });
    }
    const after = repo.lines(orderId);
    repo.setStatus(orderId, after.every((l) => l.qty_received >= l.qty_ordered) ? 'RECEIVED' : 'PARTIAL', now);
    return receiptId;
  });
}
