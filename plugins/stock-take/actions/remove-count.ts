// Takes a line out of an OPEN take: a product scanned by mistake (it was not on the shelf being counted) must
// not be posted as counted, or its stock would be booked down to what the mistaken count says.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { AppError, notFound } from '../../../core/errors.js';
import type { StockTakeRepo } from '../repo.js';
import { assertOpen } from './assert-open.js';

export function removeCount(db: Db, repo: StockTakeRepo, takeId: number, productId: number): void {
  writeTx(db, () => {
    const take = repo.get(takeId);
    if (!take) throw notFound('Stock take');
    assertOpen(take);
    if (!repo.deleteLine(takeId, productId)) throw new AppError(404, 'NOT_FOUND', 'That product is not counted in this stock take', { field: 'productId' });
  });
}
