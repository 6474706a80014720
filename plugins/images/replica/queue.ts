// The durable queue of photos for the off-site store (tables of migration 002) and its status.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { perDb } from '../../../core/repo-support.js';

export type ReplicaOp = 'put' | 'delete';

export interface ReplicaJob {
  file_id: string;
  op: ReplicaOp;
  generation: number;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
}

/** What Settings and /api/health show about the photos' off-site copy. */
export interface ImagesReplicaStatus {
  /** Photos (file ids: both variants) still to upload or delete. */
  pending: number;
  /** Why the last attempt failed; null once an upload succeeds again. */
  last_error: string | null;
  /** When the store last accepted a change (ISO UTC), null before the first. */
  last_upload_at: string | null;
}

/** The queue over one connection. */
export function replicaQueue(db: Db) {
  const s = {
    upsert: db.prepare(`INSERT INTO images_replica_job (file_id, op, queued_at, next_attempt_at) VALUES (@fileId, @op, @at, @at)
      ON CONFLICT (file_id) DO UPDATE SET op = excluded.op, generation = generation + 1, attempts = 0,
        queued_at = excluded.queued_at, next_attempt_at = excluded.next_attempt_at, last_error = NULL`),
    nextDue: db.prepare('SELECT * FROM images_replica_job WHERE next_attempt_at <= ? ORDER BY next_attempt_at, rowid LIMIT 1'),
    earliest: db.prepare('SELECT min(next_attempt_at) FROM images_replica_job').pluck(),
    remove: db.prepare('DELETE FROM images_replica_job WHERE file_id = ? AND generation = ?'),
    retryLater: db.prepare(`UPDATE images_replica_job SET attempts = attempts + 1, next_attempt_at = @retryAt, last_error = @error
      WHERE file_id = @fileId AND generation = @generation`),
    uploaded: db.prepare('UPDATE images_replica_state SET last_upload_at = ?, last_error = NULL WHERE id = 1'),
    setError: db.prepare('UPDATE images_replica_state SET last_error = ? WHERE id = 1'),
    state: db.prepare('SELECT target, last_upload_at, last_error FROM images_replica_state WHERE id = 1'),
    setTarget: db.prepare('UPDATE images_replica_state SET target = ? WHERE id = 1'),
    pending: db.prepare('SELECT count(*) FROM images_replica_job').pluck(),
    // Every photo the shop has: attached ones and ticket uploads not yet attached. A job already queued wins.
    backfill: db.prepare(`INSERT INTO images_replica_job (file_id, op, queued_at, next_attempt_at)
      SELECT file_id, 'put', @at, @at FROM (SELECT file_id FROM images_product_image UNION SELECT file_id FROM images_upload)
      WHERE true ON CONFLICT (file_id) DO NOTHING`),
    isLive: db.prepare('SELECT 1 FROM images_product_image WHERE file_id = ? UNION ALL SELECT 1 FROM images_upload WHERE file_id = ?').pluck(),
    liveFileIds: db.prepare('SELECT file_id FROM images_product_image UNION SELECT file_id FROM images_upload').pluck(),
    queuePut: db.prepare(`INSERT INTO images_replica_job (file_id, op, queued_at, next_attempt_at) VALUES (?, 'put', ?, ?)
      ON CONFLICT (file_id) DO NOTHING`),
  };
  const state = () => s.state.get() as { target: string | null; last_upload_at: string | null; last_error: string | null };
  return {
    /** Queues a change of one photo; call it inside the transaction that changes the photo's row. */
    queue: (fileId: string, op: ReplicaOp) => void s.upsert.run({ fileId, op, at: nowIso() }),
    /** The oldest job due at `now` (ISO), if any. */
    nextDue: (now: string) => s.nextDue.get(now) as ReplicaJob | undefined,
    /** When the next job falls due (ISO), undefined when the queue is empty. */
    earliestDue: () => (s.earliest.get() as string | null) ?? undefined,
    /** The store has the change: the job goes (unless it was replaced meanwhile) and the status says so. */
    done: (job: ReplicaJob, at = nowIso()) =>
      writeTx(db, () => {
        s.remove.run(job.file_id, job.generation);
        s.uploaded.run(at);
      }),
    /** Nothing to send any more (the photo is no longer on disk). */
    drop: (job: ReplicaJob) => void s.remove.run(job.file_id, job.generation),
    /** True while a product image or a pending upload uses the file id. */
    isLive: (fileId: string) => s.isLive.get(fileId, fileId) !== undefined,
    /** The attempt failed: try again at retryAt; the status keeps the reason. */
    failed: (job: ReplicaJob, error: string, retryAt: string) =>
      writeTx(db, () => {
        s.retryLater.run({ fileId: job.file_id, generation: job.generation, error, retryAt });
        s.setError.run(error);
      }),
    /** A reason replication cannot run at all (bad credentials file), for the status. */
    setError: (error: string | null) => void s.setError.run(error),
    /**
     * Queues every existing photo once per replica: when the queue starts feeding a target it did not feed on
     * the previous start (replication just turned on, or moved). Returns how many photos were queued.
     */
    backfill: (target: string): number =>
      writeTx(db, () => {
        if (state().target === target) return 0;
        const queued = s.backfill.run({ at: nowIso() }).changes;
        s.setTarget.run(target);
        return queued;
      }),
    /**
     * Queues the photos the store lacks (given the names it holds): after a restore from a backup, a store
     * emptied or damaged by hand. Files the store has and the shop does not are left alone (harmless, and
     * possibly another restore point's). Returns how many photos were queued.
     */
    queueMissing: (storedNames: Set<string>): number =>
      writeTx(db, () => {
        const at = nowIso();
        let queued = 0;
        for (const fileId of s.liveFileIds.all() as string[]) {
          if (storedNames.has(`${fileId}.display.webp`) && storedNames.has(`${fileId}.thumb.webp`)) continue;
          queued += s.queuePut.run(fileId, at, at).changes;
        }
        return queued;
      }),
    /** Replication is off in this process: changes made now are not queued, so the next start backfills. */
    forgetTarget: () => {
      if (state().target !== null) s.setTarget.run(null);
    },
    status: (): ImagesReplicaStatus => {
      const st = state();
      return { pending: s.pending.get() as number, last_error: st.last_error, last_upload_at: st.last_upload_at };
    },
  };
}

export type ReplicaQueue = ReturnType<typeof replicaQueue>;

/** The queue of a connection, its statements prepared once (the uploader and the status share it). */
export const replicaQueueOf = perDb(replicaQueue);

/** The photos' off-site status (for Settings and /api/health). */
export function imagesReplicaStatus(db: Db): ImagesReplicaStatus {
  return replicaQueueOf(db).status();
}
