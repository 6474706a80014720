// Adds a processed picture to a size's style: files first, then the row (the style's first photo becomes primary).
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { newFileId, type FileStore } from '../file-store.js';
import type { ProcessedImage } from '../process-image.js';
import type { ImagesRepo } from '../repo.js';
import type { ReplicaOutbox } from '../replica/start.js';
import { cleanAlt, makePrimary, mustHaveProduct, mustHaveRoom } from './guards.js';

export interface AddImageInput {
  productId: number;
  alt?: string | null;
  isPrimary?: boolean;
}

/** Stores the variants and attaches them to the product's style; returns the new image id. */
export async function addImage(
  db: Db,
  repo: ImagesRepo,
  files: FileStore,
  outbox: ReplicaOutbox,
  image: ProcessedImage,
  input: AddImageInput,
): Promise<number> {
  const alt = cleanAlt(input.alt);
  // Cheap refusals before any file is written.
  mustHaveRoom(repo, mustHaveProduct(repo, input.productId));
  const fileId = newFileId();
  await files.write(fileId, { display: image.display.data, thumb: image.thumb.data });
  try {
    const imageId = writeTx(db, () => {
      const owner = mustHaveProduct(repo, input.productId);
      mustHaveRoom(repo, owner);
      const first = repo.count(owner.owner) === 0;
      const id = repo.insert({
        product_id: input.productId,
        style_id: owner.style_id,
        file_id: fileId,
        alt,
        is_primary: first ? 1 : 0,
        position: repo.nextPosition(owner.owner),
        width: image.display.width,
        height: image.display.height,
        bytes: image.display.data.length,
        created_at: nowIso(),
      });
      if (input.isPrimary && !first) makePrimary(repo, repo.get(id)!);
      outbox.queue(fileId, 'put');
      return id;
    });
    outbox.wake();
    return imageId;
  } catch (err) {
    await files.remove(fileId);
    throw err;
  }
}
