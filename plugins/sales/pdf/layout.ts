// Layout the A4 sales documents share (tax invoice, credit note, statement): the shop heading, a table whose
// header repeats on each new page, rules and right-aligned totals. Each document brings its own columns and
// where its totals stand.
import type { ShopSettings } from '../../../core/settings.js';
import type { Doc } from './render.js';

/** The printable width of an A4 page with 50 pt margins. */
export const LEFT = 50;
export const RIGHT = 545;

export interface Column {
  title: string;
  x: number;
  w: number;
  align: 'left' | 'right';
}

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
  doc.font('Helvetica-Bold').fontSize(18).text(shop.shop_name, LEFT, top, { width: 280 });
  doc.font('Helvetica').fontSize(9);
  for (const line of [shop.address, shop.phone && `Tel: ${shop.phone}`, shop.email, shop.uen && `UEN: ${shop.uen}`]) {
    if (line) doc.text(line, { width: 280 });
  }
  doc.text(`GST Reg No: ${shop.gst_reg_no || '-'}`, { width: 280 });
  const shopBottom = doc.y;

  doc.font('Helvetica-Bold').fontSize(20).text(title, 330, top, { width: 215, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  let fy = top + 28;
  for (const [k, v] of facts) {
    doc.font('Helvetica').text(k, label.x, fy, { width: label.w, align: 'right' });
    doc.font('Helvetica-Bold').text(v, 425, fy, { width: 120, align: 'right' });
    fy += 14;
  }
  doc.y = Math.max(shopBottom, fy) + 16;
}

/** The drawing helpers of one document's table: `columns`, and totals with their label and value boxes. */
export function tableLayout(columns: Column[], totals: { label: Box; value: Box }) {
  function tableHeader(doc: Doc) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
    for (const c of columns) doc.text(c.title, c.x, y, { width: c.w, align: c.align });
    rule(doc, y + 13);
    doc.y = y + 18;
  }

  /** Starts a new page when less than `h` points are left, repeating the table header if asked. */
  function ensureSpace(doc: Doc, h: number, header: boolean) {
    if (doc.y + h <= doc.page.height - doc.page.margins.bottom) return;
    doc.addPage();
    doc.y = doc.page.margins.top;
    if (header) tableHeader(doc);
  }

  /** A table row whose first cell (a description) may wrap; the row is as tall as that cell. */
  function itemRow(doc: Doc, values: string[]) {
    doc.font('Helvetica').fontSize(9);
    const h = Math.max(doc.heightOfString(values[0], { width: columns[0].w }), 11) + 5;
    ensureSpace(doc, h, true);
    const y = doc.y;
    columns.forEach((c, i) => doc.text(values[i], c.x, y, { width: c.w, align: c.align }));
    doc.y = y + h;
  }

  /** The rows of the table under its header, closed by a rule. */
  function table(doc: Doc, rows: string[][]) {
    tableHeader(doc);
    for (const values of rows) itemRow(doc, values);
    rule(doc, doc.y);
    doc.y += 8;
  }

  /** A totals line: right-aligned label and value (bold and larger for the grand total). */
  function totalRow(doc: Doc, label: string, value: string, bold = false) {
    ensureSpace(doc, 16, false);
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
    doc.text(label, totals.label.x, y, { width: totals.label.w, align: 'right' });
    doc.text(value, totals.value.x, y, { width: totals.value.w, align: 'right' });
    doc.y = y + (bold ? 17 : 15);
  }

  /** The bold title of a list under the totals (payments, applications), kept with its first rows. */
  function listTitle(doc: Doc, title: string) {
    ensureSpace(doc, 40, false);
    doc.font('Helvetica-Bold').fontSize(10).text(title, LEFT, doc.y);
    doc.font('Helvetica').fontSize(9);
  }

  /** A list line: what happened on the left, its amount under the totals' values. */
  function listRow(doc: Doc, text: string, amount: string) {
    ensureSpace(doc, 13, false);
    const y = doc.y;
    doc.text(text, LEFT, y, { width: 380 });
    doc.text(amount, totals.value.x, y, { width: totals.value.w, align: 'right' });
    doc.y = Math.max(doc.y, y + 12);
  }

  return { tableHeader, ensureSpace, table, totalRow, listTitle, listRow };
}
