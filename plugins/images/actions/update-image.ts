// Edits one image: alt text and/or becoming its style's primary photo.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest } from '../../../core/errors.js';
import type { ImagesRepo } from '../repo.js';
import { cleanAlt, makePrimary, mustGetImage, mustHaveLiveOwner, mustHaveProduct } from './guards.js';

export interface ImageChanges {
  alt?: string | null;
  isPrimary?: boolean;
}

/** Applies the changes in one transaction. productId, when given, must be a size of the image's style (else 404). */
export function updateImage(db: Db, repo: ImagesRepo, imageId: number, changes: ImageChanges, productId?: number): void {
  const alt = changes.alt === undefined ? undefined : cleanAlt(changes.alt);
  writeTx(db, () => {
    const owner = productId === undefined ? undefined : mustHaveProduct(repo, productId);
    const row = mustGetImage(repo, imageId, owner);
    if (productId === undefined) mustHaveLiveOwner(repo, row);
    // A product with photos always shows one: the primary is moved with Set Primary, never just cleared.
    if (changes.isPrimary === false && row.is_primary === 1) {
      throw badRequest('Set another image as primary instead of unsetting the primary image', 'isPrimary');
    }
    if (alt !== undefined) repo.setAlt(row.id, alt);
    if (changes.isPrimary === true) makePrimary(repo, row);
  });
}
