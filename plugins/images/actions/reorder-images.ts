// Saves a new order of a style's images (through any of its sizes; (the screen sends every id after a drag ends).
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest } from '../../../core/errors.js';
import type { ImagesRepo } from '../repo.js';
import { mustHaveProduct } from './guards.js';

/** Positions become 0..n-1 in the given order; imageIds must be exactly the style's image ids (else 400). */
export function reorderImages(db: Db, repo: ImagesRepo, productId: number, imageIds: number[]): void {
  writeTx(db, () => {
    const owner = mustHaveProduct(repo, productId);
    const current = new Set(repo.all(owner.owner).map((r) => r.id));
    const given = new Set(imageIds);
    const exact = given.size === imageIds.length && given.size === current.size && imageIds.every((id) => current.has(id));
    if (!exact) throw badRequest("imageIds must list each of the product's images exactly once", 'imageIds');
    imageIds.forEach((id, position) => {
      repo.setPosition(id, position);
    });
  });
}
