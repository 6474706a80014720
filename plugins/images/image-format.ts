// Recognises an upload by its first bytes, never by its name or declared type.

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The allowed image format the bytes start with, or undefined (SVG, GIF, text, anything else). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const at = (i: number, ...sig: number[]) => sig.every((b, k) => bytes[i + k] === b);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF <size> WEBP
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return undefined;
}
