// Backups of a data folder: one .tar.gz holding a consistent snapshot of kedai.db (SQLite's online backup,
// then integrity_check on the copy), the images folder and a small manifest. And the way back: restore.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { openDb, type Db } from './db.js';
import type { DataPaths } from './data-dir.js';
import { TarWriter, readTar } from './backup-tar.js';
import { zoneOffsetMinutes } from './clock.js';
import { VERSION } from './version.js';
import { DIR_MODE, FILE_MODE, markInProgress, sweepBackupLeftovers } from './backup-files.js';
import { STAGING_PREFIX, crashPoint, finishCleanup, fsyncDir, rollBack, writeJournal, type RestoreJournal } from './backup-journal.js';

/** A backup or restore failure with a message for the shop owner; `cause` keeps the system error (ENOSPC, SQLITE_FULL...). */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The file system or SQLite said the disk is full. */
const diskFull = (err: unknown) => ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'].includes(String((err as { code?: unknown }).code));

export const MANIFEST_NAME = 'kedai-backup.json';
export const AUTO_PREFIX = 'kedai-auto-';
export const BACKUP_SUFFIX = '.tar.gz';

export interface BackupManifest {
  format: 'kedai-backup';
  format_version: 1;
  kedai_version: string;
  created_at: string;
  db_bytes: number;
  images: number;
  schema: Record<string, number>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  images: number;
  createdAt: string;
}

/** "20250102-143005" in the shop's time zone: file names an owner can read. */
export function backupStamp(at: Date, timeZone = 'Asia/Singapore'): string {
  const local = new Date(at.getTime() + zoneOffsetMinutes(at, timeZone) * 60000).toISOString();
  return `${local.slice(0, 10).replace(/-/g, '')}-${local.slice(11, 19).replace(/:/g, '')}`;
}

/** Runs integrity_check on a database file; returns 'ok' or the first problems found. */
export function integrityOf(db: Db): string {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check).join('; ');
}

function schemaVersions(db: Db): Record<string, number> {
  const rows = db.prepare('SELECT plugin, MAX(version) AS v FROM schema_migrations GROUP BY plugin ORDER BY plugin').all() as { plugin: string; v: number }[];
  return Object.fromEntries(rows.map((r) => [r.plugin, r.v]));
}

async function listFiles(dir: string, rel = ''): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, child)));
    else if (e.isFile()) out.push(child);
  }
  return out;
}

async function fsyncFile(file: string) {
  const fh = await fs.promises.open(file, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

function removeQuietly(file: string) {
  fs.rmSync(file, { force: true, recursive: true });
}

// One backup at a time per process (the nightly timer and a download may meet).
let queue: Promise<unknown> = Promise.resolve();
function serialized<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Snapshots the database and images into ONE archive, written under a temporary name and renamed when
 * complete. `db` is the server's own connection (its writes during the copy are folded in, nothing blocks);
 * without it a second connection opens the live file and copies it in one step (WAL: the server keeps
 * selling meanwhile, and the copy is the database as of one instant).
 */
export function createBackup(opts: { paths: DataPaths; outFile: string; db?: Db; now?: Date }): Promise<BackupResult> {
  return serialized(() => writeBackup(opts));
}

async function writeBackup({ paths, outFile, db, now = new Date() }: { paths: DataPaths; outFile: string; db?: Db; now?: Date }): Promise<BackupResult> {
  const target = path.resolve(outFile);
  const dir = path.dirname(target);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  } catch (err) {
    throw new BackupError(`Cannot write the backup into ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  // What a backup killed half-way left here (full database copies) goes first.
  sweepBackupLeftovers(dir);
  const tag = `${process.pid}-${Date.now()}`;
  const snapshot = `${target}.${tag}.db`;
  const partial = `${target}.${tag}.partial`;
  const unmark = markInProgress(`${target}.${tag}`);
  try {
    // Created empty and private first: SQLite keeps an existing file's mode (and gives its -wal/-shm the same).
    fs.writeFileSync(snapshot, '', { mode: FILE_MODE, flag: 'wx' });
    if (db) {
      await db.backup(snapshot);
    } else {
      if (!fs.existsSync(paths.db)) throw new BackupError(`There is no database to back up at ${paths.db}`);
      const live = openDb(paths.db);
      try {
        // All pages in one step: a step-by-step copy restarts whenever the server writes, and may never end.
        await live.backup(snapshot, { progress: () => 0x7fffffff });
      } finally {
        live.close();
      }
    }
    crashPoint('backup-snapshot');
    const copy = openDb(snapshot);
    let manifest: BackupManifest;
    try {
      const integrity = integrityOf(copy);
      if (integrity !== 'ok') throw new BackupError(`The database snapshot failed its integrity check (${integrity}); no backup was written.`);
      copy.pragma('wal_checkpoint(TRUNCATE)');
      manifest = {
        format: 'kedai-backup',
        format_version: 1,
        kedai_version: VERSION,
        created_at: now.toISOString(),
        db_bytes: 0,
        images: 0,
        schema: schemaVersions(copy),
      };
    } finally {
      copy.close();
    }
    manifest.db_bytes = fs.statSync(snapshot).size;
    const images = await listFiles(paths.images);
    manifest.images = images.length;

    const gzip = zlib.createGzip({ level: 6 });
    const done = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
    const tar = new TarWriter(gzip);
    let written = 0;
    try {
      await tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)), now);
      await tar.addFile('kedai.db', snapshot);
      crashPoint('backup-partial');
      await tar.addDir('images');
      for (const rel of images) if (await tar.addFile(`images/${rel}`, path.join(paths.images, rel))) written++;
      await tar.finish();
    } catch (err) {
      gzip.destroy(err as Error);
      await done.catch(() => undefined);
      throw err;
    }
    await done;
    await fsyncFile(partial);
    fs.renameSync(partial, target);
    fsyncDir(dir);
    return { file: target, bytes: fs.statSync(target).size, images: written, createdAt: manifest.created_at };
  } catch (err) {
    if (diskFull(err))
      throw new BackupError(`The disk is full: the backup to ${target} could not be written; nothing was left behind. Free up disk space, then try again.`, {
        cause: err,
      });
    throw err;
  } finally {
    for (const f of [snapshot, `${snapshot}-wal`, `${snapshot}-shm`, `${snapshot}-journal`, partial]) removeQuietly(f);
    unmark();
  }
}

/** Automatic backups in DATA_DIR/backups, newest first. */
export function listAutoBackups(paths: DataPaths): { file: string; mtimeMs: number }[] {
  let names: string[] = [];
  try {
    names = fs.readdirSync(paths.backups);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(AUTO_PREFIX) && n.endsWith(BACKUP_SUFFIX))
    .map((n) => {
      const file = path.join(paths.backups, n);
      return { file, mtimeMs: fs.statSync(file).mtimeMs };
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs || b.file.localeCompare(a.file));
}

/** Deletes all but the newest `keep` automatic backups; returns the deleted files. */
export function pruneAutoBackups(paths: DataPaths, keep = 14): string[] {
  const old = listAutoBackups(paths)
    .slice(keep)
    .map((b) => b.file);
  for (const f of old) removeQuietly(f);
  return old;
}

// --- restore -------------------------------------------------------------------------------------

const ALLOWED_TOP = new Set([MANIFEST_NAME, 'kedai.db', 'images']);

/** The archive path as a safe relative path inside the staging folder, or null to skip it. */
function safeEntryPath(name: string): string | null {
  const clean = path.posix.normalize(name.replace(/^\.\//, ''));
  if (!clean || clean === '.' || clean.startsWith('/') || clean.startsWith('../') || clean === '..' || clean.includes('\0')) {
    throw new BackupError(`The backup holds an unsafe path (${name}); nothing was restored.`);
  }
  return ALLOWED_TOP.has(clean.split('/')[0]) ? clean : null;
}

async function openArchive(file: string): Promise<AsyncIterable<Buffer>> {
  const fh = await fs.promises.open(file, 'r');
  const magic = Buffer.alloc(2);
  await fh.read(magic, 0, 2, 0);
  await fh.close();
  const source = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) return source;
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  pipeline(source, zlib.createGunzip(), out).catch((err) => out.destroy(err));
  return out;
}

/** Unpacks a backup archive into a folder; returns its manifest (if any) and the number of images. */
export async function extractBackup(archive: string, dest: string): Promise<{ manifest: BackupManifest | null; images: number }> {
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) throw new BackupError(`No backup file at ${archive}`);
  fs.mkdirSync(path.join(dest, 'images'), { recursive: true, mode: DIR_MODE });
  let manifest: BackupManifest | null = null;
  let images = 0;
  try {
    await readTar(await openArchive(archive), async (entry, chunks) => {
      const rel = safeEntryPath(entry.name);
      if (!rel) return;
      const target = path.join(dest, rel);
      if (entry.type === 'dir') {
        fs.mkdirSync(target, { recursive: true, mode: DIR_MODE });
        return;
      }
      if (rel === MANIFEST_NAME) {
        const parts: Buffer[] = [];
        for await (const c of chunks) parts.push(c);
        try {
          manifest = JSON.parse(Buffer.concat(parts).toString('utf8'));
        } catch {
          throw new BackupError('The backup manifest is unreadable; nothing was restored.');
        }
        return;
      }
      if (rel.startsWith('images/')) images++;
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: DIR_MODE });
      const fh = await fs.promises.open(target, 'w', FILE_MODE);
      try {
        for await (const c of chunks) await fh.write(c);
        await fh.sync();
      } finally {
        await fh.close();
      }
    });
  } catch (err) {
    if (err instanceof BackupError) throw err;
    if (diskFull(err)) throw new BackupError('The disk is full: the backup could not be unpacked; nothing was restored.', { cause: err });
    throw new BackupError(`${archive} is not a readable Kedai backup (${(err as Error).message}); nothing was restored.`);
  }
  const m = manifest as BackupManifest | null;
  if (m && m.format !== 'kedai-backup') throw new BackupError(`${archive} is not a Kedai backup; nothing was restored.`);
  return { manifest: m, images };
}

export interface RestoreResult {
  images: number;
  manifest: BackupManifest | null;
  /** Where the database that was replaced now lives (absent when the folder had none). */
  previousDb?: string;
  previousImages?: string;
}

/**
 * Restores an archive into a data folder that no server holds (the caller holds its lock). Everything is
 * unpacked and checked (integrity_check, schema not newer than this program, migrated if older) in a staging
 * folder first; only then are images and database swapped in with renames, the database last. The database
 * that was there is kept as backups/pre-restore-<stamp>.db (its images beside it). On any failure the folder
 * is left as it was.
 */
export async function restoreBackup(opts: {
  paths: DataPaths;
  archive: string;
  prepare: (db: Db) => void;
  now?: Date;
  timeZone?: string;
}): Promise<RestoreResult> {
  return restoreStaged({ ...opts, source: opts.archive }, async (staging) => {
    const { manifest, images } = await extractBackup(path.resolve(opts.archive), staging);
    if (!fs.existsSync(path.join(staging, 'kedai.db')))
      throw new BackupError(`${opts.archive} is not a Kedai backup (it holds no kedai.db); nothing was restored.`);
    return { manifest, images };
  });
}

/**
 * The shared second half of every restore (a backup archive, or the off-site replica): `fill` puts kedai.db (and
 * images/) into a staging folder inside the data folder; then the same checks (integrity_check, schema not newer
 * than this program, migrated if older) and the same journaled swap. On any failure the folder is left as it was.
 */
export async function restoreStaged(
  opts: { paths: DataPaths; source: string; prepare: (db: Db) => void; now?: Date; timeZone?: string },
  fill: (staging: string) => Promise<{ manifest: BackupManifest | null; images: number }>,
): Promise<RestoreResult> {
  const { paths } = opts;
  const now = opts.now ?? new Date();
  // The caller holds the lock and so has already finished or undone an interrupted restore (backup-journal.ts).
  for (const name of fs.readdirSync(paths.root)) if (name.startsWith(STAGING_PREFIX)) removeQuietly(path.join(paths.root, name));
  const staging = path.join(paths.root, `${STAGING_PREFIX}${process.pid}`);
  try {
    fs.mkdirSync(path.join(staging, 'images'), { recursive: true, mode: DIR_MODE });
    const { manifest, images } = await fill(staging);
    const stagedDb = path.join(staging, 'kedai.db');
    let db: Db;
    try {
      db = openDb(stagedDb);
    } catch (err) {
      throw new BackupError(`The database from ${opts.source} cannot be opened (${(err as Error).message}); nothing was restored.`);
    }
    try {
      let integrity: string;
      try {
        integrity = integrityOf(db);
      } catch (err) {
        integrity = (err as Error).message;
      }
      if (integrity !== 'ok') throw new BackupError(`The database from ${opts.source} is damaged (integrity_check: ${integrity}); nothing was restored.`);
      try {
        opts.prepare(db);
      } catch (err) {
        throw new BackupError(`This copy cannot be restored by this Kedai: ${(err as Error).message}`);
      }
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    for (const s of ['-wal', '-shm']) removeQuietly(stagedDb + s);
    const result = swapIn(paths, staging, backupStamp(now, opts.timeZone));
    return { images, manifest, ...result };
  } finally {
    removeQuietly(staging);
  }
}

/**
 * The commit: renames only, the database last. restore-journal.json is written first, so a crash anywhere in
 * between is finished or undone by the next start (backup-journal.ts); a failed rename is undone at once.
 */
function swapIn(paths: DataPaths, staging: string, stamp: string): { previousDb?: string; previousImages?: string } {
  fs.mkdirSync(paths.backups, { recursive: true, mode: DIR_MODE });
  // Never a name already taken (two restores in one second): the rollback must not touch someone else's files.
  let keepDb = '';
  let keepImages = '';
  for (let n = 1; !keepDb || [keepDb, `${keepDb}-wal`, keepImages].some((f) => fs.existsSync(f)); n++) {
    const base = path.join(paths.backups, `pre-restore-${stamp}${n > 1 ? `-${n}` : ''}`);
    keepDb = `${base}.db`;
    keepImages = `${base}-images`;
  }
  const hadImages = fs.existsSync(paths.images) && fs.readdirSync(paths.images).length > 0;
  const hadDb = fs.existsSync(paths.db);
  if (hadDb) {
    // Fold the old WAL in so the kept copy is one file; if that fails, its WAL travels with it.
    try {
      const old = openDb(paths.db);
      try {
        old.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        old.close();
      }
    } catch {
      /* a damaged old database is kept as it is */
    }
  }
  const journal: RestoreJournal = {
    format: 'kedai-restore-journal',
    version: 1,
    startedAt: new Date().toISOString(),
    staging: path.basename(staging),
    keepDb: path.basename(keepDb),
    keepImages: path.basename(keepImages),
    hadDb,
    hadImages,
  };
  writeJournal(paths, journal);
  crashPoint('journal-written');
  try {
    if (hadImages) fs.renameSync(paths.images, keepImages);
    else removeQuietly(paths.images);
    crashPoint('images-kept');
    fs.renameSync(path.join(staging, 'images'), paths.images);
    crashPoint('images-swapped');
    if (hadDb) {
      try {
        fs.linkSync(paths.db, keepDb);
      } catch {
        fs.copyFileSync(paths.db, keepDb);
      }
      if (fs.existsSync(`${paths.db}-wal`)) fs.renameSync(`${paths.db}-wal`, `${keepDb}-wal`);
      removeQuietly(`${paths.db}-shm`);
    }
    crashPoint('db-kept');
    // The commit point: one atomic rename over the old database.
    fs.renameSync(path.join(staging, 'kedai.db'), paths.db);
    fsyncDir(paths.root);
    crashPoint('committed');
  } catch (err) {
    try {
      rollBack(paths, journal);
      finishCleanup(paths);
    } catch {
      /* the journal stays: the next start finishes the rollback */
    }
    throw new BackupError(`The restore could not replace the data folder's files (${(err as Error).message}); the folder was left as it was.`, { cause: err });
  }
  finishCleanup(paths, journal);
  return { previousDb: hadDb ? keepDb : undefined, previousImages: hadImages ? keepImages : undefined };
}
