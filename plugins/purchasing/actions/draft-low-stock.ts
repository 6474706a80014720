// "Draft purchase order for low stock": one OPEN order to a supplier for its low sizes, each at the quantity
// that brings it back to twice its reorder point and at the size's current cost (the owner edits nothing
// before sending; a wrong draft is cancelled). One transaction: the order is created or nothing is.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { toDollars } from '../../../core/money.js';
import { getProductRow } from '../../inventory/api.js';
import { lowStockItems } from '../low-stock.js';
import { purchasingRepo } from '../repo.js';
import type { DraftLowStockBody, LowStockItem } from '../schemas.js';
import { createPurchaseOrder } from './create-purchase-order.js';

/** Creates the draft and returns its id; 409 NOTHING_LOW when this supplier has no low size to order. */
export function draftLowStockOrder(db: Db, body: DraftLowStockBody, ctx: { userId: number; timeZone: string }): number {
  return writeTx(db, () => {
    const supplier = purchasingRepo(db).getSupplier(body.supplier_id);
    if (!supplier) throw notFound('Supplier');
    const low = lowStockItems(db);
    let picked: LowStockItem[];
    if (body.product_ids) {
      const byId = new Map(low.map((i) => [i.product_id, i]));
      picked = body.product_ids.map((id, i) => {
        const item = byId.get(id);
        if (!item) throw badRequest(`Product ${id} is not low on stock`, `product_ids[${i}]`);
        return item;
      });
    } else {
      picked = low.filter((i) => i.supplier?.id === body.supplier_id);
    }
    if (picked.length === 0) throw conflict('NOTHING_LOW', `Nothing is low on stock from ${supplier.name}`);
    const lines = picked.map((i) => ({ product_id: i.product_id, qty: i.suggested_qty, unit_cost: toDollars(getProductRow(db, i.product_id)!.cost_cents) }));
    return createPurchaseOrder(db, { supplier_id: body.supplier_id, lines, notes: 'Drafted from the low-stock report' }, ctx);
  });
}
