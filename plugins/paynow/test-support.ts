// Test helpers: read an SGQR payload back TLV by TLV, and decode a QR code from pixels (zxing, the well-kept port
// of ZXing; the same approach as stock-take's Code128 check). The PDF tests of sales use them too.
import zxing from '@zxing/library';
import sharp from 'sharp';

export { pdfImages, type PdfImage } from '../../core/pdf/pdf-images.js';

const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

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
export async function decodeQr(input: Buffer | string | { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 2 | 3 | 4 }): Promise<string> {
  const image = typeof input === 'string' ? sharp(Buffer.from(input), { density: 288 })
    : Buffer.isBuffer(input) ? sharp(input)
    : sharp(Buffer.from(input.data), { raw: { width: input.width, height: input.height, channels: input.channels } });
  const { data, info } = await image.flatten({ background: '#ffffff' }).extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
    .greyscale().raw().toBuffer({ resolveWithObject: true });
  const reader = new QRCodeReader();
  const hints = new Map<number, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]], [DecodeHintType.TRY_HARDER, true]]);
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}
