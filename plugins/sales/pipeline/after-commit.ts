// Stage 7, after commit: what plugins do once a sale is durable (manifest `afterCommit`, read from the app
// context). Run by the route after the group commit answered, never inside the transaction: a hook's failure is
// logged and cannot undo or delay the sale.
import type { Db } from '../../../core/db.js';
import { hooksOf, type CommittedSale } from '../../../core/plugin.js';

export function runAfterCommit(db: Db, sale: CommittedSale, log: (err: unknown) => void) {
  for (const hook of hooksOf(db).afterCommit) {
    try {
      hook(db, sale);
    } catch (err) {
      log(err);
    }
  }
}
