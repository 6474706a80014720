// Loads the demo suppliers into a new demo database and gives every demo style its brand's default supplier
// (inventory seeds first: purchasing depends on it), in one transaction.
import { nowIso, writeTx } from '../../core/db.js';
import type { SeedContext } from '../../core/plugin.js';
import { demoSupplierOfBrand, demoSuppliers } from '../../data/demo/suppliers.js';
import { createSupplier } from './actions/save-supplier.js';
import { purchasingRepo } from './repo.js';

export function seedDemo({ db }: SeedContext): void {
  const repo = purchasingRepo(db);
  writeTx(db, () => {
    const idOf = new Map(demoSuppliers.map((s) => [s.name, createSupplier(db, s)]));
    const fallback = idOf.get(demoSuppliers[0]!.name)!;
    const now = nowIso();
    for (const style of repo.allStyles()) {
      repo.setStyleSupplier(style.id, idOf.get(demoSupplierOfBrand[style.brand ?? ''] ?? '') ?? fallback, now);
    }
  });
}
