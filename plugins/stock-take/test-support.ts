// Test helpers: decode a Code128 barcode back from pixels (zxing, the well-kept port of ZXing) and pull the
// images out of a PDF (pdfjs decodes the embedded PNG exactly as a viewer would).
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

export interface PdfImage { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 3 | 4; page: number }

/** Every image painted on the PDF's pages, decoded to pixels. */
export async function pdfImages(bytes: Buffer): Promise<PdfImage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const out: PdfImage[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const ops = await page.getOperatorList();
    for (let k = 0; k < ops.fnArray.length; k++) {
      if (ops.fnArray[k] !== pdfjs.OPS.paintImageXObject) continue;
      const name = ops.argsArray[k][0] as string;
      const img = await new Promise<{ data: Uint8ClampedArray; width: number; height: number; kind: number }>((resolve) => page.objs.get(name, resolve));
      const channels = img.data.length / (img.width * img.height);
      out.push({ data: img.data, width: img.width, height: img.height, channels: channels as 1 | 3 | 4, page: i });
    }
  }
  await doc.destroy();
  return out;
}
