// Voids an invoice: the goods go back on the shelf (VOID movements) and the invoice stops counting in
// balances and reports. Refused when returns or credit notes touched it (see void-checks.ts).
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { moveStock } from '../../inventory/stock.js';
import { salesRepo } from '../repo.js';
import { voidBlocker } from '../void-checks.js';

/** Voids invoice `id` with a reason; 404 unknown, 409 already void or blocked. */
export function voidInvoice(db: Db, id: number, reason: string, userId: number | null): void {
  const repo = salesRepo(db);
  const why = reason.trim();
  if (!why) throw badRequest('reason is required', 'reason');
  writeTx(db, () => {
    const invoice = repo.get(id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.payment_status === 'VOID') throw conflict('ALREADY_VOID', 'Invoice is already void');
    const blocked = voidBlocker(db, id);
    if (blocked) throw conflict('VOID_BLOCKED', blocked);
    for (const line of repo.lines(id)) {
      moveStock(db, { productId: line.product_id, delta: line.qty, reason: 'VOID', refType: 'invoice', refId: id, userId, note: `${invoice.number} void: ${why}` });
    }
    repo.markVoid(id, why, userId, nowIso());
  });
}
