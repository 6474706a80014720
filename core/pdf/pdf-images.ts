// Tests' view of a PDF's pictures: every image painted on its pages, decoded to pixels by pdfjs-dist exactly as a
// viewer would (a dev dependency, loaded only when called). Shared by the label (Code128) and PayNow QR tests.

export interface PdfImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  page: number;
}

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
      // An image painted on several pages (a label's barcode, embedded once) is kept with the document's objects.
      const objs = name.startsWith('g_') ? page.commonObjs : page.objs;
      const img = await new Promise<{ data: Uint8ClampedArray; width: number; height: number; kind: number }>((resolve) => objs.get(name, resolve));
      const channels = img.data.length / (img.width * img.height);
      out.push({ data: img.data, width: img.width, height: img.height, channels: channels as 1 | 3 | 4, page: i });
    }
  }
  await doc.destroy();
  return out;
}
