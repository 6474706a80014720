// Attaches a file uploaded with a ticket to its product (the second step of the admin screen's upload).
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

/** Turns a pending upload into a product image; the url must be one of ours, uploaded for this product, not yet attached. */
export function attachUpload(db: Db, repo: ImagesRepo, input: AttachInput): number {
  const alt = cleanAlt(input.alt);
  const fileId = fileIdFromUrl(input.url);
  if (!fileId) throw badRequest('url must be the address returned by an image upload', 'url');
  return writeTx(db, () => {
    mustHaveProduct(repo, input.productId);
    const upload = repo.upload(fileId);
    if (!upload) {
      if (repo.byFile(fileId)) throw badRequest('This image is already attached to a product', 'url');
      throw badRequest('url must be the address returned by an image upload', 'url');
    }
    if (upload.product_id !== input.productId) throw forbidden('This upload was made for another product');
    mustHaveRoom(repo, input.productId);
    const first = repo.count(input.productId) === 0;
    const id = repo.insert({
      product_id: input.productId,
      file_id: fileId,
      alt,
      is_primary: first ? 1 : 0,
      position: repo.nextPosition(input.productId),
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
