// The part of fontkit (pdfkit's font engine) Kedai's PDFs use: open a font once, ask what it covers.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
