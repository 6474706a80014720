// "Draft purchase order for low stock": one OPEN order to a supplier for the low sizes the owner ticked, each at
// the quantity typed (default: what is still short after what is on order) and at the size's current cost.
// Sizes fully covered by open orders are not ordered again. One transaction: the order is created or nothing is.
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
    const byId = new Map(low.map((i) => [i.product_id, i]));
    const lowItem = (id: number, field: string) => {
      const item = byId.get(id);
      if (!item) throw badRequest(`Product ${id} is not low on stock`, field);
      return item;
    };
    let picked: { item: LowStockItem; qty: number }[];
    if (body.lines) {
      // The owner's own quantities: what they typed is what is ordered.
      picked = body.lines.map((l, i) => ({ item: lowItem(l.product_id, `lines[${i}].product_id`), qty: l.qty }));
    } else if (body.product_ids) {
      picked = body.product_ids.map((id, i) => {
        const item = lowItem(id, `product_ids[${i}]`);
        if (item.suggested_qty === 0) {
          throw conflict('ALREADY_ON_ORDER', `${item.item_name}${item.size ? ` size ${item.size}` : ''} is already on order (${item.on_order})`, {
            field: `product_ids[${i}]`,
            on_order: item.on_order,
          });
        }
        return { item, qty: item.suggested_qty };
      });
    } else {
      picked = low.filter((i) => i.supplier?.id === body.supplier_id && i.suggested_qty > 0).map((item) => ({ item, qty: item.suggested_qty }));
    }
    if (picked.length === 0) throw conflict('NOTHING_LOW', `Nothing is low on stock from ${supplier.name} that is not already on order`);
    const lines = picked.map(({ item, qty }) => ({ product_id: item.product_id, qty, unit_cost: toDollars(getProductRow(db, item.product_id)!.cost_cents) }));
    return createPurchaseOrder(db, { supplier_id: body.supplier_id, lines, notes: 'Drafted from the low-stock report' }, ctx);
  });
}
