// Loads the demo suppliers into a new demo database, in one transaction.
import { writeTx } from '../../core/db.js';
import type { SeedContext } from '../../core/plugin.js';
import { demoSuppliers } from '../../data/demo/suppliers.js';
import { createSupplier } from './actions/save-supplier.js';

export function seedDemo({ db }: SeedContext): void {
  writeTx(db, () => {
    for (const s of demoSuppliers) createSupplier(db, s);
  });
}
