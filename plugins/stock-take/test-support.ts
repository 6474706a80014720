// Test helpers: decode a Code128 barcode back from pixels (core/pdf/code128-decode.ts: zxing) and pull the
// images out of a PDF (core/pdf/pdf-images.ts: pdfjs decodes the embedded PNG exactly as a viewer would).
export { decodeCode128, decodeEan13 } from '../../core/pdf/code128-decode.js';
export { pdfImages, type PdfImage } from '../../core/pdf/pdf-images.js';
