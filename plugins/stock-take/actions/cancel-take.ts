// Cancels an OPEN take: its counts stay on record but nothing is booked to the stock ledger, and its products
// are free to be counted by another take.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { notFound } from '../../../core/errors.js';
import type { StockTakeRepo } from '../repo.js';
import { assertOpen } from './assert-open.js';

export function cancelTake(db: Db, repo: StockTakeRepo, takeId: number, userId: number | null): void {
  writeTx(db, () => {
    const take = repo.get(takeId);
    if (!take) throw notFound('Stock take');
    assertOpen(take);
    repo.markCancelled(takeId, userId, nowIso());
  });
}
