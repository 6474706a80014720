// Image rows -> the API's image JSON (docs/spec.md "Product image": id, url, alt, isPrimary; plus the rest a screen needs).
import { mediaUrl } from './file-store.js';
import type { ImageRow } from './repo.js';

export interface ImageJson {
  id: number;
  productId: number;
  url: string;
  thumbUrl: string;
  alt: string | null;
  isPrimary: boolean;
  position: number;
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
}

/** One image as the admin and ecommerce routes return it. */
export function imageJson(row: ImageRow): ImageJson {
  return {
    id: row.id,
    productId: row.product_id,
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
