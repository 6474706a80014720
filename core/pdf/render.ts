// pdfkit -> Buffer (or a stream of chunks) with the embedded fonts registered (text.ts draws the text); the
// small formatting helpers every PDF shares are in format.ts (re-exported here).
import PDFDocument from 'pdfkit';
import { loadFonts } from './fonts.js';
import { drawText, attachFonts } from './text.js';

export type Doc = PDFKit.PDFDocument;

/** A new document with the embedded fonts registered. */
async function newDocument(options: PDFKit.PDFDocumentOptions): Promise<Doc> {
  const fonts = await loadFonts();
  // No standard font is ever used: the default would load Helvetica's metrics for nothing.
  const doc = new PDFDocument({ ...options, font: null } as unknown as PDFKit.PDFDocumentOptions);
  attachFonts(doc, fonts);
  doc.font('latin');
  return doc;
}

/** Draws a document with `draw` (text through text.ts's drawText) and resolves to its bytes. */
export async function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = await newDocument(options);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

/**
 * Draws a long document a step at a time and yields its bytes as they are made (#27: 2,000 labels): `draw` is a
 * generator that draws a page (or a few) per step; pdfkit writes each finished page out when the next one is
 * added, and the bytes go to the caller once `flushBytes` have gathered. The caller's pace sets the drawing's
 * (the worker pool asks for the next chunk only when the HTTP reply has room), so memory stays bounded.
 */
export async function* streamPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: Doc) => Iterable<unknown>,
  flushBytes = 64 * 1024,
): AsyncGenerator<Uint8Array> {
  const doc = await newDocument(options);
  const chunks: Buffer[] = [];
  let size = 0;
  doc.on('data', (c: Buffer) => {
    chunks.push(c);
    size += c.length;
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  ended.catch(() => undefined); // awaited below; a failure while drawing must not be an unhandled rejection
  const take = () => {
    const out = Buffer.concat(chunks, size);
    chunks.length = 0;
    size = 0;
    return out;
  };
  // pdfkit hands over its bytes on a later tick: let them arrive before counting.
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  for (const _ of draw(doc)) {
    if (size >= flushBytes) yield take();
    else await tick();
  }
  doc.end();
  await ended;
  if (size) yield take();
}

/**
 * Loads pdfkit and the Latin fonts and lays out a small page once, so the first real document does not pay for
 * parsing them (a pool worker does this when it starts, #27; about a second on a slow machine).
 */
export async function warmUpPdf(): Promise<void> {
  await renderPdf({ size: 'A6', margin: 20 }, (doc) => {
    drawText(doc, 'Kedai 0123456789 $.,:', 20, 20, { width: 200, size: 10 });
    drawText(doc, 'Kedai 0123456789 $.,:', 20, 40, { width: 200, size: 10, style: 'bold' });
    drawText(doc, 'Kedai', 20, 60, { width: 200, size: 10, style: 'italic' });
  });
}

export { money, dateText, dateTimeText, gstLabel } from './format.js';
