// Barcode labels: the product's barcode (an EAN-13 symbol when it is one, #30.3; else Code128 of it, or of the SKU
// when it has none), rendered by bwip-js as a PNG and placed with pdfkit beside the item name, size, colour and the
// GST-inclusive price. Three layouts: an A4 sheet of rows x cols labels, a 50 x 30 mm label printer roll, and a
// 100 x 50 mm shoebox end label with the size largest (#30.4), one label per page on the roll and shoebox.
import type { Db } from '../../core/db.js';
import { AppError, badRequest } from '../../core/errors.js';
import { formatMoney, priceWithGst as centsWithGst } from '../../core/money.js';
import { getSettings } from '../../core/settings.js';
// The embedded-font helpers live in sales today (moving to core/pdf/): text in any script, wrapped in its box.
import { streamPdf, type Doc } from '../../core/pdf/render.js';
import { drawText } from '../../core/pdf/text.js';
import { isEan13Code, productCodePng } from '../../core/pdf/barcode.js';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { primaryThumbPath } from '../images/api.js';
import { styleSizeIds } from '../inventory/api.js';
import { receivedUnits } from '../purchasing/api.js';
import type { ProductLite, StockTakeRepo } from './repo.js';
import type { LabelsQuery } from './schemas.js';

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
/** A4 label sheets commonly leave about 10 mm top and bottom and 7 mm at the sides. */
const SHEET_MARGIN = { x: 7 * MM, y: 10 * MM };
export const ROLL = { width: 50 * MM, height: 30 * MM };
/** A shoebox end label (#30.4): 100 x 50 mm, the common box-end label of a desktop label printer. */
export const SHOEBOX = { width: 100 * MM, height: 50 * MM };
export const DEFAULT_ROWS = 8;
export const DEFAULT_COLS = 3;
export const MAX_LABELS = 2000;

/**
 * The price with GST a label shows: the stored price when selling prices include GST (settings'
 * prices_include_gst), else price x (1 + tax rate), half-up to the cent.
 */
export function priceWithGst(p: Pick<ProductLite, 'selling_price_cents' | 'tax_rate_bps'>, pricesIncludeGst = false): number {
  return centsWithGst(p.selling_price_cents, p.tax_rate_bps, pricesIncludeGst);
}

/** What the barcode encodes: the barcode when the product has one, else its SKU. */
export function labelCode(p: ProductLite): string | null {
  return p.barcode?.trim() || p.sku?.trim() || null;
}

/** The code's symbol as a PNG, its text under the bars: EAN-13 for a 13-digit code with its check digit, else Code128. */
export function barcodePng(code: string): Promise<Buffer> {
  return productCodePng(code);
}

/** pdfkit's opened image (its typings omit openImage): doc.image() takes it in place of the bytes. */
type OpenedImage = Buffer;
const openImage = (doc: Doc, png: Buffer): OpenedImage => (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(png);

interface Label {
  product: ProductLite;
  /** The product's barcode, opened once per document and embedded once (every copy refers to the same image). */
  image: OpenedImage;
  /** The style's primary photo (#30.5), opened once per document; none: the label prints as before photos. */
  photo: OpenedImage | null;
  pricesIncludeGst: boolean;
}

/** Where the labels' photos come from: the images folder (the worker reads the files, never the main thread). */
export interface LabelPhotos {
  imagesDir: string;
}

/** The product's primary photo as PNG bytes (pdfkit embeds no WebP), or null without one or when it cannot be read. */
async function photoPng(db: Db, productId: number, photos: LabelPhotos | undefined): Promise<Buffer | null> {
  const file = photos && primaryThumbPath(db, productId, photos.imagesDir);
  if (!file) return null;
  try {
    return await sharp(await readFile(file))
      .png()
      .toBuffer();
  } catch {
    return null; // a damaged or vanished file: the label still prints, without the photo
  }
}

/** Draws one label inside the box (x, y, w, h). */
function drawLabel(doc: Doc, label: Label, x: number, y: number, w: number, h: number) {
  const p = label.product;
  const pad = Math.min(4, w * 0.04);
  const iw = w - 2 * pad;
  const small = h < 70;
  let cy = y + pad;
  const price = formatMoney(priceWithGst(p, label.pricesIncludeGst));
  const priceWidth = Math.min(iw * 0.45, 60);
  drawText(doc, price, x + pad + iw - priceWidth, cy, { width: priceWidth, size: small ? 9 : 10, style: 'bold', align: 'right' });
  // One line for the name beside the price: a long name is cut rather than pushing the bars off the label.
  const name = p.item_name.length > 40 ? `${p.item_name.slice(0, 39)}…` : p.item_name;
  cy = drawText(doc, name, x + pad, cy, { width: iw - priceWidth - 2, size: small ? 7 : 8, style: 'bold' });
  // Prices stored before GST: that price small beside the GST-inclusive one (the prominent price above).
  const beforeGst = label.pricesIncludeGst ? null : `before GST ${formatMoney(p.selling_price_cents)}`;
  const details = [p.size && `Size ${p.size}`, p.colour, beforeGst].filter(Boolean).join(' · ');
  if (details) cy = drawText(doc, details, x + pad, cy, { width: iw, size: small ? 6.5 : 7 });
  cy = Math.max(cy, y + pad + (small ? 12 : 13)) + 1;
  const barH = y + h - pad - cy;
  if (barH <= 8) return;
  // The style's photo left of the bars on an A4 sheet label (the 50 x 30 mm roll is too small for one).
  const photoW = label.photo && !small && barH >= 30 ? Math.min(iw * 0.3, barH * 1.3) : 0;
  if (photoW) doc.image(label.photo!, x + pad, cy, { fit: [photoW, barH], align: 'center', valign: 'center' });
  const bx = x + pad + (photoW ? photoW + 3 : 0);
  doc.image(label.image, bx, cy, { fit: [iw - (bx - x - pad), barH], align: 'center', valign: 'center' });
}

/**
 * A shoebox end label (#30.4) inside (x, y, w, h): the size largest (what a customer and the stock room look for
 * along a shelf of boxes), then the style, the colour, the price with GST, and the barcode across the bottom.
 */
function drawShoeboxLabel(doc: Doc, label: Label, x: number, y: number, w: number, h: number) {
  const p = label.product;
  const pad = 3 * MM;
  const iw = w - 2 * pad;
  const price = formatMoney(priceWithGst(p, label.pricesIncludeGst));
  const priceWidth = iw * 0.4;
  // The size: as the product names it ('EU 42', 'UK 8', '42'); one line, shrunk a little only when long.
  const size = p.size?.trim() || '-';
  const sizePt = size.length > 7 ? 30 : 40;
  drawText(doc, size, x + pad, y + pad - 2, { width: iw - priceWidth, size: sizePt, style: 'bold' });
  drawText(doc, price, x + pad + iw - priceWidth, y + pad, { width: priceWidth, size: 16, style: 'bold', align: 'right' });
  drawText(doc, 'incl. GST', x + pad + iw - priceWidth, y + pad + 20, { width: priceWidth, size: 7, align: 'right' });
  let cy = y + pad + sizePt * 1.15;
  // The style's photo small at the right of the name and colour lines, under the price: the size above keeps its
  // full width and stays the largest thing on the label.
  const photoBox = { w: 20 * MM, h: 10 * MM };
  const textW = label.photo ? iw - photoBox.w - 2 * MM : iw;
  if (label.photo) doc.image(label.photo, x + pad + iw - photoBox.w, cy, { fit: [photoBox.w, photoBox.h], align: 'right', valign: 'center' });
  const top = cy;
  const name = p.item_name.length > 48 ? `${p.item_name.slice(0, 47)}…` : p.item_name;
  cy = drawText(doc, name, x + pad, cy, { width: textW, size: 11, style: 'bold' });
  const details = [p.colour, p.brand].filter(Boolean).join(' · ');
  if (details) cy = drawText(doc, details, x + pad, cy, { width: textW, size: 9 });
  if (label.photo) cy = Math.max(cy, top + photoBox.h);
  const barH = y + h - pad - cy - 1;
  if (barH > 8) doc.image(label.image, x + pad, cy + 1, { fit: [iw, barH], align: 'center', valign: 'bottom' });
}

/** Which products to label and how many of each: the ids asked (copies each), or the units a purchase order received. */
function labelPlan(db: Db, repo: StockTakeRepo, q: LabelsQuery): { id: number; copies: number }[] {
  const sources = [q.product_ids, q.purchase_order_id, q.style_id, q.stock_take_id].filter((v) => v !== undefined);
  if (sources.length !== 1) throw badRequest('Give one of product_ids, purchase_order_id, style_id or stock_take_id', 'product_ids');
  if (q.stock_take_id !== undefined) {
    // #30.4: one label per box counted (a relabelling run after a count), in the take's order.
    if (q.copies !== undefined) throw badRequest('copies does not apply to a stock take: one label per box counted', 'copies');
    if (!repo.get(q.stock_take_id)) throw new AppError(404, 'NOT_FOUND', 'Stock take not found', { field: 'stock_take_id' });
    const lines = repo.lines(q.stock_take_id).filter((l) => l.counted_qty > 0);
    if (lines.length === 0) throw badRequest('Nothing has been counted on this stock take', 'stock_take_id');
    return lines.map((l) => ({ id: l.product_id, copies: l.counted_qty }));
  }
  if (q.style_id !== undefined) {
    // #30.4: every live size of the style, copies of each, in size order.
    const ids = styleSizeIds(db, q.style_id);
    if (!ids) throw new AppError(404, 'NOT_FOUND', 'Style not found', { field: 'style_id' });
    if (ids.length === 0) throw badRequest('This style has no sizes', 'style_id');
    return ids.map((id) => ({ id, copies: q.copies ?? 1 }));
  }
  if (q.purchase_order_id !== undefined) {
    if (q.copies !== undefined) throw badRequest('copies does not apply to a purchase order: one label per unit received', 'copies');
    const units = receivedUnits(db, q.purchase_order_id, q.receipt_id);
    if (units.length === 0) throw badRequest('Nothing has been received on this purchase order yet', 'purchase_order_id');
    return units.map((u) => ({ id: u.product_id, copies: u.qty }));
  }
  if (q.receipt_id !== undefined) throw badRequest('receipt_id needs purchase_order_id', 'receipt_id');
  return q.product_ids!.split(',').map((id) => ({ id: Number(id), copies: q.copies ?? 1 }));
}

/** The labels PDF for the query's products (copies of each, in the order asked), whole (tests, small batches). */
export async function labelsPdf(db: Db, repo: StockTakeRepo, q: LabelsQuery, photos?: LabelPhotos): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of labelsPdfChunks(db, repo, q, photos)) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * The labels PDF as it is made, a few pages per chunk (#27): every check (400/404) runs before the first byte, then
 * the pages are drawn only as fast as the reader takes them. Each product's barcode is drawn and embedded once, so
 * 2,000 copies of a few products cost little more than their pages.
 */
export async function* labelsPdfChunks(db: Db, repo: StockTakeRepo, q: LabelsQuery, photos?: LabelPhotos): AsyncGenerator<Uint8Array> {
  const plan = labelPlan(db, repo, q);
  const ids = plan.map((p) => p.id);
  const total = plan.reduce((n, p) => n + p.copies, 0);
  if (total > MAX_LABELS) throw badRequest(`At most ${MAX_LABELS} labels at a time`, q.purchase_order_id !== undefined ? 'purchase_order_id' : 'copies');
  const products = repo.products(ids);
  const pngs = new Map<number, Buffer>();
  for (const [i, p] of products.entries()) {
    if (!p || p.archived_at !== null) throw new AppError(404, 'NOT_FOUND', `Product ${ids[i]} not found`, { field: 'product_ids' });
    if (pngs.has(p.id)) continue;
    const code = labelCode(p);
    if (!code) throw badRequest(`${p.item_name} has no barcode or SKU to print`, 'product_ids');
    try {
      pngs.set(p.id, await barcodePng(code));
    } catch {
      throw badRequest(`The code of ${p.item_name} cannot be printed as ${isEan13Code(code) ? 'EAN-13' : 'Code 128'} (${code})`, 'product_ids');
    }
  }
  // Photos on the shoebox and A4 sheet labels only (a 50 x 30 mm roll label has no room); one file read a product.
  const photoPngs = new Map<number, Buffer | null>();
  if (q.format !== 'roll') for (const p of products) if (!photoPngs.has(p!.id)) photoPngs.set(p!.id, await photoPng(db, p!.id, photos));
  const pricesIncludeGst = getSettings(db).prices_include_gst;
  const images = new Map<number, OpenedImage>();
  const openedPhotos = new Map<number, OpenedImage | null>();
  /** The labels in order, each product's image opened in this document the first time it is drawn. */
  function* labelsOf(doc: Doc): Generator<Label> {
    for (const [i, p] of products.entries()) {
      let image = images.get(p!.id);
      if (!image) {
        image = openImage(doc, pngs.get(p!.id)!);
        images.set(p!.id, image);
      }
      let photo = openedPhotos.get(p!.id);
      if (photo === undefined) {
        const png = photoPngs.get(p!.id);
        photo = png ? openImage(doc, png) : null;
        openedPhotos.set(p!.id, photo);
      }
      for (let c = 0; c < plan[i].copies; c++) yield { product: p!, image, photo, pricesIncludeGst };
    }
  }

  if (q.format === 'roll' || q.format === 'shoebox') {
    // One label a page: a step per page.
    const page = q.format === 'roll' ? ROLL : SHOEBOX;
    const draw = q.format === 'roll' ? drawLabel : drawShoeboxLabel;
    yield* streamPdf({ size: [page.width, page.height], margin: 0, autoFirstPage: true, info: { Title: 'Labels' } }, function* (doc) {
      let i = 0;
      for (const l of labelsOf(doc)) {
        if (i++ > 0) doc.addPage();
        draw(doc, l, 0, 0, page.width, page.height);
        yield;
      }
    });
    return;
  }
  const rows = q.rows ?? DEFAULT_ROWS;
  const cols = q.cols ?? DEFAULT_COLS;
  const w = (A4.width - 2 * SHEET_MARGIN.x) / cols;
  const h = (A4.height - 2 * SHEET_MARGIN.y) / rows;
  const perPage = rows * cols;
  yield* streamPdf({ size: 'A4', margin: 0, info: { Title: 'Labels' } }, function* (doc) {
    let i = 0;
    for (const l of labelsOf(doc)) {
      const slot = i++ % perPage;
      if (i > 1 && slot === 0) {
        yield; // a sheet is full
        doc.addPage();
      }
      const r = Math.floor(slot / cols);
      const c = slot % cols;
      drawLabel(doc, l, SHEET_MARGIN.x + c * w, SHEET_MARGIN.y + r * h, w, h);
    }
  });
}
