// Tests' picture of a PDF page (#30.4): pdfjs-dist draws the page on @napi-rs/canvas (the canvas pdfjs itself
// uses under Node) exactly as a viewer would, and the PNG goes to docs/screens/ so a label's look is reviewed.
// Dev only: loaded when called.

/** Page `pageNo` (1-based) of the PDF as a PNG, `scale` pixels per PDF point (2: about 144 dpi). */
export async function pdfPagePng(bytes: Buffer, pageNo = 1, scale = 2): Promise<Buffer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const page = await doc.getPage(pageNo);
    const viewport = page.getViewport({ scale });
    const factory = (doc as unknown as { canvasFactory: { create(w: number, h: number): { canvas: { toBuffer(mime: string): Buffer }; context: unknown } } })
      .canvasFactory;
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvasContext: context as CanvasRenderingContext2D, viewport, background: '#ffffff' }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await doc.destroy();
  }
}
