// Deletes a product, or archives it when sales history refers to it (invoices must keep their lines intact).
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { notFound } from '../../../core/errors.js';
import type { InventoryRepo } from '../repo.js';

/** Removes a live product: archived when it has a SALE movement or other tables still refer to it, else deleted with its ledger. */
export function deleteProduct(db: Db, repo: InventoryRepo, id: number): { archived: boolean } {
  return writeTx(db, () => {
    if (!repo.get(id)) throw notFound('Product');
    if (!repo.hasSale(id)) {
      try {
        // A savepoint: if another plugin's table still refers to the product, nothing of this delete stays.
        db.transaction(() => repo.deleteWithMovements(id))();
        return { archived: false };
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw err;
      }
    }
    repo.archive(id, nowIso());
    return { archived: true };
  });
}
