// SQL for the images plugin's tables, prepared once per connection.
import type { Db } from '../../core/db.js';

export interface ImageRow {
  id: number;
  /** The size the photo was uploaded through. */
  product_id: number;
  /** The style the photo belongs to (all its sizes show it); null for a product without a style. */
  style_id: number | null;
  /** What photos are grouped by: the style id, or minus the product id for a product without a style. */
  owner: number;
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

/** Whose photos a size shows: its style's (owner = style id), or its own without a style (owner = -id). */
export interface ProductOwner {
  owner: number;
  style_id: number | null;
}

export type NewImage = Omit<ImageRow, 'id' | 'owner'>;

/** The images repository over one connection. */
export function imagesRepo(db: Db) {
  const s = {
    // A live size's photo owner: its style, or minus its own id without one (migration 003's `owner`).
    ownerOf: db.prepare('SELECT coalesce(style_id, -id) AS owner, style_id FROM inventory_product WHERE id = ? AND archived_at IS NULL'),
    styleLive: db.prepare('SELECT 1 FROM inventory_product WHERE style_id = ? AND archived_at IS NULL LIMIT 1'),
    get: db.prepare('SELECT *, owner FROM images_product_image WHERE id = ?'),
    byFile: db.prepare('SELECT *, owner FROM images_product_image WHERE file_id = ?'),
    list: db.prepare('SELECT *, owner FROM images_product_image WHERE owner = ? ORDER BY position, id LIMIT ? OFFSET ?'),
    all: db.prepare('SELECT *, owner FROM images_product_image WHERE owner = ? ORDER BY position, id'),
    count: db.prepare('SELECT count(*) FROM images_product_image WHERE owner = ?').pluck(),
    nextPosition: db.prepare('SELECT ifnull(max(position) + 1, 0) FROM images_product_image WHERE owner = ?').pluck(),
    insert: db.prepare(`INSERT INTO images_product_image (product_id, style_id, file_id, alt, is_primary, position, width, height, bytes, created_at)
      VALUES (@product_id, @style_id, @file_id, @alt, @is_primary, @position, @width, @height, @bytes, @created_at)`),
    clearPrimary: db.prepare('UPDATE images_product_image SET is_primary = 0 WHERE owner = ? AND is_primary = 1'),
    setPrimary: db.prepare('UPDATE images_product_image SET is_primary = 1 WHERE id = ?'),
    firstByPosition: db.prepare('SELECT id FROM images_product_image WHERE owner = ? ORDER BY position, id LIMIT 1').pluck(),
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
    /** A live (not archived) size's photo owner and style, or undefined. */
    ownerOf: (productId: number) => s.ownerOf.get(productId) as ProductOwner | undefined,
    /** True when the style has a live size. */
    styleLive: (styleId: number) => s.styleLive.get(styleId) !== undefined,
    get: (id: number) => s.get.get(id) as ImageRow | undefined,
    byFile: (fileId: string) => s.byFile.get(fileId) as ImageRow | undefined,
    /** One page of an owner's (a style's) photos in display order (position). */
    list: (owner: number, limit: number, offset: number) => s.list.all(owner, limit, offset) as ImageRow[],
    /** All of an owner's photos in display order. */
    all: (owner: number) => s.all.all(owner) as ImageRow[],
    count: (owner: number) => s.count.get(owner) as number,
    nextPosition: (owner: number) => s.nextPosition.get(owner) as number,
    insert: (row: NewImage) => Number(s.insert.run(row).lastInsertRowid),
    clearPrimary: (owner: number) => s.clearPrimary.run(owner),
    setPrimary: (id: number) => s.setPrimary.run(id),
    firstByPosition: (owner: number) => s.firstByPosition.get(owner) as number | undefined,
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
