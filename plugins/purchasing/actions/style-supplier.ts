// A style's default supplier: the one its low sizes are drafted to. One row per style in purchasing's own table
// (inventory knows nothing of suppliers); null clears it.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { notFound } from '../../../core/errors.js';
import { purchasingRepo } from '../repo.js';
import type { StyleSupplier } from '../schemas.js';

/** The style's default supplier (404 for an unknown style). */
export function styleSupplierOf(db: Db, styleId: number): StyleSupplier {
  const repo = purchasingRepo(db);
  if (!repo.getStyle(styleId)) throw notFound('Style');
  const row = repo.styleSupplier(styleId);
  return { style_id: styleId, supplier: row ? { id: row.id, name: row.name } : null };
}

/** Sets (or with null clears) the default supplier; 404 for an unknown style or supplier. */
export function setStyleSupplier(db: Db, styleId: number, supplierId: number | null): void {
  const repo = purchasingRepo(db);
  writeTx(db, () => {
    if (!repo.getStyle(styleId)) throw notFound('Style');
    if (supplierId === null) {
      repo.clearStyleSupplier(styleId);
      return;
    }
    if (!repo.getSupplier(supplierId)) throw notFound('Supplier');
    repo.setStyleSupplier(styleId, supplierId, nowIso());
  });
}
