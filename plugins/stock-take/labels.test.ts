// Labels through the API: the PDF parses back (pdfjs) with name, size, GST-inclusive price, and the barcode image
// inside it decodes (zxing) to the product's code; sheet and roll layouts; roles and refusals.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { pdfText } from '../../core/pdf/pdf-text.js';
import { barcodePng, priceWithGst, ROLL } from './labels.js';
import { decodeCode128, pdfImages } from './test-support.js';

let t: TestApp;
let shoe: number;
let odd: number;

test.before(async () => {
  t = await testApp();
  let r = await t.admin.post('/api/products', { item_name: 'Samba OG', sku: 'SMB-42', size: '42', selling_price: 129.9, stock_qty: 3 });
  shoe = r.body.product.id;
  // 10.05 x 1.09 = 10.9545 -> $10.95.
  r = await t.admin.post('/api/products', { item_name: 'Laces 鞋带', sku: 'LCE-1', selling_price: 10.05, tax_rate: 0.09 });
  odd = r.body.product.id;
});
test.after(() => t.close());

test('GST-inclusive price: price x (1 + rate), half-up to the cent', () => {
  assert.is(priceWithGst({ selling_price_cents: 12990, tax_rate_bps: 900 }), 14159); // 141.591
  assert.is(priceWithGst({ selling_price_cents: 1005, tax_rate_bps: 900 }), 1095); // 10.9545
  assert.is(priceWithGst({ selling_price_cents: 50, tax_rate_bps: 900 }), 55); // 0.545 -> 0.55 (half-up)
  assert.is(priceWithGst({ selling_price_cents: 1250, tax_rate_bps: 800 }), 1350);
});

test('bwip-js renders Code128 that decodes back', async () => {
  for (const code of ['SMB-42', '4006381333931', 'abc-XYZ/09']) assert.is(await decodeCode128(await barcodePng(code)), code);
});

test('A4 sheet: rows x cols per page, text and a decodable barcode in the PDF', async () => {
  const r = await t.admin.get(`/api/labels.pdf?product_ids=${shoe},${odd}&copies=3&rows=2&cols=2`);
  assert.is(r.status, 200, String(r.body).slice(0, 300));
  assert.match(String(r.headers['content-type']), 'application/pdf');
  const { text, pages } = await pdfText(r.raw);
  assert.is(pages.length, 2, '6 labels at 4 per page');
  assert.ok(Math.abs(pages[0].width - 595.28) < 1 && Math.abs(pages[0].height - 841.89) < 1, 'A4');
  assert.match(text, 'Samba OG');
  assert.match(text, 'Size 42');
  assert.match(text, '$141.59');
  assert.match(text, 'Laces 鞋带');
  assert.match(text, '$10.95');
  const images = await pdfImages(r.raw);
  assert.is(images.length, 6);
  assert.is(images.filter((i) => i.page === 1).length, 4);
  assert.is(await decodeCode128(images[0]), 'SMB-42');
  assert.is(await decodeCode128(images[5]), 'LCE-1');
});

test("roll: one 50 x 30 mm label per page; the product's barcode wins over its SKU", async () => {
  t.app.db.prepare("UPDATE inventory_product SET barcode = '4006381333931', colour = 'Black' WHERE id = ?").run(shoe);
  const r = await t.admin.get(`/api/labels.pdf?product_ids=${shoe}&copies=2&format=roll`);
  assert.is(r.status, 200);
  const { text, pages } = await pdfText(r.raw);
  assert.is(pages.length, 2);
  assert.ok(Math.abs(pages[0].width - ROLL.width) < 0.5 && Math.abs(pages[0].height - ROLL.height) < 0.5, '50 x 30 mm');
  assert.match(text, 'Size 42 · Black');
  assert.match(text, '$141.59');
  const images = await pdfImages(r.raw);
  assert.is(await decodeCode128(images[1]), '4006381333931');
});

test('refusals and roles', async () => {
  assert.is((await t.admin.get(`/api/labels.pdf?product_ids=${shoe},999999`)).status, 404);
  assert.is((await t.admin.get('/api/labels.pdf?product_ids=a')).status, 400);
  assert.is((await t.admin.get(`/api/labels.pdf?product_ids=${shoe}&purchase_order_id=1`)).status, 400, 'one or the other');
  assert.is((await t.admin.get('/api/labels.pdf')).status, 400, 'neither');
  const noCode = (await t.admin.post('/api/products', { item_name: 'No Code', selling_price: 1 })).body.product.id;
  const r = await t.admin.get(`/api/labels.pdf?product_ids=${noCode}`);
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'product_ids');
  assert.is((await t.staff.get(`/api/labels.pdf?product_ids=${shoe}`)).status, 403);
  assert.is((await t.anon.get(`/api/labels.pdf?product_ids=${shoe}`)).status, 401);
});

test('per purchase order: one label per unit received, on the whole order or one receipt', async () => {
  const supplier = (await t.admin.post('/api/suppliers', { name: 'Label Supplier' })).body.supplier.id;
  let r = await t.admin.post('/api/purchase-orders', {
    supplier_id: supplier,
    lines: [
      { product_id: shoe, qty: 5, unit_cost: 50 },
      { product_id: odd, qty: 2, unit_cost: 1 },
    ],
  });
  const po = r.body.purchase_order.id;
  r = await t.admin.get(`/api/labels.pdf?purchase_order_id=${po}&format=roll`);
  assert.is(r.status, 400, 'nothing received yet');
  assert.is(r.body.details.field, 'purchase_order_id');
  r = await t.admin.post(`/api/purchase-orders/${po}/receive`, {
    lines: [
      { product_id: shoe, qty: 2 },
      { product_id: odd, qty: 1 },
    ],
  });
  const first = r.body.receipt.id;
  r = await t.admin.post(`/api/purchase-orders/${po}/receive`, { lines: [{ product_id: shoe, qty: 1 }] });
  const second = r.body.receipt.id;
  r = await t.admin.get(`/api/labels.pdf?purchase_order_id=${po}&format=roll`);
  assert.is(r.status, 200, String(r.body).slice(0, 300));
  let { text, pages } = await pdfText(r.raw);
  assert.is(pages.length, 4, '3 Samba + 1 laces received');
  assert.is(text.split('Samba OG').length - 1, 3);
  r = await t.admin.get(`/api/labels.pdf?purchase_order_id=${po}&receipt_id=${second}&format=roll`);
  ({ pages } = await pdfText(r.raw));
  assert.is(pages.length, 1, 'the second delivery: 1 pair');
  const images = await pdfImages(r.raw);
  assert.is(await decodeCode128(images[0]), '4006381333931');
  assert.is((await t.admin.get(`/api/labels.pdf?purchase_order_id=${po}&receipt_id=${first}&rows=2&cols=2`)).status, 200);
  assert.is((await t.admin.get(`/api/labels.pdf?purchase_order_id=${po}&copies=2`)).status, 400, 'copies do not apply');
  assert.is((await t.admin.get(`/api/labels.pdf?purchase_order_id=99999`)).status, 404);
  assert.is((await t.admin.get(`/api/labels.pdf?purchase_order_id=${po}&receipt_id=99999`)).status, 404);
  assert.is((await t.admin.get(`/api/labels.pdf?receipt_id=${first}`)).status, 400);
  assert.is((await t.staff.get(`/api/labels.pdf?purchase_order_id=${po}`)).status, 403);
});

test.run();
