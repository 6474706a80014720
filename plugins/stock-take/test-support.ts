// Test helpers: decode a Code128 barcode back from pixels (zxing, the well-kept port of ZXing) and pull the
// images out of a PDF (core/pdf/pdf-images.ts: pdfjs decodes the embedded PNG exactly as a viewer would).
import zxing from '@zxing/library';
import sharp from 'sharp';

const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

/** Decodes the Code128 barcode in an image (any format sharp reads, or raw pixels with their layout). */
export async function decodeCode128(input: Buffer | { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 2 | 3 | 4 }): Promise<string> {
  const image = Buffer.isBuffer(input) ? sharp(input) : sharp(Buffer.from(input.data), { raw: { width: input.width, height: input.height, channels: input.channels } });
  // A white quiet zone around the symbol, then grey pixels (zxing's luminance source).
  const { data, info } = await image.flatten({ background: '#ffffff' }).extend({ top: 20, bottom: 20, left: 40, right: 40, background: '#ffffff' })
    .greyscale().raw().toBuffer({ resolveWithObject: true });
  const reader = new MultiFormatReader();
  reader.setHints(new Map<number, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]));
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

export { pdfImages, type PdfImage } from '../../core/pdf/pdf-images.js';
