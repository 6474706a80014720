// Deletes an image and its files; when it was its style's primary, the next by position takes over.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import type { FileStore } from '../file-store.js';
import type { ImagesRepo } from '../repo.js';
import type { ReplicaOutbox } from '../replica/start.js';
import { mustGetImage, mustHaveProduct } from './guards.js';

/** Removes the row (promoting a new primary) and queues the off-site delete in one transaction, then the files. */
export async function deleteImage(db: Db, repo: ImagesRepo, files: FileStore, outbox: ReplicaOutbox, imageId: number, productId?: number): Promise<void> {
  const row = writeTx(db, () => {
    const owner = productId === undefined ? undefined : mustHaveProduct(repo, productId);
    const image = mustGetImage(repo, imageId, owner);
    repo.delete(image.id);
    if (image.is_primary === 1) {
      const next = repo.firstByPosition(image.owner);
      if (next !== undefined) repo.setPrimary(next);
    }
    outbox.queue(image.file_id, 'delete');
    return image;
  });
  outbox.wake();
  // After the commit: a crash here leaves an unused file, never a row pointing at a missing one.
  await files.remove(row.file_id);
}
