// The checkout pipeline's after-commit stage for the customer display (#28.1): a sale committed at a till whose
// display is paired shows there as done (total, paid, change) the moment it is durable, whether or not the till's
// own "done" message ever arrives. The hub lives in this app's routes; they register it here by database.
import type { Db } from '../../core/db.js';
import type { AfterCommit, CommittedSale } from '../../core/plugin.js';

const publishers = new WeakMap<Db, (sale: CommittedSale) => void>();

/** Called by this plugin's routes with the app's hub. */
export function onSaleCommitted(db: Db, publish: (sale: CommittedSale) => void) {
  publishers.set(db, publish);
}

/** The manifest's afterCommit hook. */
export const showCommittedSale: AfterCommit = (db, sale) => publishers.get(db)?.(sale);
