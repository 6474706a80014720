// Group commit (#27.4): the sales that arrive in the same turn of the event loop (tills whose requests came in
// while the last commit's fsync held the thread) are written in ONE IMMEDIATE transaction, each in a savepoint of
// its own, and acknowledged only after its COMMIT: one fsync covers every sale of the group, and no sale is
// answered before the fsync that makes it durable. A sale that fails (a 409 for stock, a 400) rolls back its own
// savepoint and is refused alone; the others commit. If the COMMIT itself fails, every sale of the group is refused
// (none was acknowledged). A till alone waits for nothing: its group is itself, flushed at the next setImmediate.
import type { Db } from './db.js';

/** The most sales in one commit (bounds how long one group holds the write lock). */
export const MAX_GROUP = 32;

type Job = { run: () => unknown; resolve: (value: unknown) => void; reject: (err: unknown) => void };

/**
 * A writer for `db`: `write(fn)` runs fn in the next group's transaction. fn must make its writes in writeTx (as
 * checkout does): alone in its group that is its transaction; in a group it nests as fn's savepoint.
 */
export function groupCommitter(db: Db) {
  const queue: Job[] = [];
  /** Sales per COMMIT so far (tests and the bench read it). */
  const stats = { commits: 0, writes: 0 };

  function flush() {
    const group = queue.splice(0, MAX_GROUP);
    if (queue.length) setImmediate(flush);
    stats.commits++;
    stats.writes += group.length;
    if (group.length === 1) {
      // Alone: its own writeTx is the transaction (no savepoint to pay for).
      const [job] = group;
      try {
        job.resolve(job.run());
      } catch (err) {
        job.reject(err);
      }
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const job of group) {
          try {
            // Its writeTx nests as a savepoint: a sale that throws takes back only its own rows.
            outcomes.push({ ok: true, value: job.run() });
          } catch (err) {
            // SQLite ended the whole transaction (disk full, I/O error): nothing of the group stands; all are refused.
            if (!db.inTransaction) throw err;
            outcomes.push({ ok: false, err });
          }
        }
      }).immediate();
    } catch (err) {
      stats.commits--;
      stats.writes -= group.length;
      for (const job of group) job.reject(err);
      return;
    }
    group.forEach((job, i) => {
      const o = outcomes[i];
      if (o.ok) job.resolve(o.value);
      else job.reject(o.err);
    });
  }

  function write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  return { write, stats };
}
