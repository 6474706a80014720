// The server's backups (nightly and the owner's download): the same archive as `kedai backup`, made on a
// worker thread with its own connection, so the integrity check of a large database (2.5 s at 1M invoice
// lines) and the gzip never hold up a till. One at a time: the nightly timer and a download may meet.
import type { BackupResult } from '../backup.js';
import type { DataPaths } from '../data-dir.js';
import { runOffThread } from './run.js';

let queue: Promise<unknown> = Promise.resolve();

export function createBackupOffThread(opts: { paths: DataPaths; outFile: string; now?: Date }): Promise<BackupResult> {
  const run = queue.then(() => runOffThread('backup', { paths: opts.paths, outFile: opts.outFile, now: (opts.now ?? new Date()).toISOString() }));
  queue = run.catch(() => undefined);
  return run;
}
