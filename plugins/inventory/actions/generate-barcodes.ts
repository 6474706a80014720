// 'Generate barcodes' for a style (#30.3): every live size without a barcode gets a new EAN-13 (ean13.ts), all in
// one write transaction with the counter that hands them out; sizes that have one (a brand's, scanned in) keep it.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { notFound } from '../../../core/errors.js';
import { allocateEan13 } from '../ean13.js';
import type { StylesRepo } from '../styles-repo.js';

/** Fills the style's sizes that have no barcode; returns how many were filled. 404 for an unknown style. */
export function generateBarcodes(db: Db, styles: StylesRepo, styleId: number): number {
  return writeTx(db, () => {
    if (!styles.get(styleId)) throw notFound('Style');
    const bare = styles.sizes(styleId).filter((p) => !p.barcode);
    if (bare.length === 0) return 0;
    const codes = allocateEan13(db, bare.length);
    const set = db.prepare('UPDATE inventory_product SET barcode = ?, updated_at = ? WHERE id = ? AND barcode IS NULL');
    const now = nowIso();
    for (const [i, p] of bare.entries()) set.run(codes[i], now, p.id);
    return bare.length;
  });
}
