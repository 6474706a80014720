// The off-site store as a few file operations, the same for an S3-compatible bucket and a file:// folder.
// Keys are relative to the replica's root (s3://bucket/<prefix>/ or the folder): `images/<name>`, so the photos
// sit beside the database's replica. Every write is whole-or-nothing and repeating it is harmless.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReplicaCredentials } from './credentials.js';
import type { ReplicaTarget } from './target.js';

export interface ObjectStore {
  /** Where the files go, for messages. */
  where: string;
  /** Copies a local file to the key (replacing what is there). */
  putFile(key: string, file: string, contentType: string, signal?: AbortSignal): Promise<void>;
  /** Removes the key; a missing key is fine (the goal is that it is gone). */
  delete(key: string, signal?: AbortSignal): Promise<void>;
  /** Every key under a folder-like prefix (`images/`), relative to the root. */
  list(prefix: string): Promise<string[]>;
  /** Writes the key's bytes to a local file (atomically: a temp file renamed); returns the byte count. */
  download(key: string, file: string): Promise<number>;
  close(): void;
}

/** The store for a target. */
export async function openObjectStore(target: ReplicaTarget, credentials: ReplicaCredentials | null): Promise<ObjectStore> {
  if (target.kind === 'file') return folderStore(target.dir);
  const { s3Store } = await import('./s3-store.js'); // the AWS SDK is loaded only when an s3:// replica is set
  return s3Store(target, credentials);
}

/** A temp name beside the target, unique to this process. */
export function tempBeside(file: string): string {
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
}

/** Streams a body into a file atomically. */
export async function writeStreamAtomically(body: Readable, file: string): Promise<number> {
  // Private like the rest of the data folder (core/data-dir.ts).
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = tempBeside(file);
  const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(body, out);
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  return out.bytesWritten;
}

/** A mounted folder (a NAS). Its root must exist: a NAS that is not mounted must not fill the local disk. */
export function folderStore(root: string): ObjectStore {
  const mustHaveRoot = async () => {
    const stat = await fs.promises.stat(root).catch(() => undefined);
    if (!stat?.isDirectory()) throw new Error(`The replica folder ${root} does not exist (is the NAS mounted?)`);
  };
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    where: root,
    async putFile(key, file) {
      await mustHaveRoot();
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const tmp = tempBeside(target);
      try {
        await fs.promises.copyFile(file, tmp);
        await fs.promises.rename(tmp, target);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async delete(key) {
      await mustHaveRoot();
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      await mustHaveRoot();
      const dir = fileOf(prefix.replace(/\/$/, ''));
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => `${prefix.replace(/\/$/, '')}/${e.name}`);
    },
    async download(key, file) {
      await mustHaveRoot();
      return writeStreamAtomically(fs.createReadStream(fileOf(key)), file);
    },
    close() {},
  };
}
