// A manual stock correction (count, damage, found goods): one ADJUSTMENT movement with its reason.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest, notFound } from '../../../core/errors.js';
import type { InventoryRepo } from '../repo.js';
import type { Adjust } from '../schemas.js';
import { moveStock } from '../stock.js';

/** Moves a live product's stock by delta; 409 'Insufficient stock for <item_name>' below 0. */
export function adjustStock(db: Db, repo: InventoryRepo, id: number, input: Adjust, userId: number | null): { stockAfter: number } {
  if (input.delta === 0) throw badRequest('delta must not be 0', 'delta');
  const reason = input.reason?.trim() || 'Stock adjustment';
  const note = input.note?.trim() ? `${reason}: ${input.note.trim()}` : reason;
  return writeTx(db, () => {
    if (!repo.get(id)) throw notFound('Product');
    return moveStock(db, { productId: id, delta: input.delta, reason: 'ADJUSTMENT', userId, note });
  });
}
