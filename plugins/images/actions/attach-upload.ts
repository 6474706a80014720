// Attaches a file uploaded with a ticket to its product's style (the second step of the admin screen's upload).
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, forbidden } from '../../../core/errors.js';
import { fileIdFromUrl } from '../file-store.js';
import type { ImagesRepo } from '../repo.js';
import { cleanAlt, makePrimary, mustHaveProduct, mustHaveRoom } from './guards.js';

export interface AttachInput {
  productId: number;
  url: string;
  alt?: string | null;
  isPrimary?: boolean;
}

/**
 * Turns a pending upload into a photo of the product's style; the url must be one of ours, uploaded for a size of
 * the same style (any size: the photo is the style's), not yet attached.
 */
export function attachUpload(db: Db, repo: ImagesRepo, input: AttachInput): number {
  const alt = cleanAlt(input.alt);
  const fileId = fileIdFromUrl(input.url);
  if (!fileId) throw badRequest('url must be the address returned by an image upload', 'url');
  return writeTx(db, () => {
    const owner = mustHaveProduct(repo, input.productId);
    const upload = repo.upload(fileId);
    if (!upload) {
      if (repo.byFile(fileId)) throw badRequest('This image is already attached to a product', 'url');
      throw badRequest('url must be the address returned by an image upload', 'url');
    }
    if (upload.product_id !== input.productId && repo.ownerOf(upload.product_id)?.owner !== owner.owner) {
      throw forbidden('This upload was made for another product');
    }
    mustHaveRoom(repo, owner);
    const first = repo.count(owner.owner) === 0;
    const id = repo.insert({
      product_id: input.productId,
      style_id: owner.style_id,
      file_id: fileId,
      alt,
      is_primary: first ? 1 : 0,
      position: repo.nextPosition(owner.owner),
      width: upload.width,
      height: upload.height,
      bytes: upload.bytes,
      created_at: nowIso(),
    });
    repo.deleteUpload(fileId);
    if (input.isPrimary && !first) makePrimary(repo, repo.get(id)!);
    return id;
  });
}
