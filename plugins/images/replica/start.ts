// Turns the photos' off-site copy on for this app when a replica is configured (config.replica, core/config.ts):
// backfills the queue once per replica, starts the uploader, stops it when the app closes. The actions get an
// outbox: queue() inside their transaction, wake() after it commits.
import type { FastifyInstance } from 'fastify';
import { readReplicaCredentials } from '../../../core/replica/credentials.js';
import { openObjectStore } from '../../../core/replica/object-store.js';
import { replicaQueueOf, type ReplicaOp } from './queue.js';
import { startUploader, type UploaderOptions } from './uploader.js';

export interface ReplicaOutbox {
  /** Queues a photo's change for the store; call inside the transaction that changes its row. */
  queue(fileId: string, op: ReplicaOp): void;
  /** After the commit: tells the uploader there is work. */
  wake(): void;
}

/** Replication off: nothing is queued. */
export const NO_REPLICA: ReplicaOutbox = { queue() {}, wake() {} };

export type ReplicaTuning = Pick<UploaderOptions, 'retryMs' | 'maxRetryMs' | 'idleMs'>;

/** Starts the off-site copy of photos if this app replicates; returns the outbox the image actions write to. */
export function startImagesReplica(app: FastifyInstance, tuning: ReplicaTuning = {}): ReplicaOutbox {
  const queue = replicaQueueOf(app.db);
  const fail = (message: string) => {
    app.log.error(`Off-site copy of photos is off: ${message}`);
    queue.setError(message);
  };
  // A URL Kedai cannot use never gets this far: loadConfig refuses it at start.
  const target = app.config.replica;
  if (!target) {
    queue.forgetTarget();
    return NO_REPLICA;
  }
  const backfilled = queue.backfill(target.url);
  if (backfilled > 0) app.log.info(`Off-site copy: ${backfilled} existing photos queued for ${target.url}`);
  const outbox: ReplicaOutbox = { queue: (fileId, op) => queue.queue(fileId, op), wake() {} };
  let credentials = null;
  try {
    credentials = target.kind === 's3' ? readReplicaCredentials(app.paths.root) : null;
  } catch (err) {
    // Photos are still queued (nothing lost) and go out once the credentials are fixed and Kedai restarts.
    fail((err as Error).message);
    return outbox;
  }
  const t = target;
  const uploader = startUploader({
    queue,
    openStore: () => openObjectStore(t, credentials),
    imagesDir: app.paths.images,
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    ...tuning,
  });
  app.addHook('onClose', () => uploader.stop());
  outbox.wake = () => uploader.wake();
  return outbox;
}
