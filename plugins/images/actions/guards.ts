// Checks shared by the image writes; each runs inside the caller's transaction. Photos belong to a size's style
// (#30): a size's routes read and write its style's photos (a size without a style keeps its own).
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { MAX_ALT_LENGTH, MAX_IMAGES_PER_STYLE } from '../limits.js';
import type { ImageRow, ImagesRepo, ProductOwner } from '../repo.js';

/** The size's photo owner (its style); 404 unless the product exists and is not archived. */
export function mustHaveProduct(repo: ImagesRepo, productId: number): ProductOwner {
  const owner = repo.ownerOf(productId);
  if (!owner) throw notFound('Product');
  return owner;
}

/** The image, which must belong to the given owner (the product's style) when one is given (else 404). */
export function mustGetImage(repo: ImagesRepo, imageId: number, owner?: ProductOwner): ImageRow {
  const row = repo.get(imageId);
  if (!row || (owner !== undefined && row.owner !== owner.owner)) throw notFound('Image');
  return row;
}

/** 404 unless the image's style still has a live size (a size without a style: unless it is live). */
export function mustHaveLiveOwner(repo: ImagesRepo, row: ImageRow) {
  const live = row.style_id === null ? repo.ownerOf(row.product_id) !== undefined : repo.styleLive(row.style_id);
  if (!live) throw notFound('Product');
}

/** 409 when the style already has as many photos as it may. */
export function mustHaveRoom(repo: ImagesRepo, owner: ProductOwner) {
  if (repo.count(owner.owner) >= MAX_IMAGES_PER_STYLE) {
    throw conflict('TOO_MANY_IMAGES', `A style can have at most ${MAX_IMAGES_PER_STYLE} images`);
  }
}

/** Trimmed alt text; empty means none. */
export function cleanAlt(alt: string | null | undefined): string | null {
  const text = (alt ?? '').trim();
  if (text.length > MAX_ALT_LENGTH) throw badRequest(`alt must NOT have more than ${MAX_ALT_LENGTH} characters`, 'alt');
  return text || null;
}

/** Makes one image its style's only primary (clear first: the unique index allows one at a time). */
export function makePrimary(repo: ImagesRepo, row: ImageRow) {
  if (row.is_primary === 1) return;
  repo.clearPrimary(row.owner);
  repo.setPrimary(row.id);
}
