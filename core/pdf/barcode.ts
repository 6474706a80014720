// Code128 barcodes for printed documents (labels, a credit note's redemption code), drawn by bwip-js as a PNG
// that pdfkit places like any picture. A scanner at the till reads them back as typed text (and Enter).
// bwip-js (1.1 MB of JavaScript) is loaded at the first barcode, not at start (#27.5).
import type BwipJs from 'bwip-js/node';

let bwip: Promise<typeof BwipJs> | undefined;
const loadBwip = () => (bwip ??= import('bwip-js/node').then((m) => m.default));

/** The Code128 PNG of `text`, with the text printed under the bars unless `includeText` is false. */
export async function code128Png(text: string, o: { includeText?: boolean; height?: number } = {}): Promise<Buffer> {
  const includetext = o.includeText ?? true;
  return (await loadBwip()).toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: o.height ?? 9,
    includetext,
    ...(includetext ? { textxalign: 'center', textsize: 9 } : {}),
  });
}

/** The Code128 of `text` as SVG markup (bars only; the page prints the text itself), for a browser's 80 mm print. */
export async function code128Svg(text: string, o: { height?: number } = {}): Promise<string> {
  return (await loadBwip()).toSVG({ bcid: 'code128', text, scale: 2, height: o.height ?? 10 });
}

/** A 13-digit code whose last digit is its GS1 check digit: printable as an EAN-13 symbol. */
export function isEan13Code(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

/** The EAN-13 PNG of a 13-digit code (#30.3), its digits under the bars the way a shoebox's code reads. */
export async function ean13Png(code: string, o: { height?: number } = {}): Promise<Buffer> {
  return (await loadBwip()).toBuffer({ bcid: 'ean13', text: code, scale: 3, height: o.height ?? 12, includetext: true, guardwhitespace: true });
}

/** A product's code as printed: an EAN-13 symbol when it is one, else Code128 of the text (a SKU, a brand's code). */
export function productCodePng(code: string, o: { height?: number } = {}): Promise<Buffer> {
  return isEan13Code(code) ? ean13Png(code, o) : code128Png(code, o);
}
