// Every PDF (tax invoice, receipt, credit note, statement) prints the names a Singapore shop meets: Chinese,
// Tamil, Malay with accents, emoji, and a 150-character name with no space, wrapped inside its column.
// Parsed back with pdfjs-dist: the text must read exactly as typed, and no line of the long name may leave
// its column. PDF_OUT=/some/dir keeps the files to look at.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { saveSettings, DEMO_SETTINGS } from '../../core/settings.js';
import { pdfText, type PdfTextItem } from './test-support.js';

const CHINESE = '陈大文 鞋店';
const TRADITIONAL = '陳麗華';
const TAMIL = 'தமிழ்செல்வி';
const MALAY = 'Puan Nurul Äisyah Élena binti Ramlī';
const EMOJI = '👟';
const LONG = 'KasutSukanLariPanjang'.repeat(8).slice(0, 150);
const SCRIPTS = [CHINESE, TRADITIONAL, TAMIL, MALAY, EMOJI];

let t: TestApp;
let customer: number;
const products: Record<string, number> = {};
test.before(async () => {
  t = await testApp();
  saveSettings(t.app.db, { ...DEMO_SETTINGS, shop_name: `Kedai ${CHINESE} ${EMOJI}`, receipt_footer: `Terima kasih! 谢谢! நன்றி! ${EMOJI}` });
  const c = await t.admin.post('/api/customers', {
    name: `${CHINESE} ${TRADITIONAL}`,
    company: `${TAMIL} Trading`,
    billing_address: `${MALAY}, 1 Jalan Bésar, Singapore 208789`,
    credit_limit: 10000,
    credit_terms_days: 30,
  });
  assert.is(c.status, 201, JSON.stringify(c.body));
  customer = c.body.customer.id;
  let sku = 0;
  for (const name of [`${CHINESE} ${EMOJI} 跑鞋`, `${TAMIL} செருப்பு`, `${MALAY} Kasut Kulit`, LONG]) {
    const r = await t.admin.post('/api/products', { item_name: name, sku: `SCRIPT-${++sku}`, size: '42', selling_price: 10, cost: 1, stock_qty: 50 });
    assert.is(r.status, 201, JSON.stringify(r.body));
    products[name] = r.body.product.id;
  }
});
test.after(async () => {
  await t.close();
});

function keep(name: string, bytes: Buffer) {
  if (process.env.PDF_OUT) fs.writeFileSync(path.join(process.env.PDF_OUT, name), bytes);
}

/** The text contains each script's sample exactly, and the long name once whitespace (line breaks) is dropped. */
function assertScripts(kind: string, text: string, samples = SCRIPTS) {
  for (const s of samples) assert.ok(text.includes(s), `${kind} lacks "${s}": ${text}`);
  assert.ok(text.replace(/\s/g, '').includes(LONG), `${kind} lacks the long name: ${text}`);
}

/** The pieces of the long name (wrapped over several lines) all lie inside [left, right]. */
function assertLongNameInside(kind: string, items: PdfTextItem[], left: number, right: number) {
  const suffixes = Array.from({ length: LONG.length - 7 }, (_, i) => LONG.slice(i));
  const pieces = items.filter((it) => it.str.trim().length >= 8 && (LONG.includes(it.str.trim()) || suffixes.some((s) => it.str.startsWith(s))));
  assert.ok(pieces.length >= 2, `${kind}: the long name should wrap over several lines: ${JSON.stringify(pieces)}`);
  for (const it of pieces) {
    assert.ok(
      it.x >= left - 0.5 && it.x + it.width <= right + 0.5,
      `${kind}: "${it.str}" spans ${it.x.toFixed(1)}..${(it.x + it.width).toFixed(1)}, outside its column ${left}..${right}`,
    );
  }
}

async function creditSale() {
  const items = Object.values(products).map((productId) => ({ productId, qty: 1 }));
  const sale = await t.staff.post('/api/checkout', { items, customerId: customer });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  return sale.body as { invoiceId: number; number: string };
}

test('the tax invoice prints Chinese, Tamil, Malay and emoji names and wraps a 150-character name in its column', async () => {
  const sale = await creditSale();
  const r = await t.staff.get(`/api/invoices/${sale.invoiceId}/pdf`);
  assert.is(r.status, 200);
  keep('invoice.pdf', r.raw);
  const { text, items } = await pdfText(r.raw);
  assertScripts('invoice', text, [...SCRIPTS, `${TAMIL} செருப்பு`, `Kedai ${CHINESE} ${EMOJI}`, `${CHINESE} ${EMOJI} 跑鞋`, 'Terima kasih! 谢谢!', 'நன்றி']);
  assertLongNameInside('invoice', items, 50, 265); // the Description column
  assert.ok(
    items.every((it) => it.x >= 49.5 && it.x + it.width <= 545.5),
    'no text leaves the page margins',
  );
});

test('the 80 mm receipt prints the same names and wraps the long one inside the paper', async () => {
  const sale = await creditSale();
  const r = await t.staff.get(`/api/invoices/${sale.invoiceId}/pdf?format=receipt`);
  assert.is(r.status, 200);
  keep('receipt.pdf', r.raw);
  const { text, items, pages } = await pdfText(r.raw);
  assertScripts('receipt', text);
  assertLongNameInside('receipt', items, 10, 216);
  assert.ok(
    items.every((it) => it.x >= 9.5 && it.x + it.width <= 216.5),
    'no text leaves the receipt',
  );
  assert.is(pages.length, 1);
});

test('the credit note prints the names and wraps the long one in its column', async () => {
  const sale = await creditSale();
  const ret = await t.staff.post('/api/returns', {
    invoice_id: sale.invoiceId,
    items: Object.values(products).map((product_id) => ({ product_id, returned_qty: 1, return_reason: 'Other' })),
    notes: `${TAMIL} ${EMOJI} rosak, ${'x'.repeat(300)}`,
  });
  assert.is(ret.status, 201, JSON.stringify(ret.body));
  const r = await t.admin.get(`/api/returns/credit-notes/${ret.body.creditNote.id}/pdf`);
  assert.is(r.status, 200);
  keep('credit-note.pdf', r.raw);
  const { text, items } = await pdfText(r.raw);
  assertScripts('credit note', text, [...SCRIPTS, `${TAMIL} ${EMOJI} rosak`]);
  assertLongNameInside('credit note', items, 50, 295);
  assert.ok(
    items.every((it) => it.x >= 49.5 && it.x + it.width <= 545.5),
    'no text leaves the page margins',
  );
});

test('the statement prints the customer in any script and wraps a long name inside its box', async () => {
  const c = await t.admin.post('/api/customers', {
    name: LONG,
    company: `${CHINESE} ${EMOJI}`,
    billing_address: `${TAMIL}, ${MALAY}`,
    credit_limit: 1000,
    credit_terms_days: 30,
  });
  assert.is(c.status, 201, JSON.stringify(c.body));
  await t.staff.post('/api/checkout', { items: [{ productId: products[LONG], qty: 1 }], customerId: c.body.customer.id });
  const r = await t.staff.get(`/api/invoices/customer/${c.body.customer.id}/outstanding-pdf`);
  assert.is(r.status, 200);
  keep('statement.pdf', r.raw);
  const { text, items } = await pdfText(r.raw);
  assertScripts('statement', text, [CHINESE, TAMIL, MALAY, EMOJI]);
  assertLongNameInside('statement', items, 50, 350);
});

test('a long unbroken name in every table row grows the rows and flows onto more pages, nothing lost', async () => {
  const items = [];
  for (let i = 0; i < 40; i++) {
    const r = await t.admin.post('/api/products', { item_name: `${i}${LONG}`, sku: `LONG-${i}`, size: '42', selling_price: 1, cost: 0, stock_qty: 5 });
    items.push({ productId: r.body.product.id, qty: 1 });
  }
  const sale = await t.admin.post('/api/checkout', { items });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const r = await t.admin.get(`/api/invoices/${sale.body.invoiceId}/pdf`);
  keep('long-invoice.pdf', r.raw);
  const { text, items: pieces, pages } = await pdfText(r.raw);
  assert.ok(pages.length >= 3, `pages ${pages.length}`);
  const flat = text.replace(/\s/g, '');
  for (let i = 0; i < 40; i++) assert.ok(flat.includes(`${i}${LONG}`), `line ${i} lost`);
  // Nothing is drawn below the bottom margin or above the top one.
  assert.ok(
    pieces.every((it) => it.y >= 45 && it.y <= 842 - 45),
    'text inside the margins',
  );
});

test.run();
