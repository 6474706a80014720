// Pure rules of the Labels screen: the print list's checks and the labels PDF address they make.
import { buildUrl } from '../../../ui/api.js';
import type { Product } from './types.js';

/** The server's sheet layout when none is asked (labels.ts DEFAULT_ROWS x DEFAULT_COLS) and its limits (schemas.ts, labels.ts). */
export const DEFAULT_ROWS = 8;
export const DEFAULT_COLS = 3;
export const MAX_ROWS = 20;
export const MAX_COLS = 6;
export const MAX_COPIES = 100;
export const MAX_IDS = 200;
export const MAX_LABELS = 2000;

/** A4 sheet, 50 x 30 mm roll, or the 100 x 50 mm shoebox end label (#30.4). */
export type LabelFormat = 'sheet' | 'roll' | 'shoebox';

/** One product on the print list; copies as typed. */
export interface PrintItem {
  product: Pick<Product, 'id' | 'item_name' | 'size' | 'sku' | 'barcode' | 'colour'>;
  copies: string;
}

/** The layout as typed: A4 sheet with rows x cols, or the 50 x 30 mm roll. */
export interface LabelLayout {
  format: LabelFormat;
  rows: string;
  cols: string;
}

export const defaultLayout = (format: LabelFormat = 'sheet'): LabelLayout => ({ format, rows: String(DEFAULT_ROWS), cols: String(DEFAULT_COLS) });

function wholeIn(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** The layout's query (format=roll or shoebox, or rows and cols), or the error of a bad field. */
export function layoutQuery(layout: LabelLayout): { query: Record<string, string | number> } | { error: string } {
  if (layout.format !== 'sheet') return { query: { format: layout.format } };
  const rows = wholeIn(layout.rows, 1, MAX_ROWS);
  if (rows === null) return { error: `Rows must be a whole number from 1 to ${MAX_ROWS}` };
  const cols = wholeIn(layout.cols, 1, MAX_COLS);
  if (cols === null) return { error: `Columns must be a whole number from 1 to ${MAX_COLS}` };
  return { query: { rows, cols } };
}

/** Copies as typed, checked: 1 to 100, else null. */
export const parseCopies = (text: string) => wholeIn(text, 1, MAX_COPIES);

/** Labels a list prints (its copies added up; bad copies count as 0). */
export function labelCount(items: PrintItem[]): number {
  return items.reduce((n, i) => n + (parseCopies(i.copies) ?? 0), 0);
}

/**
 * The labels PDF address for the list, or what is wrong with it. One copies figure for all goes as `copies`;
 * mixed copies repeat each product's id (the server prints ids in the order given).
 */
export function labelsUrl(items: PrintItem[], layout: LabelLayout): { url: string } | { error: string } {
  if (items.length === 0) return { error: 'Add at least one product to the print list' };
  const copies: number[] = [];
  for (const i of items) {
    const c = parseCopies(i.copies);
    const name = [i.product.item_name, i.product.size].filter(Boolean).join(' ');
    if (c === null) return { error: `Copies of ${name} must be a whole number from 1 to ${MAX_COPIES}` };
    copies.push(c);
  }
  const total = copies.reduce((a, b) => a + b, 0);
  if (total > MAX_LABELS) return { error: `At most ${MAX_LABELS} labels at a time (the list has ${total})` };
  const l = layoutQuery(layout);
  if ('error' in l) return l;
  const same = copies.every((c) => c === copies[0]);
  const ids = same ? items.map((i) => i.product.id) : items.flatMap((i, k) => Array.from({ length: copies[k] }, () => i.product.id));
  if (ids.length > MAX_IDS) {
    return {
      error: same ? `At most ${MAX_IDS} products at a time` : 'Too many labels with different copies: give every product the same copies, or print in parts',
    };
  }
  return { url: buildUrl('/api/labels.pdf', { product_ids: ids.join(','), ...(same && copies[0] > 1 ? { copies: copies[0] } : {}), ...l.query }) };
}

/** The labels of the units received on a purchase order (or on one of its receipts). */
export function receivedLabelsUrl(purchaseOrderId: number, receiptId: number | null, layout: LabelLayout): { url: string } | { error: string } {
  const l = layoutQuery(layout);
  if ('error' in l) return l;
  return { url: buildUrl('/api/labels.pdf', { purchase_order_id: purchaseOrderId, receipt_id: receiptId, ...l.query }) };
}

/** The labels of the boxes counted on a stock take (#30.4): one per box. */
export function countedLabelsUrl(stockTakeId: number, layout: LabelLayout): { url: string } | { error: string } {
  const l = layoutQuery(layout);
  if ('error' in l) return l;
  return { url: buildUrl('/api/labels.pdf', { stock_take_id: stockTakeId, ...l.query }) };
}

/** The labels of every size of a style (#30.4), copies of each. */
export function styleLabelsUrl(styleId: number, copiesText: string, layout: LabelLayout): { url: string } | { error: string } {
  const copies = parseCopies(copiesText);
  if (copies === null) return { error: `Copies per item must be a whole number from 1 to ${MAX_COPIES}` };
  const l = layoutQuery(layout);
  if ('error' in l) return l;
  return { url: buildUrl('/api/labels.pdf', { style_id: styleId, ...(copies > 1 ? { copies } : {}), ...l.query }) };
}
