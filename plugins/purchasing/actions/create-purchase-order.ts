// Creates a purchase order (status OPEN) with its lines, numbered PO-<yyyymmdd>-<seq>, in one transaction.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { localDate } from '../../../core/clock.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { MAX_MONEY_CENTS, toCents } from '../../../core/money.js';
import { getProductRow } from '../../inventory/api.js';
import { purchaseOrderNumber } from '../numbering.js';
import { purchasingRepo } from '../repo.js';
import type { CreatePurchaseOrderBody } from '../schemas.js';

/** Writes the order and returns its id; 404 for an unknown supplier, 400 naming the line for a bad product. */
export function createPurchaseOrder(db: Db, body: CreatePurchaseOrderBody, ctx: { userId: number; timeZone: string }): number {
  const repo = purchasingRepo(db);
  return writeTx(db, () => {
    if (!repo.getSupplier(body.supplier_id)) throw notFound('Supplier');
    const seen = new Set<number>();
    let total = 0;
    const lines = body.lines.map((l, i) => {
      const field = `lines[${i}].product_id`;
      if (seen.has(l.product_id)) throw badRequest(`Product ${l.product_id} is on the order twice: one line per product`, field);
      seen.add(l.product_id);
      const product = getProductRow(db, l.product_id);
      if (!product) throw badRequest(`Product ${l.product_id} does not exist`, field);
      if (product.archived_at) throw badRequest(`${product.item_name} was deleted and cannot be ordered`, field);
      const unitCost = toCents(l.unit_cost);
      total += l.qty * unitCost;
      if (total > MAX_MONEY_CENTS) throw badRequest('The order total is too large', `lines[${i}].qty`);
      return { product_id: l.product_id, qty_ordered: l.qty, unit_cost_cents: unitCost };
    });
    const at = new Date();
    const businessDate = localDate(at, ctx.timeZone);
    const seq = repo.nextSeq(businessDate);
    const id = repo.insertOrder({
      number: purchaseOrderNumber(businessDate, seq),
      business_date: businessDate,
      seq,
      supplier_id: body.supplier_id,
      status: 'OPEN',
      notes: body.notes?.trim() || null,
      total_cents: total,
      created_by: ctx.userId,
      created_at: at.toISOString(),
    });
    for (const l of lines) repo.insertLine({ order_id: id, ...l });
    return id;
  });
}
