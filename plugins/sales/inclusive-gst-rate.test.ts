// #25.2: a GST-inclusive invoice's documents print its own GST rate beside the GST inside the total
// ('Total includes GST 9% of $9.00'): the ESC/POS receipt (bytes caught by a fake LAN printer), the HTML receipt
// the browser prints (rendered from the receipt the server sends), the receipt PDF and the A4 invoice PDF (parsed
// back). Everything over real HTTP. A later rate change does not rewrite an earlier invoice's rate.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { startFakePrinter, type FakePrinter } from '../../tests/helpers/fake-printer.js';
import { saveSettings } from '../../core/settings.js';
import { receiptHtml } from './screen/receipt-html.js';
import { addProduct, pdfText } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let printer: FakePrinter;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  printer = await startFakePrinter();
  const r = await h.admin.patch('/api/settings', { prices_include_gst: true, receipt_printer: printer.address });
  assert.is(r.status, 200, JSON.stringify(r.body));
});
test.after(async () => {
  await printer.close();
  await t.close();
});

/** A cash sale over HTTP of one product at `price` (GST included). */
async function sale(price: number, name: string) {
  const id = await addProduct(t, price, 10, name);
  const r = await h.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }], pricesIncludeGst: true });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.invoice.prices_include_gst, true);
  return r.body.invoice as { id: number; number: string; tax_rate: number; tax_total: number; grand_total: number };
}

/** The four documents of an invoice, as text: ESC/POS bytes, the browser's HTML receipt, the receipt PDF, the A4 PDF. */
async function documents(invoiceId: number): Promise<Record<string, string>> {
  const printed = await h.staff.post(`/api/invoices/${invoiceId}/print`, {});
  assert.is(printed.status, 200, JSON.stringify(printed.body));
  const escpos = (await printer.nextJob()).toString('latin1');
  const model = await h.staff.get(`/api/invoices/${invoiceId}/receipt`);
  assert.is(model.status, 200);
  const html = receiptHtml(model.body.receipt);
  const docs: Record<string, string> = { escpos, html };
  for (const format of ['receipt', 'a4']) {
    const pdf = await h.staff.get(`/api/invoices/${invoiceId}/pdf?format=${format}`);
    assert.is(pdf.status, 200);
    assert.match(String(pdf.headers['content-type']), 'application/pdf');
    docs[`${format} pdf`] = (await pdfText(pdf.raw)).text;
  }
  return docs;
}

test('9%: every document says "Total includes GST 9% of $9.00", and the receipt model carries that line', async () => {
  const inv = await sale(109, 'Rate Runner');
  assert.equal([inv.tax_rate, inv.tax_total, inv.grand_total], [0.09, 9, 109]);
  const model = (await h.staff.get(`/api/invoices/${inv.id}/receipt`)).body.receipt;
  assert.is(model.gst_included, 'Total includes GST 9% of $9.00');
  for (const [name, text] of Object.entries(await documents(inv.id))) {
    assert.ok(text.includes('Total includes GST 9% of $9.00'), `${name}: ${text.slice(0, 2000)}`);
    assert.not.ok(text.includes('Total includes GST of'), `${name}: no line without the rate`);
  }
});

test("the invoice's own rate: after the shop's rate changes to 8%, a new sale prints 8%, the earlier one still 9%", async () => {
  const earlier = await sale(218, 'Rate Boot');
  saveSettings(t.app.db, { gst_rate: 0.08 });
  const later = await sale(108, 'Rate Sandal');
  assert.equal([later.tax_rate, later.tax_total], [0.08, 8]);
  for (const [name, text] of Object.entries(await documents(later.id))) {
    assert.ok(text.includes('Total includes GST 8% of $8.00'), name);
    assert.not.ok(text.includes('GST 9%'), name);
  }
  for (const [name, text] of Object.entries(await documents(earlier.id))) {
    assert.ok(text.includes('Total includes GST 9% of $18.00'), name);
    assert.not.ok(text.includes('GST 8%'), name);
  }
});

test.run();
