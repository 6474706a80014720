// Test helpers: read an SGQR payload back TLV by TLV, and decode a QR code from pixels (zxing, the well-kept port
// of ZXing; the same approach as stock-take's Code128 check). The PDF tests of sales use them too.
import zxing from '@zxing/library';
import sharp from 'sharp';

export { pdfImages, type PdfImage } from '../../core/pdf/pdf-images.js';

const { BarcodeFormat, BinaryBitmap, DecodeHintType, GlobalHistogramBinarizer, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;
const HINTS = new Map<number, unknown>([
  [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
  [DecodeHintType.TRY_HARDER, true],
]);

/** An EMV TLV string -> its fields in order [id, value]; throws when a length runs past the end. */
export function parseTlv(text: string): [string, string][] {
  const out: [string, string][] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4)) || i + 4 + len > text.length) throw new Error(`Bad TLV at ${i}: ${text.slice(i)}`);
    out.push([id, text.slice(i + 4, i + 4 + len)]);
    i += 4 + len;
  }
  return out;
}

/** Decodes the QR code in an image (any format sharp reads, SVG included, or raw pixels with their layout). */
export async function decodeQr(
  input: Buffer | string | { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<string> {
  const image =
    typeof input === 'string'
      ? sharp(Buffer.from(input), { density: 288 })
      : Buffer.isBuffer(input)
        ? sharp(input)
        : sharp(Buffer.from(input.data), { raw: { width: input.width, height: input.height, channels: input.channels } });
  const flat = await image.flatten({ background: '#ffffff' }).png().toBuffer();
  // zxing misses the finder patterns of the odd matrix at one size (a payload of the day that failed at 392 px
  // decodes at 500 or 600): try the image as it is, then at a few widths, each with both binarizers, before giving up.
  const widths: (number | null)[] = [null, 600, 500, 784, 450, 700, 350, 900];
  let last: unknown;
  for (const [width, kernel] of widths.flatMap(
    (w) =>
      [
        [w, 'nearest'],
        [w, 'lanczos3'],
      ] as const,
  )) {
    if (width === null && kernel === 'lanczos3') continue;
    const base = sharp(flat);
    const sized = width === null ? base : base.resize({ width, kernel });
    const { data, info } = await sharp(await sized.png().toBuffer())
      .extend({ top: 30, bottom: 30, left: 30, right: 30, background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const Binarizer of [HybridBinarizer, GlobalHistogramBinarizer]) {
      try {
        const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
        return new QRCodeReader().decode(new BinaryBitmap(new Binarizer(source)), HINTS).getText();
      } catch (err) {
        last = err;
      }
    }
  }
  throw last;
}
