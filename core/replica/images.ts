// The photos' place in the off-site store: `<root>/images/<relative path>`, the same name as under
// DATA_DIR/images, so the key of a file never changes and uploading it twice is harmless. The database's replica
// (Litestream) lives beside it under the same root.
import path from 'node:path';
import { openObjectStore } from './object-store.js';
import type { ReplicaCredentials } from './credentials.js';
import type { ReplicaTarget } from './target.js';

export const IMAGES_PREFIX = 'images/';

/** The store key of a file of DATA_DIR/images (a plain name: the folder is flat). */
export function imageKey(name: string): string {
  if (!isImageName(name)) throw new Error(`Not an image file name: ${name}`);
  return `${IMAGES_PREFIX}${name}`;
}

/** A name that can only land inside the images folder: no separators, no dot files, no temp files. */
function isImageName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && !name.endsWith('.tmp') && !name.includes('..');
}

const PARALLEL_DOWNLOADS = 4;

/**
 * Downloads every photo under the replica's images/ into <dataDir>/images (for `kedai restore --from-replica`):
 * each file written whole or not at all, existing files of the same name replaced. Returns the count and bytes.
 */
export function restoreImagesFromReplica(
  target: ReplicaTarget,
  credentials: ReplicaCredentials | null,
  dataDir: string,
): Promise<{ files: number; bytes: number }> {
  return downloadReplicaImages(target, credentials, path.join(dataDir, 'images'));
}

/** The same into any folder (a restore's staging images/ folder). */
export async function downloadReplicaImages(
  target: ReplicaTarget,
  credentials: ReplicaCredentials | null,
  dir: string,
): Promise<{ files: number; bytes: number }> {
  const store = await openObjectStore(target, credentials);
  try {
    const names = (await store.list(IMAGES_PREFIX)).map((k) => k.slice(IMAGES_PREFIX.length)).filter(isImageName);
    let next = 0;
    let bytes = 0;
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++];
        const n = await store.download(imageKey(name), path.join(dir, name));
        bytes += n; // not `bytes += await ...`: that reads bytes before the await and loses the other workers' sums
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
    return { files: names.length, bytes };
  } finally {
    store.close();
  }
}
