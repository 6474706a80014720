// Turns an untrusted upload into our two WebP variants: checked by content, EXIF orientation applied,
// metadata (GPS, camera) dropped by re-encoding, bounded in bytes and pixels.
import { tooLarge, unsupportedMedia } from '../../core/errors.js';
import { sniffImageFormat, type ImageFormat } from './image-format.js';
import { DISPLAY_MAX_PX, MAX_IMAGE_BYTES, MAX_INPUT_PIXELS, MAX_SIZE_TEXT, THUMB_MAX_PX } from './limits.js';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../core/sharp.js';
import { imageDecodes } from './decode-queue.js';

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

/**
 * Validates and re-encodes an upload; throws 413 (too big), 415 (not a JPEG/PNG/WebP picture) or 503 (the
 * line of pictures waiting to be decoded is full). Decoding takes turns (decode-queue.ts), so memory stays
 * bounded however many uploads arrive at once.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE);
  const sourceFormat = sniffImageFormat(input);
  if (!sourceFormat) throw unsupportedMedia(NOT_AN_IMAGE);
  return imageDecodes.run(() => decode(input, sourceFormat));
}

async function decode(input: Buffer, sourceFormat: ImageFormat): Promise<ProcessedImage> {
  const sharp = loadSharp();

  let meta: Metadata;
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

  const variant = async (source: Buffer, maxPx: number, quality: number, limitInputPixels: number): Promise<ImageVariant> => {
    // rotate() applies the EXIF orientation; without withMetadata() sharp writes no EXIF/XMP/IPTC at all.
    const { data, info } = await sharp(source, { limitInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
      .webp({ quality, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    // The upload is decoded once; the thumbnail is made from the display variant (already upright, 1600 px).
    const display = await variant(input, DISPLAY_MAX_PX, 82, MAX_INPUT_PIXELS);
    const thumb = await variant(display.data, THUMB_MAX_PX, 78, DISPLAY_MAX_PX * DISPLAY_MAX_PX);
    return { sourceFormat, display, thumb };
  } catch {
    throw unsupportedMedia('The file is not a readable JPEG, PNG or WebP image');
  }
}
