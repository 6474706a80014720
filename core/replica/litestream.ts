// What Kedai tells Litestream (v0.3.13, from @flydotio/litestream-linux-x64): where its program is, and its config file.
// The config is JSON (a YAML file Litestream reads as it is), mode 0600, in <data>/.replica/. It holds no keys:
// those reach the child through its environment (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY).
import fs from 'node:fs';
import path from 'node:path';
import type { ReplicaTarget } from './target.js';
import type { ReplicaCredentials } from './credentials.js';

/** The replica's name in Litestream's config, logs and metrics. */
export const REPLICA_NAME = 'offsite';
/** How often Litestream ships new WAL frames: its default, 1 s; KEDAI_REPLICATE_SYNC_INTERVAL (e.g. 200ms) changes it. */
export const DEFAULT_SYNC_INTERVAL = '1s';

/** The folder of Kedai's replication files inside the data folder. */
export function replicaDir(dataDir: string): string {
  return path.join(dataDir, '.replica');
}

/** Litestream's own bookkeeping beside the database (shadow WAL, generation); stale once the database is replaced. */
export function litestreamMetaDir(dbFile: string): string {
  return path.join(path.dirname(dbFile), `.${path.basename(dbFile)}-litestream`);
}

/** The sync interval as a Go duration ("200ms", "1s"), from KEDAI_REPLICATE_SYNC_INTERVAL or the default. */
export function syncInterval(env: NodeJS.ProcessEnv = process.env): string {
  const v = env.KEDAI_REPLICATE_SYNC_INTERVAL?.trim();
  if (!v) return DEFAULT_SYNC_INTERVAL;
  if (!/^\d+(ms|s|m)$/.test(v)) throw new Error(`KEDAI_REPLICATE_SYNC_INTERVAL must look like 200ms, 1s or 1m (got "${v}")`);
  return v;
}

/** Milliseconds of a Go duration of the form syncInterval() accepts. */
export function durationMs(d: string): number {
  const m = /^(\d+)(ms|s|m)$/.exec(d);
  if (!m) return 1000;
  return Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 60_000);
}

/** Finds the litestream program: KEDAI_LITESTREAM, beside the executable, then node_modules (development). */
export function findLitestream(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): { file: string | null; looked: string[] } {
  const looked: string[] = [];
  if (env.KEDAI_LITESTREAM) looked.push(path.resolve(env.KEDAI_LITESTREAM));
  looked.push(path.join(path.dirname(process.execPath), 'litestream'));
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    looked.push(path.join(dir, 'node_modules/@flydotio/litestream-linux-x64/litestream'));
    if (path.dirname(dir) === dir) break;
  }
  const file = looked.find((f) => {
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  });
  return { file: file ?? null, looked };
}

/** The replica block of Litestream's config for a target. */
function replicaBlock(target: ReplicaTarget, sync: string): Record<string, unknown> {
  if (target.kind === 'file') return { name: REPLICA_NAME, type: 'file', path: target.dir, 'sync-interval': sync };
  return {
    name: REPLICA_NAME,
    type: 's3',
    bucket: target.bucket,
    path: target.prefix,
    region: target.region,
    'sync-interval': sync,
    // A non-AWS store (MinIO, B2, R2, s3rver) is addressed by path: http://host/bucket/key.
    ...(target.endpoint ? { endpoint: target.endpoint, 'force-path-style': true } : {}),
  };
}

/** Litestream's config for one database and one replica; `addr` serves its metrics (127.0.0.1:port). */
export function litestreamConfig(opts: { dbFile: string; target: ReplicaTarget; sync: string; addr?: string }): string {
  const syncMs = durationMs(opts.sync);
  const config = {
    ...(opts.addr ? { addr: opts.addr } : {}),
    logging: { type: 'json', level: 'info' },
    dbs: [
      {
        path: opts.dbFile,
        // Copy the WAL to the shadow WAL at least as often as the replica ships it (its default is 1 s).
        'monitor-interval': syncMs < 1000 ? opts.sync : '1s',
        replicas: [replicaBlock(opts.target, opts.sync)],
      },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Writes the config file (0600, folder 0700) and returns its path. */
export function writeLitestreamConfig(dataDir: string, name: string, text: string): string {
  const dir = replicaDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

/** The child's environment: the store's keys, nothing of Kedai's own settings. */
export function litestreamEnv(credentials: ReplicaCredentials | null, target: ReplicaTarget, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { PATH: env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? '/' };
  if (target.kind === 's3') {
    out.AWS_REGION = target.region;
    if (credentials) {
      out.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
      out.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    }
    if (env.AWS_SESSION_TOKEN) out.AWS_SESSION_TOKEN = env.AWS_SESSION_TOKEN;
  }
  return out;
}

/** Removes secrets and signed-URL parts from a message before it is shown or logged. */
export function redact(message: string, credentials: ReplicaCredentials | null): string {
  let out = message;
  for (const s of [credentials?.secretAccessKey, credentials?.accessKeyId]) if (s) out = out.split(s).join('***');
  return out.replace(/(X-Amz-(?:Credential|Signature|Security-Token)=)[^&\s"]+/gi, '$1***').replace(/(Signature=)[^,\s"]+/g, '$1***');
}
