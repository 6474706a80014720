// SQL for the images plugin's tables, prepared once per connection.
import type { Db } from '../../core/db.js';

export interface ImageRow {
  id: number;
  product_id: number;
  file_id: string;
  alt: string | null;
  is_primary: number;
  position: number;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

export interface UploadRow {
  file_id: string;
  product_id: number;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

export type NewImage = Omit<ImageRow, 'id'>;

/** The images repository over one connection. */
export function imagesRepo(db: Db) {
  const s = {
    liveProduct: db.prepare('SELECT id FROM inventory_product WHERE id = ? AND archived_at IS NULL').pluck(),
    get: db.prepare('SELECT * FROM images_product_image WHERE id = ?'),
    byFile: db.prepare('SELECT * FROM images_product_image WHERE file_id = ?'),
    list: db.prepare('SELECT * FROM images_product_image WHERE product_id = ? ORDER BY position, id LIMIT ? OFFSET ?'),
    all: db.prepare('SELECT * FROM images_product_image WHERE product_id = ? ORDER BY position, id'),
    count: db.prepare('SELECT count(*) FROM images_product_image WHERE product_id = ?').pluck(),
    nextPosition: db.prepare('SELECT ifnull(max(position) + 1, 0) FROM images_product_image WHERE product_id = ?').pluck(),
    insert: db.prepare(`INSERT INTO images_product_image (product_id, file_id, alt, is_primary, position, width, height, bytes, created_at)
      VALUES (@product_id, @file_id, @alt, @is_primary, @position, @width, @height, @bytes, @created_at)`),
    clearPrimary: db.prepare('UPDATE images_product_image SET is_primary = 0 WHERE product_id = ? AND is_primary = 1'),
    setPrimary: db.prepare('UPDATE images_product_image SET is_primary = 1 WHERE id = ?'),
    firstByPosition: db.prepare('SELECT id FROM images_product_image WHERE product_id = ? ORDER BY position, id LIMIT 1').pluck(),
    setAlt: db.prepare('UPDATE images_product_image SET alt = ? WHERE id = ?'),
    setPosition: db.prepare('UPDATE images_product_image SET position = ? WHERE id = ?'),
    delete: db.prepare('DELETE FROM images_product_image WHERE id = ?'),
    upload: db.prepare('SELECT * FROM images_upload WHERE file_id = ?'),
    insertUpload: db.prepare(`INSERT INTO images_upload (file_id, product_id, width, height, bytes, created_at)
      VALUES (@file_id, @product_id, @width, @height, @bytes, @created_at)`),
    deleteUpload: db.prepare('DELETE FROM images_upload WHERE file_id = ?'),
    staleUploads: db.prepare('SELECT file_id FROM images_upload WHERE created_at < ?').pluck(),
  };
  return {
    /** True when the product exists and is not archived. */
    productExists: (id: number) => s.liveProduct.get(id) !== undefined,
    get: (id: number) => s.get.get(id) as ImageRow | undefined,
    byFile: (fileId: string) => s.byFile.get(fileId) as ImageRow | undefined,
    /** One page of a product's images in display order (position). */
    list: (productId: number, limit: number, offset: number) => s.list.all(productId, limit, offset) as ImageRow[],
    /** All of a product's images in display order. */
    all: (productId: number) => s.all.all(productId) as ImageRow[],
    count: (productId: number) => s.count.get(productId) as number,
    nextPosition: (productId: number) => s.nextPosition.get(productId) as number,
    insert: (row: NewImage) => Number(s.insert.run(row).lastInsertRowid),
    clearPrimary: (productId: number) => s.clearPrimary.run(productId),
    setPrimary: (id: number) => s.setPrimary.run(id),
    firstByPosition: (productId: number) => s.firstByPosition.get(productId) as number | undefined,
    setAlt: (id: number, alt: string | null) => s.setAlt.run(alt, id),
    setPosition: (id: number, position: number) => s.setPosition.run(position, id),
    delete: (id: number) => s.delete.run(id),
    upload: (fileId: string) => s.upload.get(fileId) as UploadRow | undefined,
    insertUpload: (row: UploadRow) => s.insertUpload.run(row),
    deleteUpload: (fileId: string) => s.deleteUpload.run(fileId),
    /** File ids of pending uploads created before the given time. */
    staleUploads: (beforeIso: string) => s.staleUploads.all(beforeIso) as string[],
  };
}

export type ImagesRepo = ReturnType<typeof imagesRepo>;
