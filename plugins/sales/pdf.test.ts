// The sales PDFs, parsed back with pdfjs-dist: tax invoice, 80 mm receipt, outstanding statement.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { saveSettings, DEMO_SETTINGS } from '../../core/settings.js';
import { addCustomer, addProduct, pdfText } from './test-support.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
  saveSettings(t.app.db, DEMO_SETTINGS);
});
test.after(async () => {
  await t.close();
});

test('the invoice PDF is a tax invoice: title, shop, GST reg no, number, lines, GST 9%, total, outstanding', async () => {
  const id = await addProduct(t, 19.99, 10, 'Canvas Sneaker');
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 3 }], invoiceDiscount: 10, tendered: 100 });
  assert.is(sale.status, 201);
  const { number, invoiceId } = sale.body;
  const r = await t.staff.get(`/api/invoices/${invoiceId}/pdf`);
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'application/pdf');
  assert.is(r.headers['content-disposition'], `inline; filename="${number}.pdf"`);
  assert.is(r.raw.subarray(0, 5).toString(), '%PDF-');
  const { text, pages } = await pdfText(r.raw);
  for (const s of [
    'Tax Invoice',
    'Kedai Footwear',
    '1 Orchard Road',
    'GST Reg No: M2-1234567-8',
    number,
    'Canvas Sneaker',
    '$19.99',
    '$59.97',
    '-$6.00',
    '$53.97',
    'GST 9%',
    '$4.86',
    'Total incl. GST',
    '$58.83',
    'Amount Outstanding',
    '$0.00',
    'Walk-in Customer',
    'Goods sold are exchangeable',
  ]) {
    assert.ok(text.includes(s), `invoice PDF lacks "${s}": ${text}`);
  }
  assert.is(Math.round(pages[0].width), 595);
});

test('a credit invoice PDF names the customer and address and shows the due date and outstanding amount', async () => {
  const id = await addProduct(t, 50, 10, 'School Shoe');
  const c = await addCustomer(t, 'Mdm PDF Tester', 1000, 30);
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 2 }], customerId: c });
  const r = await t.staff.get(`/api/invoices/${sale.body.invoiceId}/pdf`);
  const { text } = await pdfText(r.raw);
  for (const s of ['Tax Invoice', 'Mdm PDF Tester', 'Mdm PDF Tester Pte Ltd', '1 Test Road, Singapore 100001', 'Due Date', '$109.00', 'Amount Outstanding']) {
    assert.ok(text.includes(s), `credit invoice PDF lacks "${s}": ${text}`);
  }
});

test('the receipt is 226 pt wide (80 mm), as tall as its content, and carries the same facts', async () => {
  const id = await addProduct(t, 19.99, 10, 'Receipt Runner');
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 3 }], invoiceDiscount: 10, tendered: 100 });
  const r = await t.staff.get(`/api/invoices/${sale.body.invoiceId}/pdf?format=receipt`);
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'application/pdf');
  const { text, pages } = await pdfText(r.raw);
  assert.is(pages.length, 1);
  assert.is(pages[0].width, 226);
  assert.ok(pages[0].height > 200 && pages[0].height < 700, `height ${pages[0].height}`);
  for (const s of ['Tax Invoice', sale.body.number, 'GST Reg No: M2-1234567-8', 'Receipt Runner', 'GST 9%', '$4.86', '$58.83', 'Change', '$41.17']) {
    assert.ok(text.includes(s), `receipt lacks "${s}": ${text}`);
  }
  // More lines, a taller receipt.
  const ids = [];
  for (let i = 0; i < 12; i++) ids.push(await addProduct(t, 5, 5, `Sock ${i}`));
  const big = await t.staff.post('/api/checkout', { items: ids.map((productId) => ({ productId, qty: 1 })) });
  const long = await pdfText((await t.staff.get(`/api/invoices/${big.body.invoiceId}/pdf?format=receipt`)).raw);
  assert.ok(long.pages[0].height > pages[0].height + 150);
  assert.is((await t.staff.get(`/api/invoices/${big.body.invoiceId}/pdf?format=poster`)).status, 400);
});

test('a 150-line invoice flows onto more A4 pages and keeps every line', async () => {
  const ids = [];
  for (let i = 0; i < 150; i++) ids.push(await addProduct(t, 1, 2, `Bulk Item ${i}`));
  const sale = await t.admin.post('/api/checkout', { items: ids.map((productId) => ({ productId, qty: 1 })) });
  assert.is(sale.status, 201);
  const { text, pages } = await pdfText((await t.admin.get(`/api/invoices/${sale.body.invoiceId}/pdf`)).raw);
  assert.ok(pages.length >= 3, `pages ${pages.length}`);
  assert.ok(text.includes('Bulk Item 0 ') && text.includes('Bulk Item 149 '));
  assert.ok(text.includes('$163.50'));
});

test('the outstanding statement lists each unpaid invoice with dates, age and amount, and the total due', async () => {
  const id = await addProduct(t, 100, 20, 'Statement Boot');
  const c = await addCustomer(t, 'Statement Customer', 5000, 30);
  const a = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }], customerId: c });
  const b = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 2 }], customerId: c });
  const paid = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }], customerId: c });
  await t.admin.post(`/api/invoices/${paid.body.invoiceId}/payments`, { method: 'CASH', amount: 109 });
  await t.staff.post(`/api/customers/${c}/payments`, { method: 'CASH', amount: 9 });
  const r = await t.staff.get(`/api/invoices/customer/${c}/outstanding-pdf`);
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'application/pdf');
  assert.match(String(r.headers['content-disposition']), /^inline; filename="statement-\d+-\d{8}\.pdf"$/);
  const { text } = await pdfText(r.raw);
  for (const s of [
    'Statement of Account',
    'Statement Customer',
    a.body.number,
    b.body.number,
    'Due Date',
    'Age (days)',
    '$100.00',
    '$218.00',
    'Total Due',
    '$318.00',
  ]) {
    assert.ok(text.includes(s), `statement lacks "${s}": ${text}`);
  }
  assert.not.ok(text.includes(paid.body.number));
  assert.is((await t.staff.get('/api/invoices/customer/999999/outstanding-pdf')).status, 404);
  assert.is((await t.staff.get('/api/invoices/999999/pdf')).status, 404);
});

test('PDF links opened in a new tab work with the session cookie alone', async () => {
  const id = await addProduct(t, 10, 5);
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }] });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'staff', password: 'staff123' } });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${sale.body.invoiceId}/pdf`, headers: { cookie } });
  assert.is(pdf.statusCode, 200);
  assert.is(pdf.headers['content-type'], 'application/pdf');
  const statement = await t.app.inject({ method: 'GET', url: '/api/invoices/customer/1/outstanding-pdf', headers: { cookie } });
  assert.ok(statement.statusCode === 200 || statement.statusCode === 404);
  // The cookie is not enough for JSON routes.
  const json = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie }, payload: { items: [{ productId: id, qty: 1 }] } });
  assert.is(json.statusCode, 401);
});

test.run();
