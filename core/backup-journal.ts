// Crash safety of a restore. Swapping a backup in takes several renames (images, then the database); a crash
// (power cut, kill -9) between them must not leave new images with the old database. So before the first
// rename the restore writes restore-journal.json (fsynced) naming everything it is about to move; the commit
// point is the rename of the staged database over kedai.db. The next process that takes the folder's lock
// (`kedai serve`, `kedai restore`) reads the journal: staged database still there -> not committed -> every
// step is undone (rolled back); staged database gone -> committed -> only the cleanup is finished. Either way
// it says so in the log, and no `.restore-*` staging folder or journal is left behind.
import fs from 'node:fs';
import path from 'node:path';
import type { DataPaths } from './data-dir.js';
import { FILE_MODE } from './backup-files.js';

export const RESTORE_JOURNAL = 'restore-journal.json';
export const STAGING_PREFIX = '.restore-';

export interface RestoreJournal {
  format: 'kedai-restore-journal';
  version: 1;
  startedAt: string;
  /** The staging folder (a name inside the data folder) holding the checked kedai.db and images/. */
  staging: string;
  /** Names inside backups/ where the replaced database and images are kept. */
  keepDb: string;
  keepImages: string;
  /** Whether the folder had a database / a non-empty images folder before the swap. */
  hadDb: boolean;
  hadImages: boolean;
}

const journalFile = (paths: DataPaths) => path.join(paths.root, RESTORE_JOURNAL);

export function fsyncDir(dir: string) {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* not supported everywhere */
  }
}

const rm = (file: string) => fs.rmSync(file, { force: true, recursive: true });

/** Test hook: KEDAI_TEST_CRASH_AT=<step> kills this process (SIGKILL, like a power cut) at that step of a restore. */
export function crashPoint(step: string) {
  if (process.env.KEDAI_TEST_CRASH_AT === step) process.kill(process.pid, 'SIGKILL');
}

/** Writes the journal durably (temp file, fsync, rename, fsync of the folder). */
export function writeJournal(paths: DataPaths, journal: RestoreJournal) {
  const file = journalFile(paths);
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w', FILE_MODE);
  try {
    fs.writeSync(fd, JSON.stringify(journal, null, 2));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(paths.root);
}

function readJournal(paths: DataPaths): RestoreJournal | undefined {
  let text: string;
  try {
    text = fs.readFileSync(journalFile(paths), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const j = JSON.parse(text) as RestoreJournal;
    if (
      j.format === 'kedai-restore-journal' &&
      typeof j.staging === 'string' &&
      j.staging.startsWith(STAGING_PREFIX) &&
      !j.staging.includes('/') &&
      !j.keepDb.includes('/') &&
      !j.keepImages.includes('/')
    )
      return j;
  } catch {
    /* unreadable: the write itself was cut short, before any rename */
  }
  return undefined;
}

/** True once the staged database has been renamed over kedai.db (the commit point). */
export function isCommitted(paths: DataPaths, j: RestoreJournal): boolean {
  return !fs.existsSync(path.join(paths.root, j.staging, 'kedai.db'));
}

/** Undoes an uncommitted swap, step by step; every step may be repeated (a crash during the rollback). */
export function rollBack(paths: DataPaths, j: RestoreJournal) {
  const staging = path.join(paths.root, j.staging);
  const keepDb = path.join(paths.backups, j.keepDb);
  const keepImages = path.join(paths.backups, j.keepImages);
  // Images: whatever is at images/ now is the backup's (or an empty folder a start made); the originals
  // are in keepImages, or were empty.
  if (j.hadImages) {
    if (fs.existsSync(keepImages)) {
      rm(paths.images);
      fs.renameSync(keepImages, paths.images);
    }
  } else {
    if (!fs.existsSync(path.join(staging, 'images'))) rm(paths.images);
    fs.mkdirSync(paths.images, { recursive: true });
  }
  // Database: kedai.db is still the original (not committed); only its WAL may have moved beside the kept copy.
  if (j.hadDb) {
    if (fs.existsSync(`${keepDb}-wal`) && !fs.existsSync(`${paths.db}-wal`)) fs.renameSync(`${keepDb}-wal`, `${paths.db}-wal`);
    if (fs.existsSync(paths.db)) rm(keepDb);
    else if (fs.existsSync(keepDb)) fs.renameSync(keepDb, paths.db);
  }
  fsyncDir(paths.root);
}

/** Removes the staging folder and then the journal (the journal last: it is what says work remains). */
export function finishCleanup(paths: DataPaths, j?: RestoreJournal) {
  if (j) rm(path.join(paths.root, j.staging));
  rm(journalFile(paths));
  rm(`${journalFile(paths)}.tmp`);
  fsyncDir(paths.root);
}

/**
 * Called by whoever takes the folder's lock: completes or undoes an interrupted restore and removes stale
 * staging folders. Returns a sentence for the log, or undefined when there was nothing to do.
 */
export function recoverInterruptedRestore(paths: DataPaths): string | undefined {
  const j = readJournal(paths);
  const hadJournalFile = fs.existsSync(journalFile(paths)) || fs.existsSync(`${journalFile(paths)}.tmp`);
  let message: string | undefined;
  if (j) {
    if (isCommitted(paths, j)) {
      message = `An interrupted restore (started ${j.startedAt}) had already replaced the database; it was finished: the data folder holds the restored database and images${j.hadDb ? ` (the database it replaced is kept as ${path.join(paths.backups, j.keepDb)})` : ''}.`;
    } else {
      rollBack(paths, j);
      message = `An interrupted restore (started ${j.startedAt}) was rolled back: the data folder's database and images are as they were before it. Run kedai restore again to restore that backup.`;
    }
    finishCleanup(paths, j);
  } else if (hadJournalFile) {
    finishCleanup(paths);
    message = 'An interrupted restore had not started to change anything; its leftovers were removed.';
  }
  let stale = 0;
  for (const name of fs.readdirSync(paths.root)) {
    if (name.startsWith(STAGING_PREFIX)) {
      rm(path.join(paths.root, name));
      stale++;
    }
  }
  if (stale && !message) message = `Removed ${stale} leftover restore staging folder(s) from ${paths.root}.`;
  return message;
}
