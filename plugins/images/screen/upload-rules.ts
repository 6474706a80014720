// The client-side upload checks of docs/spec.md §5 (the server checks again, by content).

/** docs/spec.md §9: at most 5 MB per image. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What the file picker offers. */
export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

export interface FileCheck {
  /** Files to upload, in the order chosen. */
  files: File[];
  /** One message per refused file (or the missing product), for error toasts. */
  errors: string[];
}

/** Splits chosen files into uploadable ones and error messages. */
export function checkFiles(files: File[], productSelected: boolean): FileCheck {
  if (!productSelected) return { files: [], errors: ['Please select a product first'] };
  const out: FileCheck = { files: [], errors: [] };
  for (const file of files) {
    if (!file.type.startsWith('image/')) out.errors.push(`${file.name} is not an image file`);
    else if (file.size > MAX_UPLOAD_BYTES) out.errors.push(`${file.name} is too large (max 5MB)`);
    else out.files.push(file);
  }
  return out;
}

/** The admin variant's default alt text: the file name without its extension. */
export function defaultAlt(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** The message of anything thrown (ApiError, Error, string). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
