// Layout the A4 documents share (tax invoice, credit note, statement): the shop heading, a table whose
// header repeats on each new page, rules and right-aligned totals. Each document brings its own columns and
// where its totals stand.
import type { ShopSettings } from '../settings.js';
import type { Doc } from './render.js';
import { drawText, textHeight, type Style, type TextOptions } from './text.js';

/** The printable width of an A4 page with 50 pt margins. */
export const LEFT = 50;
export const RIGHT = 545;

export interface Column {
  title: string;
  x: number;
  w: number;
  align: 'left' | 'right';
}

/** Space kept between a right-aligned cell and the column before it. */
const PAD = 4;

/** A right-aligned box on a totals or list row. */
export interface Box {
  x: number;
  w: number;
}

/** A thin grey line across the page at `y`. */
export function rule(doc: Doc, y: number) {
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor('#999999').stroke();
}

/** A sold or credited line as printed: "description / Size UK 8 / SKU RUN-4". */
export function itemDescription(l: { description: string; size: string | null; sku: string | null }): string {
  return [l.description, l.size && `Size ${l.size}`, l.sku && `SKU ${l.sku}`].filter(Boolean).join(' / ');
}

/**
 * The heading of a tax document: the shop (name, address, phone, email, UEN, GST reg no) on the left, the
 * title and its facts (label `label` box, bold value) on the right; leaves doc.y below both.
 */
export function documentHeading(doc: Doc, shop: ShopSettings, title: string, facts: [string, string][], label: Box) {
  const top = doc.y;
  let y = drawText(doc, shop.shop_name, LEFT, top, { width: 270, size: 18, style: 'bold' });
  for (const line of [shop.address, shop.phone && `Tel: ${shop.phone}`, shop.email, shop.uen && `UEN: ${shop.uen}`]) {
    if (line) y = drawText(doc, line, LEFT, y, { width: 270, size: 9 });
  }
  const shopBottom = drawText(doc, `GST Reg No: ${shop.gst_reg_no || '-'}`, LEFT, y, { width: 270, size: 9 });

  let fy = drawText(doc, title, 330, top, { width: 215, size: 20, style: 'bold', align: 'right' }) + 2;
  for (const [k, v] of facts) {
    const a = drawText(doc, k, label.x, fy, { width: label.w, size: 10, align: 'right' });
    const b = drawText(doc, v, 425, fy, { width: 120, size: 10, style: 'bold', align: 'right' });
    fy = Math.max(a, b) + 1;
  }
  doc.y = Math.max(shopBottom, fy) + 16;
}

/** A block of lines (a customer's name, company, address...) in a box at LEFT; empty lines skipped. */
export function block(doc: Doc, lines: (string | null | undefined)[], o: TextOptions = { width: 300, size: 10 }) {
  for (const line of lines) if (line) drawText(doc, line, LEFT, doc.y, o);
}

/** The drawing helpers of one document's table: `columns`, and totals with their label and value boxes. */
export function tableLayout(columns: Column[], totals: { label: Box; value: Box }) {
  /** A column's text box: the column less a little padding between neighbours. */
  const cell = (c: Column, size: number, style: Style = 'regular'): TextOptions => ({ width: c.w - PAD, size, style, align: c.align });
  const cellX = (c: Column) => (c.align === 'right' ? c.x + PAD : c.x);

  function tableHeader(doc: Doc) {
    const y = doc.y;
    let bottom = y;
    for (const c of columns) bottom = Math.max(bottom, drawText(doc, c.title, cellX(c), y, cell(c, 9, 'bold')));
    rule(doc, bottom + 1);
    doc.y = bottom + 5;
  }

  /** Starts a new page when less than `h` points are left, repeating the table header if asked. */
  function ensureSpace(doc: Doc, h: number, header: boolean) {
    if (doc.y + h <= doc.page.height - doc.page.margins.bottom) return;
    doc.addPage();
    doc.y = doc.page.margins.top;
    if (header) tableHeader(doc);
  }

  /** A table row: every cell wraps inside its column, the row is as tall as its tallest cell, kept on one page. */
  function row(doc: Doc, values: string[], size = 9, gap = 4) {
    const h = Math.max(...columns.map((c, i) => textHeight(doc, values[i] ?? '', cell(c, size)))) + gap;
    ensureSpace(doc, h, true);
    const y = doc.y;
    columns.forEach((c, i) => {
      drawText(doc, values[i] ?? '', cellX(c), y, cell(c, size));
    });
    doc.y = y + h;
  }

  /** The rows of the table under its header, closed by a rule. */
  function table(doc: Doc, rows: string[][]) {
    tableHeader(doc);
    for (const values of rows) row(doc, values);
    rule(doc, doc.y);
    doc.y += 8;
  }

  /** A totals line: right-aligned label and value (bold and larger for the grand total). */
  function totalRow(doc: Doc, label: string, value: string, bold = false) {
    const o: TextOptions = { width: totals.label.w, size: bold ? 11 : 10, style: bold ? 'bold' : 'regular', align: 'right' };
    const v: TextOptions = { ...o, width: totals.value.w };
    ensureSpace(doc, Math.max(textHeight(doc, label, o), textHeight(doc, value, v)) + 2, false);
    const y = doc.y;
    doc.y = Math.max(drawText(doc, label, totals.label.x, y, o), drawText(doc, value, totals.value.x, y, v)) + (bold ? 3 : 2);
  }

  /** The bold title of a list under the totals (payments, applications), kept with its first rows. */
  function listTitle(doc: Doc, title: string) {
    ensureSpace(doc, 40, false);
    drawText(doc, title, LEFT, doc.y, { width: RIGHT - LEFT, size: 10, style: 'bold' });
  }

  /** A list line: what happened on the left, its amount under the totals' values. */
  function listRow(doc: Doc, text: string, amount: string) {
    const o: TextOptions = { width: 380, size: 9 };
    const v: TextOptions = { width: totals.value.w, size: 9, align: 'right' };
    ensureSpace(doc, textHeight(doc, text, o), false);
    const y = doc.y;
    doc.y = Math.max(drawText(doc, text, LEFT, y, o), drawText(doc, amount, totals.value.x, y, v));
  }

  return { tableHeader, ensureSpace, row, table, totalRow, listTitle, listRow };
}
