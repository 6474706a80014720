// The file of a product's primary photo (its style's, #30), for other plugins that print it (stock-take's labels).
import type { Db } from '../../core/db.js';
import { FILE_ID_PATTERN, fileStore } from './file-store.js';

/**
 * The path of the product's primary photo thumbnail (<= 320 px WebP) under imagesDir, or null when its style (the
 * product itself without a style) has no primary photo or the file is gone. One seek on the one-primary index.
 */
export function primaryThumbPath(db: Db, productId: number, imagesDir: string): string | null {
  const row = db
    .prepare(
      `SELECT i.file_id FROM inventory_product p
       JOIN images_product_image i ON i.owner = coalesce(p.style_id, -p.id) AND i.is_primary = 1
       WHERE p.id = ?`,
    )
    .get(productId) as { file_id: string } | undefined;
  if (!row || !FILE_ID_PATTERN.test(row.file_id)) return null;
  const files = fileStore(imagesDir);
  return files.exists(row.file_id, 'thumb') ? files.path(row.file_id, 'thumb') : null;
}
