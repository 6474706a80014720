// Image rows -> the API's image JSON (docs/spec.md "Product image": id, url, alt, isPrimary; plus the rest a screen needs).
import { mediaUrl } from './file-store.js';
import type { ImageRow } from './repo.js';
import type { ProductImage } from './schemas.js';

/** One image as the admin and ecommerce routes return it. */
export function imageJson(row: ImageRow): ProductImage {
  return {
    id: row.id,
    productId: row.product_id,
    styleId: row.style_id,
    url: mediaUrl(row.file_id, 'display'),
    thumbUrl: mediaUrl(row.file_id, 'thumb'),
    alt: row.alt,
    isPrimary: row.is_primary === 1,
    position: row.position,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    createdAt: row.created_at,
  };
}
