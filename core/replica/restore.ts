// `kedai restore --from-replica URL`: Litestream rebuilds kedai.db from the off-site copy (latest, or as of a
// moment with --timestamp) into a staging folder; then the same checks and swap as `kedai restore FILE`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { DataPaths } from '../data-dir.js';
import type { Db } from '../db.js';
import { BackupError, restoreStaged, type RestoreResult } from '../backup.js';
import type { ReplicaTarget } from './target.js';
import type { ReplicaCredentials } from './credentials.js';
import { findLitestream, litestreamConfig, litestreamEnv, litestreamMetaDir, redact, writeLitestreamConfig } from './litestream.js';
import { explainError } from './supervisor.js';

/** What a fresh data folder may already hold: what Kedai itself makes on the way (empty), and the store's keys. */
const HARMLESS = new Set(['.runtime', '.replica', 'images', 'backups', 'kedai.lock', 'replica-credentials']);

/** True when the folder holds a database, photos, backups or anything else a restore would put aside. */
export function holdsData(paths: DataPaths): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(paths.root);
  } catch {
    return false;
  }
  return names.some((n) => {
    if (!HARMLESS.has(n)) return true;
    const full = path.join(paths.root, n);
    return (n === 'images' || n === 'backups') && fs.statSync(full).isDirectory() && fs.readdirSync(full).length > 0;
  });
}

/** An ISO time for Litestream's -timestamp (RFC 3339, UTC); a clear error for anything else. */
export function replicaTimestamp(text: string): string {
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime()))
    throw new BackupError(`--timestamp "${text}" is not a date and time: use ISO 8601, e.g. 2026-11-26T09:30:00+08:00`);
  return at.toISOString();
}

/** Runs `litestream restore`; resolves on success, throws a BackupError in the owner's words otherwise. */
function runLitestreamRestore(
  bin: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  credentials: ReplicaCredentials | null,
  source: string,
  timestamp?: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (d: Buffer) => {
      out = (out + d.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => reject(new BackupError(`Cannot run ${bin}: ${err.message}`)));
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      const lines = out
        .trim()
        .split('\n')
        .map((l) => {
          try {
            const j = JSON.parse(l) as { msg?: string; error?: string };
            return j.error ?? j.msg ?? l;
          } catch {
            return l;
          }
        });
      const last = redact(lines.filter(Boolean).pop() ?? `exit code ${code}`, credentials)
        .replace(/\s+/g, ' ')
        .trim();
      if (/no matching backups|no generations|no snapshots/i.test(last)) {
        reject(
          new BackupError(
            `The replica at ${source} holds no copy of a Kedai database${timestamp ? ` as old as ${timestamp}` : ''} (${last}); nothing was restored.`,
          ),
        );
      } else {
        reject(new BackupError(`Restoring from ${source} failed: ${explainError(last)}; nothing was restored.`));
      }
    });
  });
}

/** Downloads the replica's photos into `<dataDir>/images`. */
export type ImagesFetcher = (target: ReplicaTarget, credentials: ReplicaCredentials | null, dataDir: string) => Promise<{ files: number }>;

export interface ReplicaRestoreOptions {
  paths: DataPaths;
  target: ReplicaTarget;
  credentials: ReplicaCredentials | null;
  /** ISO 8601; latest when absent. */
  timestamp?: string;
  prepare: (db: Db) => void;
  timeZone?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Brings the photos back into `<dataDir>/images` (the images side: restoreImagesFromReplica has this shape); called
   * with the staging folder, so the photos are swapped in with the database or not at all.
   */
  fetchImages?: ImagesFetcher;
}

/** Restores the data folder from the replica (the caller holds the folder's lock). */
export async function restoreFromReplica(opts: ReplicaRestoreOptions): Promise<RestoreResult> {
  const env = opts.env ?? process.env;
  const { file: bin, looked } = findLitestream(env);
  if (!bin) throw new BackupError(`The litestream program was not found (looked in ${looked.slice(0, 3).join(', ')} ...). Put litestream beside kedai.`);
  const timestamp = opts.timestamp ? replicaTimestamp(opts.timestamp) : undefined;
  const config = writeLitestreamConfig(
    opts.paths.root,
    `restore-${process.pid}.yml`,
    litestreamConfig({ dbFile: opts.paths.db, target: opts.target, sync: '1s' }),
  );
  try {
    const result = await restoreStaged({ paths: opts.paths, source: opts.target.url, prepare: opts.prepare, timeZone: opts.timeZone }, async (staging) => {
      const out = path.join(staging, 'kedai.db');
      const args = ['restore', '-config', config, '-o', out, ...(timestamp ? ['-timestamp', timestamp] : []), opts.paths.db];
      await runLitestreamRestore(bin, args, litestreamEnv(opts.credentials, opts.target, env), opts.credentials, opts.target.url, timestamp);
      // Never go on without the file: opening a missing database would create an empty one.
      if (!fs.existsSync(out)) throw new BackupError(`Litestream wrote no database from ${opts.target.url}; nothing was restored.`);
      const images = opts.fetchImages ? (await opts.fetchImages(opts.target, opts.credentials, staging)).files : 0;
      return { manifest: null, images };
    });
    // Litestream's bookkeeping described the database that was replaced: the next start begins a new generation.
    fs.rmSync(litestreamMetaDir(opts.paths.db), { recursive: true, force: true });
    return result;
  } finally {
    fs.rmSync(config, { force: true });
  }
}
