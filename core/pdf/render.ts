// pdfkit -> Buffer with the embedded fonts registered (text.ts draws the text), plus the small formatting
// helpers every PDF shares.
import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime } from '../date-format.js';
import { formatMoney, gstRateLabel } from '../money.js';
import { loadFonts } from './fonts.js';
import { useFonts } from './text.js';

export type Doc = PDFKit.PDFDocument;

/** Draws a document with `draw` (text through text.ts's drawText) and resolves to its bytes. */
export async function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  const fonts = await loadFonts();
  return new Promise((resolve, reject) => {
    // No standard font is ever used: the default would load Helvetica's metrics for nothing.
    const doc = new PDFDocument({ ...options, font: null } as unknown as PDFKit.PDFDocumentOptions);
    useFonts(doc, fonts);
    doc.font('latin');
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

/** "$12.34" (negative "-$12.34"). */
export const money = (cents: number) => formatMoney(cents);

/** YYYY-MM-DD -> "12 Mar 2025" (core/date-format.ts: the one date format). */
export function dateText(date: string): string {
  return formatDate(date);
}

/** An instant -> "12 Mar 2025, 14:05" in the shop's time zone. */
export function dateTimeText(iso: string, timeZone: string): string {
  return formatDateTime(new Date(iso), timeZone);
}

/** "GST 9%" from basis points (900); keeps decimals only when the rate has them (8.5%). */
export function gstLabel(taxRateBps: number): string {
  return gstRateLabel(taxRateBps);
}
