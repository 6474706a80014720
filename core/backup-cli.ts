// `kedai backup [FILE]` and `kedai restore FILE`: what the shop owner types, and what they are told.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { acquireLock, dataPaths, ensureDataDir, lockHolder } from './data-dir.js';
import { BackupError, BACKUP_SUFFIX, backupStamp, createBackup, restoreBackup } from './backup.js';
import { runMigrations } from './migrate.js';
import { orderPlugins, type KedaiPlugin } from './plugin.js';
import type { Db } from './db.js';
import { corePlugin } from './app.js';
import { parseReplicaTarget, ReplicaUrlError, type ReplicaTarget } from './replica/target.js';
import { readReplicaCredentials, ReplicaCredentialsError, type ReplicaCredentials } from './replica/credentials.js';
import { holdsData, restoreFromReplica, type ImagesFetcher } from './replica/restore.js';
import { litestreamMetaDir } from './replica/litestream.js';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Writes a backup of the data folder (the server may be running) to FILE, or into DATA_DIR/backups. */
export async function backupCommand(config: Config) {
  const paths = dataPaths(config.dataDir);
  if (!fs.existsSync(paths.db)) throw new BackupError(`There is no Kedai database in ${config.dataDir} to back up. Use --data DIR to name the data folder.`);
  const defaultName = `kedai-backup-${backupStamp(new Date(), config.timeZone)}${BACKUP_SUFFIX}`;
  let outFile = config.args[0] ? path.resolve(config.args[0]) : path.join(paths.backups, defaultName);
  if (fs.existsSync(outFile) && fs.statSync(outFile).isDirectory()) outFile = path.join(outFile, defaultName);
  if (fs.existsSync(outFile) && config.flags.force !== true)
    throw new BackupError(`${outFile} already exists. Choose another file name (or add --force to replace it).`);
  const started = Date.now();
  const result = await createBackup({ paths, outFile });
  console.log(`Backup written: ${result.file} (${megabytes(result.bytes)}, ${result.images} images, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  console.log(`Restore it with: kedai restore ${result.file} --data DIR (with the server stopped)`);
}

/** Replaces the data folder's database and images with a backup; refuses while a server holds the folder. */
export async function restoreCommand(config: Config, plugins: KedaiPlugin[]) {
  const file = config.args[0];
  if (!file) throw new BackupError('Usage: kedai restore FILE [--data DIR]');
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${path.resolve(file)}`);
  const paths = ensureDataDir(config.dataDir);
  const holder = lockHolder(paths);
  if (holder)
    throw new BackupError(
      `A Kedai server (pid ${holder}) is using the data folder ${paths.root}. Stop it first, then run the restore again. Nothing was changed.`,
    );
  const release = acquireLock(paths);
  try {
    const result = await restoreBackup({ paths, archive: file, prepare: preparer(plugins), timeZone: config.timeZone });
    // Litestream's bookkeeping described the replaced database: replication starts a new generation.
    fs.rmSync(litestreamMetaDir(paths.db), { recursive: true, force: true });
    const made = result.manifest ? ` made ${result.manifest.created_at} by Kedai ${result.manifest.kedai_version}` : '';
    console.log(`Restored ${path.resolve(file)}${made}: the database and ${result.images} images are now in ${paths.root}.`);
    if (result.previousDb) console.log(`The database it replaced is kept as ${result.previousDb}`);
    if (result.previousImages) console.log(`The images it replaced are kept in ${result.previousImages}`);
  } finally {
    release();
  }
}

/** The migrations every restore runs on the restored database (an older copy is brought up to date). */
function preparer(plugins: KedaiPlugin[]) {
  const ordered = orderPlugins([corePlugin, ...plugins]);
  return (db: Db) =>
    void runMigrations(
      db,
      ordered.map((p) => ({ name: p.name, migrations: p.migrations ?? [] })),
    );
}

/**
 * `kedai restore --from-replica URL --data DIR [--timestamp ISO] [--replicate-endpoint E] [--force]`: rebuilds the
 * data folder from the off-site copy. A folder that already holds a shop's data is refused unless --force (then
 * what it held is kept in backups/, as with `restore FILE`).
 */
export async function restoreFromReplicaCommand(config: Config, plugins: KedaiPlugin[], fetchImages?: ImagesFetcher) {
  const url = config.flags['from-replica'];
  if (typeof url !== 'string' || !url)
    throw new BackupError('Usage: kedai restore --from-replica URL --data DIR [--timestamp ISO] [--replicate-endpoint URL] [--force]');
  const endpoint = config.flags['replicate-endpoint'] ?? process.env.KEDAI_REPLICATE_ENDPOINT;
  let target: ReplicaTarget;
  try {
    target = parseReplicaTarget(url, { endpoint: typeof endpoint === 'string' ? endpoint : null, region: process.env.AWS_REGION });
  } catch (err) {
    throw err instanceof ReplicaUrlError ? new BackupError(err.message) : err;
  }
  const timestamp = config.flags.timestamp;
  if (timestamp === true) throw new BackupError('--timestamp needs a date and time, e.g. 2026-11-26T09:30:00+08:00');
  const existing = dataPaths(config.dataDir);
  if (holdsData(existing) && config.flags.force !== true) {
    throw new BackupError(
      `The data folder ${config.dataDir} is not empty. Restore into a new folder, or add --force to replace what it holds (it is kept in ${existing.backups}). Nothing was changed.`,
    );
  }
  const paths = ensureDataDir(config.dataDir);
  const holder = lockHolder(paths);
  if (holder)
    throw new BackupError(
      `A Kedai server (pid ${holder}) is using the data folder ${paths.root}. Stop it first, then run the restore again. Nothing was changed.`,
    );
  let credentials: ReplicaCredentials | null;
  try {
    credentials = readReplicaCredentials(paths.root);
  } catch (err) {
    throw err instanceof ReplicaCredentialsError ? new BackupError(err.message) : err;
  }
  const release = acquireLock(paths);
  try {
    const started = Date.now();
    const result = await restoreFromReplica({
      paths,
      target,
      credentials,
      timestamp: typeof timestamp === 'string' ? timestamp : undefined,
      prepare: preparer(plugins),
      timeZone: config.timeZone,
      fetchImages,
    });
    const when = typeof timestamp === 'string' ? ` as of ${timestamp}` : '';
    console.log(`Restored the database from ${target.url}${when} into ${paths.root} (integrity check ok, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
    if (fetchImages) console.log(`${result.images} photos were brought back from the replica.`);
    if (result.previousDb) console.log(`The database it replaced is kept as ${result.previousDb}`);
    if (result.previousImages) console.log(`The images it replaced are kept in ${result.previousImages}`);
  } finally {
    release();
  }
}
