// Text on every PDF: any script a Singapore shop meets (Latin with Malay accents, Chinese, Tamil, emoji) in
// the embedded Noto fonts, wrapped inside its box. pdfkit neither falls back between fonts nor breaks a word
// wider than its column, so this does both: each grapheme goes to the first font of the style's chain that has
// it, words are measured run by run, a line breaks at spaces, hyphens and around Chinese characters, and a
// word still too wide breaks between any two graphemes. Each run is drawn where it was measured, on a shared
// baseline, so a line never leaves its box.
import type { Font } from 'fontkit';
import type { Doc } from './render.js';
import type { FontId, Fonts } from './fonts.js';

export type Style = 'regular' | 'bold' | 'italic';

export interface TextOptions {
  /** The box's width: no glyph is drawn past x + width. */
  width: number;
  size: number;
  style?: Style;
  align?: 'left' | 'right' | 'center';
  color?: string;
}

/** A line's height and where its baseline sits, as fractions of the font size. */
const LINE_HEIGHT = 1.28;
const BASELINE = 0.98;

/** Fallback order per style; `faux` fonts have no bold cut and are drawn filled and stroked instead. */
const CHAINS: Record<Style, { id: FontId; faux?: boolean }[]> = {
  regular: [{ id: 'latin' }, { id: 'tamil' }, { id: 'cjk' }, { id: 'emoji' }],
  bold: [{ id: 'latinBold' }, { id: 'tamilBold' }, { id: 'cjk', faux: true }, { id: 'emoji', faux: true }],
  italic: [{ id: 'latinItalic' }, { id: 'tamil' }, { id: 'cjk' }, { id: 'emoji' }],
};

/** Fonts whose shaping reorders glyphs (Tamil's pre-base vowel signs): their text is mapped back in logical order. */
const REORDERING: FontId[] = ['tamil', 'tamilBold'];

interface DocFonts {
  fonts: Fonts;
  patched: WeakSet<object>;
  /** Fonts registered with this document so far: each on its first use (fonts.ts parses them lazily). */
  registered: Set<FontId>;
}
const docFonts = new WeakMap<Doc, DocFonts>();

/** Ties the fonts to a new document (renderPdf does this); Latin is registered now, the others when first drawn. */
export function attachFonts(doc: Doc, fonts: Fonts) {
  docFonts.set(doc, { fonts, patched: new WeakSet(), registered: new Set() });
  selectFont(doc, 'latin');
}

/** doc.font(id), registering the font with the document the first time it is used there. */
function selectFont(doc: Doc, id: FontId): Doc {
  const f = fontsOf(doc);
  if (!f.registered.has(id)) {
    doc.registerFont(id, f.fonts[id] as unknown as PDFKit.Mixins.PDFFontSource);
    f.registered.add(id);
  }
  return doc.font(id);
}

function fontsOf(doc: Doc): DocFonts {
  const f = docFonts.get(doc);
  if (!f) throw new Error('PDF fonts not registered: draw documents through renderPdf');
  return f;
}

// ---- splitting text into graphemes, fonts and words ----

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Code points a grapheme may carry that need no glyph of their own (joiners, variation selectors, tags). */
const IGNORABLE = (cp: number) =>
  cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0020 && cp <= 0xe007f) || (cp >= 0xe0100 && cp <= 0xe01ef);

/** Chinese, Japanese and Korean characters and emoji: a line may break before and after each. */
function isWide(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x1f000 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3ffff)
  );
}
/** Punctuation that must not start a line / must not end one. */
const NO_START = new Set([...'，。、．：；！？）」』】》〉〕’”・ー…‥,.:;!?)]}%']);
const NO_END = new Set([...'（「『【《〈〔‘“([{$']);

interface Cluster {
  s: string;
  font: FontId;
  faux: boolean;
  space: boolean;
  wide: boolean;
}

/** Control characters become nothing (tabs spaces); emoji variation selectors go (the emoji font is monochrome). */
function clean(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is this function's job
  return text.replace(/\t/g, ' ').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\ufe0e|\ufe0f/g, '');
}

function clusters(text: string, chain: { id: FontId; faux?: boolean }[], fonts: Fonts): Cluster[] {
  const out: Cluster[] = [];
  for (const { segment: s } of graphemes.segment(text)) {
    const cps = [...s].map((c) => c.codePointAt(0)!);
    const needed = cps.filter((cp) => !IGNORABLE(cp));
    const has = (f: Font, list: number[]) => list.every((cp) => f.hasGlyphForCodePoint(cp));
    const space = /^\s+$/u.test(s);
    const prev = out[out.length - 1];
    // A space keeps the font of the text before it: "陈大文 鞋店" stays one run, drawn and extracted as one
    // (not the emoji font's: its space is an em wide).
    const pick =
      (space && prev && prev.font !== 'emoji' && has(fonts[prev.font], needed) ? { id: prev.font, faux: prev.faux } : undefined) ??
      chain.find((c) => has(fonts[c.id], needed)) ??
      chain.find((c) => needed.length > 0 && has(fonts[c.id], [needed[0]])) ??
      chain[0];
    out.push({ s, font: pick.id, faux: !!pick.faux, space, wide: cps.some(isWide) });
  }
  return out;
}

/** May a line break between clusters a and b? */
function breakBetween(a: Cluster, b: Cluster, beforeA: Cluster | undefined): boolean {
  if (b.space) return false; // spaces hang at the end of a line
  if (a.space) return true;
  if (NO_START.has(b.s) || NO_END.has(a.s)) return false;
  if (a.wide || b.wide) return true;
  return (a.s === '-' || a.s === '/' || a.s === '\u2010') && !!beforeA && !beforeA.space;
}

interface Run {
  text: string;
  font: FontId;
  faux: boolean;
  width: number;
}

/** A word (no break inside) or a stretch of spaces, measured. */
interface Piece {
  clusters: Cluster[];
  runs: Run[];
  width: number;
  space: boolean;
}

/**
 * Widths at size 1 by font and text, for every document: laying out a long Latin word in Noto Sans takes
 * milliseconds, and shops print the same names again and again. Bounded: cleared when it grows large.
 */
const widths = new Map<string, number>();
const WIDTHS_MAX = 50_000;

function widthOf(doc: Doc, font: FontId, text: string, size: number): number {
  const key = `${font}\u0000${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = selectFont(doc, font).fontSize(1).widthOfString(text);
    if (widths.size >= WIDTHS_MAX) widths.clear();
    widths.set(key, w);
  }
  return w * size;
}

function measure(doc: Doc, cs: Cluster[], size: number): Run[] {
  const runs: Run[] = [];
  for (const c of cs) {
    const last = runs[runs.length - 1];
    if (last && last.font === c.font && last.faux === c.faux) last.text += c.s;
    else runs.push({ text: c.s, font: c.font, faux: c.faux, width: 0 });
  }
  for (const r of runs) r.width = widthOf(doc, r.font, r.text, size);
  return runs;
}

function piece(doc: Doc, cs: Cluster[], size: number): Piece {
  const runs = measure(doc, cs, size);
  return { clusters: cs, runs, width: runs.reduce((w, r) => w + r.width, 0), space: cs[0].space };
}

/** The width of graphemes measured one by one (cached): close to the real width, cheap for long words. */
const roughWidth = (doc: Doc, cs: Cluster[], size: number) => cs.reduce((w, c) => w + widthOf(doc, c.font, c.s, size), 0);

/** The words and spaces of a paragraph; a word far wider than `width` is left unmeasured for chop(). */
function pieces(doc: Doc, cs: Cluster[], size: number, width: number): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  for (let i = 1; i <= cs.length; i++) {
    const boundary = i === cs.length || cs[i].space !== cs[i - 1].space || breakBetween(cs[i - 1], cs[i], cs[i - 2]);
    if (boundary) {
      const word = cs.slice(start, i);
      const rough = word.length > 20 ? roughWidth(doc, word, size) : 0;
      out.push(rough > width * 1.25 ? { clusters: word, runs: [], width: rough, space: false } : piece(doc, word, size));
      start = i;
    }
  }
  return out;
}

/** Splits a word wider than `width` into pieces that each fit (at least one grapheme each). */
function chop(doc: Doc, p: Piece, width: number, size: number): Piece[] {
  const out: Piece[] = [];
  let rest = p.clusters;
  while (rest.length > 0) {
    // The longest prefix whose graphemes, measured one by one, fit; then shortened while the prefix measured
    // as a whole (kerning, shaping) does not.
    let n = 0;
    for (let w = 0; n < rest.length; n++) {
      w += widthOf(doc, rest[n].font, rest[n].s, size);
      if (w > width) break;
    }
    n = Math.max(1, n);
    let part = piece(doc, rest.slice(0, n), size);
    while (n > 1 && part.width > width) part = piece(doc, rest.slice(0, --n), size);
    out.push(part);
    rest = rest.slice(n);
  }
  return out;
}

interface Line {
  pieces: Piece[];
  width: number;
}

/** The lines of `text` in a box `width` wide (explicit line breaks kept). */
function layout(doc: Doc, text: string, o: TextOptions): Line[] {
  const { fonts } = fontsOf(doc);
  const chain = CHAINS[o.style ?? 'regular'];
  const lines: Line[] = [];
  for (const paragraph of clean(String(text ?? '')).split(/\r?\n|\r/)) {
    let line: Line = { pieces: [], width: 0 };
    let pending: Piece[] = []; // spaces after the last word, placed only if another word follows on the line
    const flush = () => {
      lines.push(line);
      line = { pieces: [], width: 0 };
      pending = [];
    };
    const queue = pieces(doc, clusters(paragraph, chain, fonts), o.size, o.width);
    while (queue.length > 0) {
      const p = queue.shift()!;
      if (p.space) {
        if (line.pieces.length > 0) pending.push(p);
        continue;
      }
      const gap = pending.reduce((w, s) => w + s.width, 0);
      if (line.width + gap + p.width <= o.width) {
        line.pieces.push(...pending, p);
        line.width += gap + p.width;
        pending = [];
      } else if (line.pieces.length > 0) {
        flush();
        queue.unshift(p);
      } else {
        const parts = chop(doc, p, o.width, o.size);
        queue.unshift(...parts.slice(1));
        line.pieces.push(parts[0]);
        line.width = parts[0].width;
        if (parts.length > 1) flush();
      }
    }
    flush();
  }
  return lines;
}

/** The height `text` takes in a box of `o.width`. */
export function textHeight(doc: Doc, text: string, o: TextOptions): number {
  return layout(doc, text, o).length * o.size * LINE_HEIGHT;
}

/** The height of one line at `size`. */
export const lineHeight = (size: number) => size * LINE_HEIGHT;

/**
 * Draws `text` in the box at (x, y), `o.width` wide, wrapping as needed; returns the y below it and leaves
 * doc.x / doc.y there too.
 */
export function drawText(doc: Doc, text: string, x: number, y: number, o: TextOptions): number {
  const color = o.color ?? '#000000';
  const lh = o.size * LINE_HEIGHT;
  const lines = layout(doc, text, o);
  for (const [i, line] of lines.entries()) {
    const top = y + i * lh;
    const free = Math.max(0, o.width - line.width);
    let cx = x + (o.align === 'right' ? free : o.align === 'center' ? free / 2 : 0);
    const baseline = top + o.size * BASELINE;
    for (const r of lineRuns(doc, line, o.size)) {
      drawRun(doc, r, cx, baseline, o.size, color);
      cx += r.width;
    }
  }
  doc.x = x;
  doc.y = y + lines.length * lh;
  return doc.y;
}

/**
 * A line's runs with neighbours in the same font joined (one text item for a reader, not one per word), where
 * joining does not change the width: kerning across a join would move the rest of the line.
 */
function lineRuns(doc: Doc, line: Line, size: number): Run[] {
  const out: Run[] = [];
  for (const r of line.pieces.flatMap((p) => p.runs)) {
    const last = out[out.length - 1];
    if (last && last.font === r.font && last.faux === r.faux) {
      const joined = widthOf(doc, r.font, last.text + r.text, size);
      if (Math.abs(joined - (last.width + r.width)) < 0.01) {
        last.text += r.text;
        last.width += r.width;
        continue;
      }
    }
    out.push({ ...r });
  }
  return out;
}

function drawRun(doc: Doc, r: Run, x: number, baseline: number, size: number, color: string) {
  selectFont(doc, r.font).fontSize(size);
  if (REORDERING.includes(r.font)) logicalUnicode(doc);
  if (r.faux) {
    doc.save();
    doc
      .lineWidth(size * 0.035)
      .strokeColor(color)
      .fillColor(color);
    doc.text(r.text, x, baseline, { lineBreak: false, baseline: 'alphabetic', fill: true, stroke: true });
    doc.restore();
  } else {
    doc.fillColor(color).text(r.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  }
}

// ---- text extraction in logical order ----

interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface EmbeddedFont {
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  unicode: number[][];
  widths: number[];
  scale: number;
}

/**
 * Shaping draws a Tamil pre-base vowel sign before its consonant (visual order), and a PDF reader extracts
 * text in drawing order: copying "செ" would give "ெச". For each such cluster the glyphs get duplicate subset
 * entries whose ToUnicode text is the cluster's text in logical order, so extraction, search and copy read
 * the name as it was typed. Patches the current font of `doc` (pdfkit's EmbeddedFont) once.
 */
function logicalUnicode(doc: Doc) {
  const font = (doc as unknown as { _font: EmbeddedFont })._font;
  const { patched } = fontsOf(doc);
  if (patched.has(font)) return;
  patched.add(font);
  const dups = new Map<string, number>();
  font.encode = function encode(this: EmbeddedFont, text: string, features?: unknown) {
    const { glyphs, positions } = this.layout(text, features);
    const logical = logicalTexts(text, glyphs);
    const res: string[] = [];
    glyphs.forEach((glyph, i) => {
      let gid: number;
      const want = logical[i];
      if (want === null) {
        gid = this.subset.includeGlyph(glyph.id);
        this.unicode[gid] ??= glyph.codePoints;
      } else {
        const key = `${glyph.id}|${want}`;
        gid = dups.get(key) ?? this.subset.glyphs.push(glyph.id) - 1;
        dups.set(key, gid);
        this.unicode[gid] = [...want].map((c) => c.codePointAt(0)!);
      }
      this.widths[gid] ??= glyph.advanceWidth * this.scale;
      res.push(`0000${gid.toString(16)}`.slice(-4));
    });
    return [res, positions];
  };
}

/**
 * For each glyph, the text it should extract as when that differs from its own code points (null: its own).
 * Walks the glyphs against the text; where they differ, finds the shortest run of glyphs holding the same
 * code points as the next stretch of text and hands that stretch out to them in logical order.
 */
export function logicalTexts(text: string, glyphs: { codePoints: number[] }[]): (string | null)[] {
  const target = [...text.normalize('NFD')];
  const own = glyphs.map((g) => [...String.fromCodePoint(...g.codePoints).normalize('NFD')]);
  const out: (string | null)[] = glyphs.map(() => null);
  const key = (a: string[]) => [...a].sort().join('');
  let p = 0;
  let i = 0;
  while (i < glyphs.length) {
    if (own[i].every((c, k) => target[p + k] === c)) {
      p += own[i].length;
      i++;
      continue;
    }
    let acc: string[] = [];
    let j = i;
    for (; j < Math.min(glyphs.length, i + 6); j++) {
      acc = acc.concat(own[j]);
      if (key(acc) === key(target.slice(p, p + acc.length))) break;
    }
    if (j === Math.min(glyphs.length, i + 6)) return out; // no match: leave the rest as drawn
    let q = p;
    for (let k = i; k <= j; k++) {
      const s = target.slice(q, q + own[k].length).join('');
      if (s !== own[k].join('')) out[k] = s;
      q += own[k].length;
    }
    p += acc.length;
    i = j + 1;
  }
  return out;
}
