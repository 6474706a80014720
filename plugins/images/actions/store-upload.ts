// Keeps a file posted with a presigned ticket until the screen attaches it; clears out old unattached ones.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { forbidden } from '../../../core/errors.js';
import type { FileStore } from '../file-store.js';
import { PENDING_UPLOAD_TTL_MS } from '../limits.js';
import type { ProcessedImage } from '../process-image.js';
import type { ImagesRepo } from '../repo.js';
import type { ReplicaOutbox } from '../replica/start.js';
import type { Ticket } from '../ticket.js';
import { mustHaveProduct } from './guards.js';

/** Writes the variants under the ticket's file id and records the pending upload. */
export async function storeUpload(db: Db, repo: ImagesRepo, files: FileStore, outbox: ReplicaOutbox, ticket: Ticket, image: ProcessedImage): Promise<void> {
  const used = () => repo.upload(ticket.fileId) !== undefined || repo.byFile(ticket.fileId) !== undefined;
  mustHaveProduct(repo, ticket.productId);
  // A ticket names one file: posting it twice would overwrite a photo that may already be on the shop.
  if (used() || files.exists(ticket.fileId, 'display')) throw forbidden('This upload ticket has already been used');
  await files.write(ticket.fileId, { display: image.display.data, thumb: image.thumb.data });
  try {
    writeTx(db, () => {
      if (used()) throw forbidden('This upload ticket has already been used');
      repo.insertUpload({
        file_id: ticket.fileId,
        product_id: ticket.productId,
        width: image.display.width,
        height: image.display.height,
        bytes: image.display.data.length,
        created_at: nowIso(),
      });
      outbox.queue(ticket.fileId, 'put');
    });
    outbox.wake();
  } catch (err) {
    await files.remove(ticket.fileId);
    throw err;
  }
}

/** Removes uploads that were never attached (the browser went away between upload and attach). */
export async function purgeStaleUploads(db: Db, repo: ImagesRepo, files: FileStore, outbox: ReplicaOutbox, now = Date.now()): Promise<number> {
  const stale = writeTx(db, () => {
    const ids = repo.staleUploads(new Date(now - PENDING_UPLOAD_TTL_MS).toISOString());
    for (const id of ids) {
      repo.deleteUpload(id);
      outbox.queue(id, 'delete');
    }
    return ids;
  });
  if (stale.length) outbox.wake();
  for (const id of stale) await files.remove(id);
  return stale.length;
}
