// #29 a plugin's receipt section of notes only (label/value pairs, no lines: loyalty's points earned and balance),
// printed by each renderer the same way: the receipt JSON, the browser's HTML, the ESC/POS bytes on a fake printer
// and the receipt PDF; a section without lines prints no "Returned total".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../../core/plugin.js';
import { saveSettings } from '../../core/settings.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { startFakePrinter, type FakePrinter } from '../../tests/helpers/fake-printer.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { escposPair } from './api.js';
import { receiptHtml } from './screen/receipt-html.js';
import { addProduct, pdfText } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let printer: FakePrinter;
let shoe: number;

const stamps = definePlugin({
  name: 'test-stamps',
  dependsOn: ['sales'],
  receiptSections: [() => ({ title: 'Stamp card', lines: [], totalCents: 0, notes: [{ label: 'Stamps', value: '7 of 10' }] })],
});

test.before(async () => {
  t = await testApp({ morePlugins: [stamps] });
  h = await listenHttp(t);
  printer = await startFakePrinter();
  shoe = await addProduct(t, 100, 20, 'Stamp Runner');
});
test.after(async () => {
  await printer.close();
  await t.close();
});

test('notes print as label/value rows under the title, with no total, in every renderer', async () => {
  const sale = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'NETS', amount: 109 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const id = sale.body.invoice.id;
  const receipt = (await h.staff.get(`/api/invoices/${id}/receipt`)).body.receipt;
  assert.equal(receipt.sections, [{ title: 'Stamp card', lines: [], total: 0, notes: [{ label: 'Stamps', value: '7 of 10' }] }]);
  const html = receiptHtml(receipt);
  assert.ok(html.includes('<td>Stamps</td><td class="num">7 of 10</td>'), html);
  assert.not.ok(html.includes('Returned total'));
  saveSettings(t.app.db, { receipt_printer: printer.address });
  assert.is((await h.staff.post(`/api/invoices/${id}/print`, { reprint: true })).status, 200);
  const bytes = (await printer.nextJob()).toString('latin1');
  assert.ok(bytes.includes(escposPair('Stamps', '7 of 10')), bytes);
  assert.not.ok(bytes.includes('Returned total'));
  const { text } = await pdfText((await h.admin.get(`/api/invoices/${id}/pdf?format=receipt`)).raw);
  assert.ok(/Stamps\s*7 of 10/.test(text), text);
  assert.not.ok(text.includes('Returned total'));
});

test.run();
