// The image files under DATA_DIR/images: generated ids only, two WebP variants per id, written atomically.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type Variant = 'display' | 'thumb';
export const VARIANTS: Variant[] = ['display', 'thumb'];

/** A file id: 32 lowercase hex characters (128 random bits), nothing else is ever a file name. */
export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;
/** A served file name: <file id>.<variant>.webp. */
const FILE_NAME_PATTERN = /^([0-9a-f]{32})\.(display|thumb)\.webp$/;

/** A fresh random file id. */
export function newFileId(): string {
  return randomBytes(16).toString('hex');
}

/** The public address of one variant. */
export function mediaUrl(fileId: string, variant: Variant): string {
  return `/media/${fileId}.${variant}.webp`;
}

/** Splits a served file name into id and variant; undefined for anything that is not exactly ours. */
export function parseMediaName(name: string): { fileId: string; variant: Variant } | undefined {
  const m = FILE_NAME_PATTERN.exec(name);
  return m ? { fileId: m[1], variant: m[2] as Variant } : undefined;
}

/** The file id inside one of our display URLs (relative "/media/..." or absolute "http://host/media/..."). */
export function fileIdFromUrl(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local').pathname;
  } catch {
    return undefined;
  }
  const m = /^\/media\/([^/]+)$/.exec(pathname);
  const parsed = m ? parseMediaName(m[1]) : undefined;
  return parsed?.variant === 'display' ? parsed.fileId : undefined;
}

/** File operations over one images folder. */
export function fileStore(dir: string) {
  const fileFor = (fileId: string, variant: Variant) => {
    if (!FILE_ID_PATTERN.test(fileId)) throw new Error(`Invalid image file id: ${fileId}`);
    return path.join(dir, `${fileId}.${variant}.webp`);
  };
  return {
    /** Absolute path of a variant (the id is validated, so it cannot leave the folder). */
    path: fileFor,
    /** Writes all variants of an image; each file appears complete or not at all. */
    async write(fileId: string, files: Record<Variant, Buffer>) {
      const written: string[] = [];
      try {
        for (const variant of VARIANTS) {
          const target = fileFor(fileId, variant);
          const tmp = `${target}.${process.pid}.tmp`;
          await fs.promises.writeFile(tmp, files[variant], { flag: 'wx' });
          await fs.promises.rename(tmp, target);
          written.push(target);
        }
      } catch (err) {
        for (const f of written) await fs.promises.rm(f, { force: true });
        throw err;
      }
    },
    /** Removes all variants of an image (missing files are fine: the goal is that they are gone). */
    async remove(fileId: string) {
      for (const variant of VARIANTS) await fs.promises.rm(fileFor(fileId, variant), { force: true });
    },
    /** True when the variant's file is on disk. */
    exists: (fileId: string, variant: Variant) => fs.existsSync(fileFor(fileId, variant)),
  };
}

export type FileStore = ReturnType<typeof fileStore>;
