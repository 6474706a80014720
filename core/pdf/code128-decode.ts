// Tests' view of a printed barcode: a Code128 or EAN-13 symbol decoded back from pixels with zxing (a dev
// dependency, the well-kept port of ZXing), as a scanner at the till would read it. Shared by the label and
// credit-note tests.
import zxing from '@zxing/library';
import sharp from 'sharp';

const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

type Pixels = Buffer | { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** Decodes the barcode of one of `formats` in an image (any format sharp reads, or raw pixels with their layout). */
async function decodeAs(input: Pixels, formats: number[]): Promise<string> {
  const image = Buffer.isBuffer(input)
    ? sharp(input)
    : sharp(Buffer.from(input.data), { raw: { width: input.width, height: input.height, channels: input.channels } });
  // A white quiet zone around the symbol, then grey pixels (zxing's luminance source).
  const { data, info } = await image
    .flatten({ background: '#ffffff' })
    .extend({ top: 20, bottom: 20, left: 40, right: 40, background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<number, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, formats],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

/** Decodes the Code128 barcode in an image. */
export function decodeCode128(input: Pixels): Promise<string> {
  return decodeAs(input, [BarcodeFormat.CODE_128]);
}

/** Decodes the EAN-13 barcode in an image (#30.3): its 13 digits, check digit included (zxing checks it). */
export function decodeEan13(input: Pixels): Promise<string> {
  return decodeAs(input, [BarcodeFormat.EAN_13]);
}
