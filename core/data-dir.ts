// The data folder is the only place state lives: kedai.db, images/, secret.key, backups/.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DIR_MODE, FILE_MODE, sweepBackupLeftovers, tighten, tightenTree } from './backup-files.js';
import { recoverInterruptedRestore } from './backup-journal.js';

export class DataDirError extends Error {}

export interface DataPaths {
  root: string;
  db: string;
  images: string;
  backups: string;
  secretKey: string;
  lock: string;
}

/** The file layout inside a data folder. */
export function dataPaths(root: string): DataPaths {
  return {
    root,
    db: path.join(root, 'kedai.db'),
    images: path.join(root, 'images'),
    backups: path.join(root, 'backups'),
    secretKey: path.join(root, 'secret.key'),
    lock: path.join(root, 'kedai.lock'),
  };
}

/**
 * Creates the folder and its subfolders and proves it is writable, with a message a shop owner can act on.
 * The folder holds password hashes and customers' details, so only its owner may read it: folders 0700, files
 * 0600 (also fixed on folders made by older versions), and this process's umask is 077 so every file it
 * creates later (kedai.db and its -wal/-shm, images, backups) is born private. Backup temp files a killed
 * process left in backups/ are swept.
 */
export function ensureDataDir(root: string): DataPaths {
  const paths = dataPaths(root);
  try {
    process.umask(0o077);
    fs.mkdirSync(root, { recursive: true, mode: DIR_MODE });
    fs.mkdirSync(paths.images, { recursive: true, mode: DIR_MODE });
    fs.mkdirSync(paths.backups, { recursive: true, mode: DIR_MODE });
    const probe = path.join(root, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new DataDirError(`The data folder ${root} cannot be written (${reason}). Choose another folder with --data, or fix its permissions.`);
  }
  tighten(root, DIR_MODE);
  for (const f of [paths.db, `${paths.db}-wal`, `${paths.db}-shm`, `${paths.db}-journal`, paths.secretKey, paths.lock]) tighten(f, FILE_MODE);
  tightenTree(paths.images);
  tightenTree(paths.backups);
  sweepBackupLeftovers(paths.backups);
  return paths;
}

/** Reads the JWT signing key, creating it (mode 0600) on first start. */
export function loadSecretKey(file: string): Buffer {
  if (!fs.existsSync(file)) {
    // Written whole to a temp file, then linked into place: a crash never leaves a half-written key,
    // and two first starts racing keep whichever key landed first.
    const tmp = `${file}.tmp-${process.pid}`;
    try {
      const fd = fs.openSync(tmp, 'w', 0o600);
      fs.writeSync(fd, randomBytes(48).toString('base64'));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new DataDirError(`Cannot create ${file}: ${(err as Error).message}`);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new DataDirError(`${file} is too short to be a signing key; delete it to create a new one (everyone will sign in again).`);
  return Buffer.from(key);
}

/** True when a process with this pid is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This boot of the machine (Linux), '' elsewhere: a lock written before a reboot names a pid that is now someone else's. */
function bootId(): string {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}

/** The pid of a live server holding the folder, if any. The lock file is "<pid>\n<boot id>". */
export function lockHolder(paths: DataPaths): number | undefined {
  try {
    const [pidText, boot] = fs.readFileSync(paths.lock, 'utf8').split('\n');
    const pid = Number(pidText);
    // Left by a server that died with the machine (power cut): stale, whatever now runs under that pid.
    if (boot !== undefined && boot !== bootId()) return undefined;
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Marks the folder as held by this server; refuses when another live server holds it. Then finishes or rolls
 * back a restore that was interrupted (backup-journal.ts) and logs what it did.
 */
export function acquireLock(paths: DataPaths, log: (message: string) => void = console.log): () => void {
  const holder = lockHolder(paths);
  if (holder) throw new DataDirError(`Another Kedai server (pid ${holder}) is using the data folder ${paths.root}. Stop it first.`);
  const mine = `${process.pid}\n${bootId()}`;
  fs.writeFileSync(paths.lock, mine, { mode: FILE_MODE });
  // Holding the folder, this process is the only one that may finish a restore a crash interrupted.
  const recovered = recoverInterruptedRestore(paths);
  if (recovered) log(recovered);
  return () => {
    try {
      if (fs.readFileSync(paths.lock, 'utf8') === mine) fs.rmSync(paths.lock);
    } catch {
      /* already gone */
    }
  };
}
