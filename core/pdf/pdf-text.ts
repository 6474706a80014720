// Tests' view of a PDF: its text read back with pdfjs-dist (a dev dependency, loaded only when called).

/** A piece of text as pdfjs-dist reads it back: where it starts (x, baseline y) and how wide it is. */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  page: number;
}

/**
 * A PDF's text (all pages joined with spaces; pieces that touch on one line, such as runs in different fonts,
 * joined without one), its pieces, and each page's size, parsed back with pdfjs-dist.
 */
export async function pdfText(bytes: Buffer): Promise<{ text: string; items: PdfTextItem[]; pages: { width: number; height: number }[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  const items: PdfTextItem[] = [];
  const pages: { width: number; height: number }[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [, , width, height] = page.view;
    pages.push({ width, height });
    const content = await page.getTextContent();
    let prev: PdfTextItem | undefined;
    for (const it of content.items) {
      if (!('str' in it) || it.str === '') continue;
      const item = { str: it.str, x: it.transform[4], y: it.transform[5], width: it.width, page: i };
      const touches = prev && Math.abs(prev.y - item.y) < 1 && Math.abs(item.x - (prev.x + prev.width)) < 1;
      parts.push(prev && !touches ? ' ' : '', item.str);
      items.push(item);
      prev = item;
    }
    parts.push(' ');
  }
  await doc.destroy();
  return { text: parts.join('').replace(/\s+/g, ' '), items, pages };
}
