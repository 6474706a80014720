// #30 receipts print each item's code as its box's label does: the barcode when the size has one (an EAN-13 from
// the brand or generated), else its SKU. Over real HTTP on all three receipts: the browser receipt's JSON and HTML,
// the 80 mm PDF parsed back, and the ESC/POS bytes a fake LAN printer receives.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { saveSettings } from '../../../core/settings.js';
import { testApp, type TestApp } from '../../../tests/helpers/app.js';
import { startFakePrinter, type FakePrinter } from '../../../tests/helpers/fake-printer.js';
import { listenHttp, type HttpApp } from '../../../tests/helpers/http.js';
import { pdfText, receiptHtml } from '../test-support.js';

const EAN = '2000000000015';
let t: TestApp;
let h: HttpApp;
let printer: FakePrinter;
let invoiceId = 0;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  printer = await startFakePrinter();
  const coded = await h.admin.post('/api/products', {
    item_name: 'Coded Runner',
    sku: 'CODED-42',
    barcode: EAN,
    category: 'Test',
    selling_price: 100,
    cost: 40,
    stock_qty: 5,
  });
  assert.is(coded.status, 201, JSON.stringify(coded.body));
  const plain = await h.admin.post('/api/products', {
    item_name: 'Plain Runner',
    sku: 'PLAIN-43',
    category: 'Test',
    selling_price: 50,
    cost: 20,
    stock_qty: 5,
  });
  assert.is(plain.status, 201, JSON.stringify(plain.body));
  const r = await h.staff.post('/api/checkout', {
    items: [
      { productId: coded.body.product.id, qty: 1 },
      { productId: plain.body.product.id, qty: 1 },
    ],
    payments: [{ method: 'NETS', amount: 163.5, reference: 'N-1' }],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  invoiceId = r.body.invoice.id;
});
test.after(async () => {
  await printer.close();
  await t.close();
});

test("the browser receipt: each line's code is its barcode, else its SKU", async () => {
  const r = await h.staff.get(`/api/invoices/${invoiceId}/receipt`);
  assert.is(r.status, 200);
  assert.equal(
    r.body.receipt.lines.map((l: { name: string; code: string | null }) => [l.name, l.code]),
    [
      ['Coded Runner', EAN],
      ['Plain Runner', 'PLAIN-43'],
    ],
  );
  const html = receiptHtml(r.body.receipt);
  assert.ok(html.includes(`<td colspan="2">${EAN}</td>`), html);
  assert.ok(html.includes('<td colspan="2">PLAIN-43</td>'), html);
  assert.not.ok(html.includes('CODED-42'), 'the SKU gives way to the barcode');
});

test('the 80 mm PDF receipt and the printer print the same codes', async () => {
  const pdf = await h.staff.get(`/api/invoices/${invoiceId}/pdf?format=receipt`);
  assert.is(pdf.status, 200);
  const { text } = await pdfText(pdf.raw);
  assert.ok(text.includes(EAN) && text.includes('PLAIN-43'), text);
  assert.not.ok(text.includes('CODED-42'), text);

  saveSettings(t.app.db, { receipt_printer: printer.address });
  const p = await h.staff.post(`/api/invoices/${invoiceId}/print`, {});
  assert.is(p.status, 200, JSON.stringify(p.body));
  const s = (await printer.nextJob()).toString('latin1');
  assert.match(s, new RegExp(`Coded Runner[^\\n]*\\n\\s+${EAN}\\n`));
  assert.match(s, /Plain Runner[^\n]*\n\s+PLAIN-43\n/);
});

test.run();
