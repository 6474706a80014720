// Helpers for the sales tests: catalogue and customer set-up through the real API, PDF text extraction.
import * as assert from 'uvu/assert';
import type { TestApp } from '../../tests/helpers/app.js';

let skuCounter = 0;

/** Adds a product through the API (ADMIN) and returns its id. */
export async function addProduct(t: TestApp, price: number, stock: number, name = `Shoe ${++skuCounter}`, cost = 0): Promise<number> {
  const r = await t.admin.post('/api/products', { item_name: name, sku: `T-${Date.now()}-${++skuCounter}`, size: '42', selling_price: price, cost, stock_qty: stock, category: 'Test' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product.id;
}

/** Adds a credit customer through the API and returns its id. */
export async function addCustomer(t: TestApp, name: string, creditLimit: number, termsDays: number): Promise<number> {
  const r = await t.admin.post('/api/customers', { name, company: `${name} Pte Ltd`, billing_address: '1 Test Road, Singapore 100001', credit_limit: creditLimit, credit_terms_days: termsDays });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.customer.id;
}

/** Current stock of a product, straight from the table. */
export const stockOf = (t: TestApp, id: number) => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(id) as number;
/** Sum of a product's ledger movements (must always equal its stock). */
export const ledgerSum = (t: TestApp, id: number) => t.app.db.prepare('SELECT ifnull(sum(qty_delta), 0) FROM inventory_stock_movement WHERE product_id = ?').pluck().get(id) as number;
/** Number of rows in a table. */
export const rows = (t: TestApp, table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

/** Counts of every sales table, to prove a refused request wrote nothing. */
export function salesCounts(t: TestApp) {
  return ['sales_invoice', 'sales_invoice_line', 'sales_payment', 'sales_customer_payment', 'inventory_stock_movement'].map((x) => rows(t, x));
}

/** A piece of text as pdfjs-dist reads it back: where it starts (x, baseline y) and how wide it is. */
export interface PdfTextItem { str: string; x: number; y: number; width: number; page: number }

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
