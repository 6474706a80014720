// Checks shared by the image writes; each runs inside the caller's transaction.
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { MAX_ALT_LENGTH, MAX_IMAGES_PER_PRODUCT } from '../limits.js';
import type { ImageRow, ImagesRepo } from '../repo.js';

/** 404 unless the product exists and is not archived. */
export function mustHaveProduct(repo: ImagesRepo, productId: number) {
  if (!repo.productExists(productId)) throw notFound('Product');
}

/** The image, which must belong to the product when one is given (else 404). */
export function mustGetImage(repo: ImagesRepo, imageId: number, productId?: number): ImageRow {
  const row = repo.get(imageId);
  if (!row || (productId !== undefined && row.product_id !== productId)) throw notFound('Image');
  return row;
}

/** 409 when the product already has as many photos as it may. */
export function mustHaveRoom(repo: ImagesRepo, productId: number) {
  if (repo.count(productId) >= MAX_IMAGES_PER_PRODUCT) {
    throw conflict('TOO_MANY_IMAGES', `A product can have at most ${MAX_IMAGES_PER_PRODUCT} images`);
  }
}

/** Trimmed alt text; empty means none. */
export function cleanAlt(alt: string | null | undefined): string | null {
  const text = (alt ?? '').trim();
  if (text.length > MAX_ALT_LENGTH) throw badRequest(`alt must NOT have more than ${MAX_ALT_LENGTH} characters`, 'alt');
  return text || null;
}

/** Makes one image the product's only primary (clear first: the unique index allows one at a time). */
export function makePrimary(repo: ImagesRepo, row: ImageRow) {
  if (row.is_primary === 1) return;
  repo.clearPrimary(row.product_id);
  repo.setPrimary(row.id);
}
