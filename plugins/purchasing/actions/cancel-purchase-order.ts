// Cancels an OPEN or PARTIAL order: nothing more is expected from the supplier. Units already received stay
// in stock with their receipts (the ledger keeps them); a RECEIVED or CANCELLED order refuses (409).
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { conflict, notFound } from '../../../core/errors.js';
import { purchasingRepo } from '../repo.js';

export function cancelPurchaseOrder(db: Db, orderId: number): void {
  const repo = purchasingRepo(db);
  writeTx(db, () => {
    const order = repo.getOrder(orderId);
    if (!order) throw notFound('Purchase order');
    if (order.status === 'RECEIVED' || order.status === 'CANCELLED') {
      throw conflict(
        'PURCHASE_ORDER_CLOSED',
        `Purchase order ${order.number} is ${order.status === 'RECEIVED' ? 'already fully received' : 'already cancelled'}`,
        { status: order.status },
      );
    }
    repo.setStatus(orderId, 'CANCELLED', nowIso());
  });
}
