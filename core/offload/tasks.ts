// The jobs that run on a worker thread, never on the thread that answers the tills (#18): each takes plain
// data (structured-clonable) and returns plain data. The worker opens its own database connection: WAL lets
// it read while the tills write.
import { createBackup, type BackupResult } from '../backup.js';
import type { DataPaths } from '../data-dir.js';

export interface Tasks {
  /** A backup archive: one-step snapshot, integrity_check on the copy, gzip, all in the worker. */
  backup(input: { paths: DataPaths; outFile: string; now: string }): Promise<BackupResult>;
}

export const TASKS: Tasks = {
  backup: ({ paths, outFile, now }) => createBackup({ paths, outFile, now: new Date(now) }),
};

export type TaskName = keyof Tasks;
