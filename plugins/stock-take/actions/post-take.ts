// Posts a take: every counted line's variance (counted - expected at count time) becomes one STOCK_TAKE
// movement in inventory's stock ledger (ref_type 'stock_take', ref_id the take), and the take is POSTED, all in
// one transaction: either every variance is booked or none is.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { AppError, conflict, notFound } from '../../../core/errors.js';
import { moveStock } from '../../inventory/api.js';
import type { StockTakeRepo } from '../repo.js';
import { assertOpen } from './assert-open.js';

/** The ledger's ref_type for stock-take movements. */
export const STOCK_TAKE_REF = 'stock_take';

/** Books the variances and closes the take; 409 when it is already posted. */
export function postTake(db: Db, repo: StockTakeRepo, takeId: number, userId: number | null): void {
  writeTx(db, () => {
    const take = repo.get(takeId);
    if (!take) throw notFound('Stock take');
    assertOpen(take);
    for (const line of repo.lines(takeId)) {
      const delta = line.counted_qty - line.expected_qty;
      if (delta === 0) continue;
      try {
        moveStock(db, {
          productId: line.product_id,
          delta,
          reason: 'STOCK_TAKE',
          refType: STOCK_TAKE_REF,
          refId: takeId,
          userId,
          note: `Stock take #${takeId}: counted ${line.counted_qty}, expected ${line.expected_qty}`,
        });
      } catch (err) {
        // More was sold since the count than the count found: the count is stale. Nothing is booked.
        if (err instanceof AppError && err.code === 'INSUFFICIENT_STOCK') {
          throw conflict(
            'RECOUNT_NEEDED',
            `Recount ${line.item_name}: only ${line.current_stock_qty} left in stock, but the count found ${-delta} fewer than expected`,
            { field: 'lines', product_id: line.product_id },
          );
        }
        throw err;
      }
    }
    if (!repo.markPosted(takeId, userId, nowIso())) throw conflict('STOCK_TAKE_POSTED', 'This stock take is already posted', { field: 'id' });
  });
}
