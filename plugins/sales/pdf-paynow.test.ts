// The PayNow QR on the sales PDFs (#17.1): an unpaid invoice (A4 and 80 mm) and the outstanding statement carry
// one for what is still owed, decoded back from the PDF's image; paid invoices and shops without a UEN get none.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { saveSettings, DEMO_SETTINGS } from '../../core/settings.js';
import { addDays, localDate } from '../../core/clock.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { decodeQr, parseTlv, pdfImages } from '../paynow/test-support.js';
import { addCustomer, addProduct, pdfText } from './test-support.js';
import { decodeCode128 } from '../../core/pdf/code128-decode.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
  saveSettings(t.app.db, DEMO_SETTINGS);
});
test.after(async () => {
  await t.close();
});

/** A PDF's square images: its QR codes (the receipt's Code128 of the invoice number, #26.3, is wide). */
async function qrImages(pdf: Buffer) {
  return (await pdfImages(pdf)).filter((img) => img.width === img.height);
}

/** The QR codes of a PDF, decoded, each read back as {field: value} with its templates 26 and 62 opened. */
async function qrsOf(pdf: Buffer) {
  const images = await qrImages(pdf);
  return Promise.all(
    images.map(async (img) => {
      const payload = await decodeQr(img);
      const f = Object.fromEntries(parseTlv(payload));
      return { payload, f, account: Object.fromEntries(parseTlv(f['26'])), reference: Object.fromEntries(parseTlv(f['62']))['01'] };
    }),
  );
}

const in30days = () => addDays(localDate(new Date(), 'Asia/Singapore'), 30).replace(/-/g, '');

test('an unpaid invoice: its PDF (A4 and receipt) carries a PayNow QR for the outstanding amount and the invoice number', async () => {
  const p = await addProduct(t, 50, 10, 'School Shoe');
  const c = await addCustomer(t, 'Mdm QR Tester', 1000, 14);
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 2 }], customerId: c });
  assert.is(sale.status, 201);
  const { invoiceId, number } = sale.body;
  // Part paid: the QR asks for what is left ($109.00 - $40.00).
  assert.is((await t.admin.post(`/api/invoices/${invoiceId}/payments`, { method: 'CASH', amount: 40 })).status, 201);

  for (const format of ['', '?format=receipt']) {
    const r = await t.staff.get(`/api/invoices/${invoiceId}/pdf${format}`);
    assert.is(r.status, 200);
    const qrs = await qrsOf(r.raw);
    assert.is(qrs.length, 1, `one QR ${format}`);
    const [qr] = qrs;
    assert.is(qr.f['54'], '69.00', 'the outstanding amount');
    assert.is(qr.reference, number, 'the invoice number');
    assert.is(qr.account['02'], DEMO_SETTINGS.paynow_uen);
    assert.is(qr.account['04'], in30days(), '30 days from today (the 14-day due date is sooner)');
    assert.is(qr.f['59'], 'Kedai Footwear');
    const { text } = await pdfText(r.raw);
    assert.ok(text.includes('Scan to pay with PayNow'), text);
    assert.ok(text.includes('$69.00'), text);
  }
});

test('a paid invoice, a void one and a shop without a UEN get no QR', async () => {
  const p = await addProduct(t, 20, 10, 'Flip Flop');
  const paid = await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] });
  for (const format of ['', '?format=receipt']) {
    const r = await t.staff.get(`/api/invoices/${paid.body.invoiceId}/pdf${format}`);
    assert.is((await qrImages(r.raw)).length, 0, `paid ${format}`);
    assert.not.ok((await pdfText(r.raw)).text.includes('Scan to pay with PayNow'));
  }
  const c = await addCustomer(t, 'Mr Void', 1000, 30);
  const voided = await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }], customerId: c });
  assert.is((await t.admin.post(`/api/invoices/${voided.body.invoiceId}/void`, { reason: 'Mistake' })).status, 200);
  assert.is((await qrImages((await t.staff.get(`/api/invoices/${voided.body.invoiceId}/pdf`)).raw)).length, 0, 'void');

  const unpaid = await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }], customerId: c });
  saveSettings(t.app.db, { paynow_uen: '' });
  try {
    const r = await t.staff.get(`/api/invoices/${unpaid.body.invoiceId}/pdf`);
    assert.is(r.status, 200);
    assert.is((await qrImages(r.raw)).length, 0, 'no UEN');
    const s = await t.staff.get(`/api/invoices/customer/${c}/outstanding-pdf`);
    assert.is(s.status, 200);
    assert.is((await qrImages(s.raw)).length, 0, 'no UEN on the statement');
  } finally {
    saveSettings(t.app.db, { paynow_uen: DEMO_SETTINGS.paynow_uen });
  }
});

test('the outstanding statement carries a QR for the total due (reference STMT-<customer id>); none when nothing is due', async () => {
  const p = await addProduct(t, 10, 20, 'Shoe Lace');
  const c = await addCustomer(t, 'Tan Statement', 1000, 30);
  await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }], customerId: c });
  await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 2 }], customerId: c });
  const r = await t.staff.get(`/api/invoices/customer/${c}/outstanding-pdf`);
  assert.is(r.status, 200);
  const qrs = await qrsOf(r.raw);
  assert.is(qrs.length, 1);
  assert.is(qrs[0].f['54'], '32.70', '$10.90 + $21.80');
  assert.is(qrs[0].reference, `STMT-${c}`);
  assert.ok((await pdfText(r.raw)).text.includes('Scan to pay with PayNow'));

  const none = await addCustomer(t, 'Owes Nothing', 1000, 30);
  const empty = await t.staff.get(`/api/invoices/customer/${none}/outstanding-pdf`);
  assert.is((await pdfImages(empty.raw)).length, 0);
});

test("a PayNow sale keeps the till's QR reference: on its payment, its receipt and its receipt PDF", async () => {
  const p = await addProduct(t, 30, 10, 'Ankle Sock');
  const qr = await t.staff.post('/api/paynow/qr', { amount: 32.7, reference: 'KD-TILL1-MI4K2X1A' });
  assert.is(qr.status, 200);
  const sale = await t.staff.post('/api/checkout', {
    items: [{ productId: p, qty: 1 }],
    payments: [{ method: 'PAYNOW', amount: 32.7, reference: 'KD-TILL1-MI4K2X1A' }],
  });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const receipt = (await t.staff.get(`/api/invoices/${sale.body.invoiceId}/receipt`)).body.receipt;
  assert.equal(receipt.payments, [{ method: 'PayNow', reference: 'KD-TILL1-MI4K2X1A', amount: 32.7 }]);
  const pdf = await t.staff.get(`/api/invoices/${sale.body.invoiceId}/pdf?format=receipt`);
  assert.ok((await pdfText(pdf.raw)).text.includes('PayNow KD-TILL1-MI4K2X1A'));
  assert.is((await qrImages(pdf.raw)).length, 0, 'paid: no QR to pay');
  // #26.3 the receipt closes with the invoice number as Code128: the till's Return scans it back.
  const bars = (await pdfImages(pdf.raw)).filter((img) => img.width > img.height);
  assert.is(bars.length, 1);
  assert.is(await decodeCode128(bars[0]), sale.body.number);
});

test.run();
