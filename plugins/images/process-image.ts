// Turns an untrusted upload into our two WebP variants: checked by content, EXIF orientation applied,
// metadata (GPS, camera) dropped by re-encoding, bounded in bytes and pixels.
import { tooLarge, unsupportedMedia } from '../../core/errors.js';
import { sniffImageFormat, type ImageFormat } from './image-format.js';
import { DISPLAY_MAX_PX, MAX_IMAGE_BYTES, MAX_INPUT_PIXELS, MAX_SIZE_TEXT, THUMB_MAX_PX } from './limits.js';
import { loadSharp } from '../../core/sharp.js';

export interface ImageVariant {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  sourceFormat: ImageFormat;
  display: ImageVariant;
  thumb: ImageVariant;
}

export const NOT_AN_IMAGE = 'Only JPEG, PNG and WebP images are allowed';
export const TOO_LARGE = `Image is too large (max ${MAX_SIZE_TEXT})`;

/** Validates and re-encodes an upload; throws 413 (too big) or 415 (not a JPEG/PNG/WebP picture). */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE);
  const sourceFormat = sniffImageFormat(input);
  if (!sourceFormat) throw unsupportedMedia(NOT_AN_IMAGE);
  const sharp = loadSharp();
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });

  let meta;
  try {
    // Header only (no decoding), read without the pixel limit so an oversized picture is told apart below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMedia('The file is not a readable JPEG, PNG or WebP image');
  }
  // The decoder must agree with the magic bytes (a JPEG header glued onto something else is refused).
  if (meta.format !== sourceFormat) throw unsupportedMedia(NOT_AN_IMAGE);
  if (!meta.width || !meta.height) throw unsupportedMedia('The file is not a readable JPEG, PNG or WebP image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw tooLarge(`Image is too large (max ${Math.round(MAX_INPUT_PIXELS / 1_000_000)} megapixels)`);
  }

  const variant = async (maxPx: number, quality: number): Promise<ImageVariant> => {
    // rotate() applies the EXIF orientation; without withMetadata() sharp writes no EXIF/XMP/IPTC at all.
    const { data, info } = await open()
      .rotate()
      .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
      .webp({ quality, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    const display = await variant(DISPLAY_MAX_PX, 82);
    const thumb = await variant(THUMB_MAX_PX, 78);
    return { sourceFormat, display, thumb };
  } catch {
    throw unsupportedMedia('The file is not a readable JPEG, PNG or WebP image');
  }
}
