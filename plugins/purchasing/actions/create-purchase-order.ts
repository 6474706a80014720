// Creates a purchase order (status OPEN) with its lines, numbered PO-<yyyymmdd>-<seq>, in one transaction.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { localDate } from '../../../core/clock.js';
import { notFound } from '../../../core/errors.js';
import { purchaseOrderNumber } from '../numbering.js';
import { checkedExpectedOn, checkedOrderLines } from '../order-lines.js';
import { purchasingRepo } from '../repo.js';
import type { CreatePurchaseOrderBody } from '../schemas.js';

/** Writes the order and returns its id; 404 for an unknown supplier, 400 naming the line for a bad product. */
export function createPurchaseOrder(db: Db, body: CreatePurchaseOrderBody, ctx: { userId: number; timeZone: string }): number {
  const repo = purchasingRepo(db);
  return writeTx(db, () => {
    if (!repo.getSupplier(body.supplier_id)) throw notFound('Supplier');
    const { lines, total } = checkedOrderLines(db, body.lines);
    const expectedOn = checkedExpectedOn(body.expected_on);
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
      expected_on: expectedOn,
      total_cents: total,
      created_by: ctx.userId,
      created_at: at.toISOString(),
    });
    for (const l of lines) repo.insertLine({ order_id: id, ...l });
    return id;
  });
}
