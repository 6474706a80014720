// Files a backup or restore writes on the way (full database copies!): who may read them, and sweeping up
// what a killed process left behind. No imports from the rest of Kedai, so data-dir.ts can use it at start.
import fs from 'node:fs';
import path from 'node:path';

/** Mode of every file Kedai writes in the data folder (and of its backups): the owner only. */
export const FILE_MODE = 0o600;
/** Mode of the data folder and its subfolders. */
export const DIR_MODE = 0o700;

/**
 * A backup's temporary files: "<archive>.<pid>-<ms>.db" (the database snapshot, with its -wal/-shm/-journal)
 * and "<archive>.<pid>-<ms>.partial" (the archive being written).
 */
export const BACKUP_TEMP_PATTERN = /^.+\.(\d+)-(\d{13})\.(db|db-wal|db-shm|db-journal|partial)$/;

/** Temp names of backups this process is writing right now (never swept). */
const inProgress = new Set<string>();

/** Marks a backup's temp tag ("<archive>.<pid>-<ms>") as in progress; returns the function that unmarks it. */
export function markInProgress(tagged: string): () => void {
  inProgress.add(tagged);
  return () => inProgress.delete(tagged);
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Older than this, a temp file is stale whoever its pid now is (a pid reused after a reboot). */
const STALE_MS = 24 * 3600_000;

/**
 * Removes backup temp files in `dir` left by a process that died mid-backup (power cut, kill -9): its pid is
 * gone, or it is this process but not one of its backups in progress, or the file is a day old. Returns the
 * removed names.
 */
export function sweepBackupLeftovers(dir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = BACKUP_TEMP_PATTERN.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    const tagged = file.slice(0, file.length - m[3].length - 1);
    if (inProgress.has(tagged)) continue;
    const pid = Number(m[1]);
    let stale = pid !== process.pid ? !alive(pid) : true;
    if (!stale) {
      try {
        stale = now - fs.statSync(file).mtimeMs > STALE_MS;
      } catch {
        continue;
      }
    }
    if (!stale) continue;
    fs.rmSync(file, { force: true, recursive: true });
    removed.push(name);
  }
  return removed;
}

/** chmod that ignores files that are gone or not ours to change (a shared folder on a USB stick). */
export function tighten(file: string, mode: number) {
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isSymbolicLink() && (stat.mode & 0o777) !== mode) fs.chmodSync(file, mode);
  } catch {
    /* gone, or not allowed: nothing to do */
  }
}

/** Sets every file under `dir` (recursively) to FILE_MODE and every folder to DIR_MODE. */
export function tightenTree(dir: string) {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  tighten(dir, DIR_MODE);
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) tightenTree(full);
    else if (e.isFile()) tighten(full, FILE_MODE);
  }
}
