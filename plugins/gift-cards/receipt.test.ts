// #29 the gift card's code on the receipt, as text and as a Code 128 the till scans back, on all three receipts of a
// card-only sale (not a tax invoice: no GST is charged): the 80 mm PDF (bars decoded back from the PDF's image), the
// ESC/POS bytes a fake LAN printer receives (the printer's own Code 128 command, GS k 73, holding the code) and the
// browser's receipt (the SVG the server draws, rendered and decoded back).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { decodeCode128 } from '../../core/pdf/code128-decode.js';
import { pdfImages } from '../../core/pdf/pdf-images.js';
import { saveSettings } from '../../core/settings.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { startFakePrinter, type FakePrinter } from '../../tests/helpers/fake-printer.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { pdfText, receiptHtml } from '../sales/test-support.js';

const NOT_A_TAX_INVOICE = 'Not a tax invoice: no GST is charged on this sale';

let t: TestApp;
let h: HttpApp;
let printer: FakePrinter;
let sale: { id: number; number: string };
let code = '';
let dashed = '';

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  printer = await startFakePrinter();
  const r = await h.staff.post('/api/checkout', { items: [{ gift_card: { amount: 75 } }], payments: [{ method: 'CASH', amount: 75 }] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.invoice.tax_invoice, 'NONE');
  sale = r.body.invoice;
  code = r.body.gift_cards[0].code;
  dashed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
});
test.after(async () => {
  await printer.close();
  await t.close();
});

test('the PDF receipt: not a tax invoice; the code as text and as bars that decode back to it', async () => {
  const pdf = await h.staff.get(`/api/invoices/${sale.id}/pdf?format=receipt`);
  assert.is(pdf.status, 200);
  const { text } = await pdfText(pdf.raw);
  for (const part of [NOT_A_TAX_INVOICE, 'Gift cards sold', `Gift card ${dashed}`, '1 x card', 'Gift cards total', dashed]) {
    assert.ok(text.includes(part), `${part} in ${text}`);
  }
  assert.not.ok(text.includes('returned'), 'a card sold is not "returned"');
  // Not a tax invoice: no GST rows, no "includes GST" (#29).
  assert.not.match(text, /GST 9%|includes GST|Total excl\. GST/);
  // Two barcodes (wide images): the card's, then the invoice number's (#26.3).
  const bars = (await pdfImages(pdf.raw)).filter((img) => img.width > img.height);
  assert.is(bars.length, 2);
  assert.equal(await Promise.all(bars.map((b) => decodeCode128(b))), [code, sale.number]);
});

test('the A4 invoice PDF: not a tax invoice, a plain total, no GST rows', async () => {
  const pdf = await h.staff.get(`/api/invoices/${sale.id}/pdf`);
  assert.is(pdf.status, 200);
  const { text } = await pdfText(pdf.raw);
  assert.ok(text.includes(NOT_A_TAX_INVOICE), text);
  assert.match(text, /Total:\s*\$75\.00/);
  assert.not.match(text, /GST 9%|includes GST|excl\. GST|incl\. GST/);
});

test("the printer's bytes: not a tax invoice; the code in the printer's own Code 128 command, its text under it", async () => {
  saveSettings(t.app.db, { receipt_printer: printer.address });
  const r = await h.staff.post(`/api/invoices/${sale.id}/print`, {});
  assert.is(r.status, 200, JSON.stringify(r.body));
  const bytes = await printer.nextJob();
  const s = bytes.toString('latin1');
  // 49 characters on a 48-column printer: the printer's driver wraps the last word.
  assert.ok(s.includes(NOT_A_TAX_INVOICE.replace(' sale', '\nsale')), JSON.stringify(s.slice(0, 400)));
  assert.ok(s.includes(`Gift card ${dashed}`), JSON.stringify(s));
  assert.match(s, /1 x card\s+\$75\.00/);
  assert.match(s, /Gift cards total\s+\$75\.00/);
  assert.not.match(s, /GST 9%|includes GST|Total excl\. GST/);
  // GS w 2, GS h 80, then GS k 73 n {B <code>: Code 128 set B holding exactly the 13 characters.
  const command = Buffer.concat([Buffer.from([0x1d, 0x77, 2, 0x1d, 0x68, 80, 0x1d, 0x6b, 0x49, code.length + 2, 0x7b, 0x42]), Buffer.from(code, 'latin1')]);
  const at = bytes.indexOf(command);
  assert.ok(at > 0, 'the Code 128 command with the code');
  assert.ok(bytes.indexOf(Buffer.from(dashed, 'latin1'), at) > at, 'the code as text under the bars');
});

test("the browser's receipt: the section's bars as SVG decode back to the code; the label is the code as printed", async () => {
  const r = await h.staff.get(`/api/invoices/${sale.id}/receipt`);
  assert.is(r.status, 200);
  const receipt = r.body.receipt;
  assert.is(receipt.tax_invoice, 'NONE');
  const html = receiptHtml(receipt);
  assert.ok(html.includes('Not a tax invoice'), html);
  assert.not.match(html, /GST 9%|includes GST|Total excl\. GST/);
  const [b] = receipt.sections[0].barcodes;
  assert.equal({ value: b.value, label: b.label }, { value: code, label: dashed });
  const png = await sharp(Buffer.from(b.svg)).resize({ width: 800 }).png().toBuffer();
  assert.is(await decodeCode128(png), code);
});

test.run();
