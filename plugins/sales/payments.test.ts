// Payments, balances, voids, listing and roles through the API.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { checkout } from './actions/checkout.js';
import { addCustomer, addProduct, ledgerSum, salesCounts, stockOf } from './test-support.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t.close();
});

const creditSale = async (customerId: number, productId: number, qty: number) => {
  const r = await t.staff.post('/api/checkout', { items: [{ productId, qty }], customerId });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.invoice;
};
const invoice = async (id: number) => (await t.admin.get(`/api/invoices/${id}`)).body.invoice;
const balance = async (customerId: number) => (await t.staff.get(`/api/customers/${customerId}`)).body.customer;

test('a customer payment is allocated oldest invoice first: PAID, PARTIAL, then the balance view follows', async () => {
  const p = await addProduct(t, 100, 50);
  const c = await addCustomer(t, 'Allocation Academy', 2000, 30);
  const a = await creditSale(c, p, 1); // 109.00
  const b = await creditSale(c, p, 2); // 218.00
  const d = await creditSale(c, p, 1); // 109.00
  assert.is((await balance(c)).outstanding_balance, 436);

  const r = await t.staff.post(`/api/customers/${c}/payments`, { method: 'BANK_TRANSFER', amount: 200, reference: 'FAST-1' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.payment.customer_id, c);
  assert.is(r.body.payment.method, 'BANK_TRANSFER');
  assert.is(r.body.payment.amount, 200);
  assert.is(r.body.payment.reference, 'FAST-1');
  assert.match(r.body.payment.date, /^\d{4}-\d{2}-\d{2}T/);
  assert.equal(r.body.allocations, [
    { invoice_id: a.id, number: a.number, amount: 109 },
    { invoice_id: b.id, number: b.number, amount: 91 },
  ]);
  assert.is(r.body.outstanding_balance, 236);
  assert.is((await invoice(a.id)).payment_status, 'PAID');
  const bi = await invoice(b.id);
  assert.is(bi.payment_status, 'PARTIAL');
  assert.is(bi.amount_paid, 91);
  assert.is(bi.outstanding, 127);
  assert.equal(
    bi.payments.map((x: any) => [x.method, x.amount, x.reference, x.created_by]),
    [['BANK_TRANSFER', 91, 'FAST-1', 'staff']],
  );
  assert.is((await invoice(d.id)).payment_status, 'UNPAID');
  const cust = await balance(c);
  assert.is(cust.outstanding_balance, 236);
  assert.equal(
    cust.outstanding_invoices.map((x: any) => [x.number, x.outstanding]),
    [
      [b.number, 127],
      [d.number, 109],
    ],
  );

  const rest = await t.staff.post(`/api/customers/${c}/payments`, { method: 'PAYNOW', amount: 236 });
  assert.is(rest.status, 201);
  assert.equal(
    rest.body.allocations.map((x: any) => x.amount),
    [127, 109],
  );
  assert.is(rest.body.outstanding_balance, 0);
  assert.is((await invoice(b.id)).payment_status, 'PAID');
  assert.is((await invoice(d.id)).payment_status, 'PAID');
  assert.is((await balance(c)).outstanding_balance, 0);
});

test('customer payment refusals: amount <= 0 is 400, above the balance is 409, unknown customer 404; nothing written', async () => {
  const p = await addProduct(t, 10, 10);
  const c = await addCustomer(t, 'Refusal Runners', 500, 14);
  await creditSale(c, p, 1); // 10.90
  const before = salesCounts(t);
  for (const amount of [0, -5]) {
    const r = await t.staff.post(`/api/customers/${c}/payments`, { method: 'CASH', amount });
    assert.is(r.status, 400);
    assert.is(r.body.error, 'Please enter a valid payment amount');
    assert.is(r.body.details.field, 'amount');
  }
  const over = await t.staff.post(`/api/customers/${c}/payments`, { method: 'CASH', amount: 10.91 });
  assert.is(over.status, 409);
  assert.is(over.body.error, 'Payment amount cannot exceed outstanding balance');
  assert.is((await t.staff.post('/api/customers/999999/payments', { method: 'CASH', amount: 1 })).status, 404);
  assert.is((await t.staff.post(`/api/customers/${c}/payments`, { method: 'CHEQUE', amount: 1 })).status, 400);
  assert.is((await t.staff.post(`/api/customers/${c}/payments`, { method: 'CASH', amount: 1, extra: 1 })).status, 400);
  assert.is((await t.anon.post(`/api/customers/${c}/payments`, { method: 'CASH', amount: 1 })).status, 401);
  assert.equal(salesCounts(t), before);
});

test('invoice payment (ADMIN): PARTIAL, then PAID; above outstanding 409', async () => {
  const p = await addProduct(t, 50, 10);
  const c = await addCustomer(t, 'Invoice Payer', 1000, 30);
  const inv = await creditSale(c, p, 2); // 109.00
  const part = await t.admin.post(`/api/invoices/${inv.id}/payments`, { method: 'NETS', amount: 9, reference: 'N-77' });
  assert.is(part.status, 201, JSON.stringify(part.body));
  assert.is(part.body.invoice.payment_status, 'PARTIAL');
  assert.is(part.body.invoice.outstanding, 100);
  const over = await t.admin.post(`/api/invoices/${inv.id}/payments`, { method: 'CASH', amount: 100.01 });
  assert.is(over.status, 409);
  assert.is(over.body.error, 'Payment amount cannot exceed outstanding balance');
  const zero = await t.admin.post(`/api/invoices/${inv.id}/payments`, { method: 'CASH', amount: 0 });
  assert.is(zero.status, 400);
  const full = await t.admin.post(`/api/invoices/${inv.id}/payments`, { method: 'BANK_TRANSFER', amount: 100 });
  assert.is(full.status, 201);
  assert.is(full.body.invoice.payment_status, 'PAID');
  assert.is(full.body.invoice.outstanding, 0);
  assert.is(full.body.invoice.amount_paid, 109);
  assert.is(full.body.invoice.payments.length, 2);
  assert.is((await balance(c)).outstanding_balance, 0);
  assert.is((await t.admin.post('/api/invoices/999999/payments', { method: 'CASH', amount: 1 })).status, 404);
});

test('void: stock goes back, the invoice leaves the balance, twice is 409, credit-note payments block it', async () => {
  const p = await addProduct(t, 20, 10, 'Voidable Flat');
  const c = await addCustomer(t, 'Void Venture', 1000, 30);
  const inv = await creditSale(c, p, 3); // 65.40
  assert.is(stockOf(t, p), 7);
  assert.is((await balance(c)).outstanding_balance, 65.4);
  const noReason = await t.admin.post(`/api/invoices/${inv.id}/void`, {});
  assert.is(noReason.status, 400);
  const r = await t.admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Keyed the wrong customer' });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.invoice.payment_status, 'VOID');
  assert.is(r.body.invoice.void_reason, 'Keyed the wrong customer');
  assert.match(r.body.invoice.voided_at, /^\d{4}-/);
  assert.is(stockOf(t, p), 10);
  assert.is(ledgerSum(t, p), 10);
  const back = t.app.db.prepare("SELECT qty_delta, ref_id FROM inventory_stock_movement WHERE product_id = ? AND reason = 'VOID'").get(p) as any;
  assert.equal(back, { qty_delta: 3, ref_id: String(inv.id) });
  assert.is((await balance(c)).outstanding_balance, 0);
  const again = await t.admin.post(`/api/invoices/${inv.id}/void`, { reason: 'again' });
  assert.is(again.status, 409);
  const pay = await t.admin.post(`/api/invoices/${inv.id}/payments`, { method: 'CASH', amount: 1 });
  assert.is(pay.status, 409);

  // A credit note applied (as the credit-notes plugin will record it) blocks the void.
  const other = await creditSale(c, p, 1);
  t.app.db
    .prepare("INSERT INTO sales_payment (invoice_id, method, amount_cents, paid_at) VALUES (?, 'CREDIT_NOTE', 500, ?)")
    .run(other.id, new Date().toISOString());
  assert.is((await invoice(other.id)).payment_status, 'PARTIAL');
  const blocked = await t.admin.post(`/api/invoices/${other.id}/void`, { reason: 'try' });
  assert.is(blocked.status, 409);
  assert.is(blocked.body.error, 'Cannot void an invoice with returns or credit notes applied');
  assert.is(stockOf(t, p), 9);
  assert.is((await t.admin.post('/api/invoices/999999/void', { reason: 'x' })).status, 404);
});

test('overdue: a credit invoice past its due date marks the customer overdue; paying it clears that', async () => {
  const p = await addProduct(t, 10, 10);
  const c = await addCustomer(t, 'Late Payer', 500, 14);
  const old = checkout(
    t.app.db,
    { items: [{ productId: p, qty: 1 }], customerId: c },
    { userId: null, timeZone: 'Asia/Singapore', at: new Date(Date.now() - 20 * 86_400_000) },
  );
  const fresh = await creditSale(c, p, 1);
  let cust = await balance(c);
  assert.is(cust.overdue, true);
  assert.is(cust.outstanding_balance, 21.8);
  const listed = await t.admin.get(`/api/invoices?customerId=${c}`);
  assert.equal(
    listed.body.invoices.map((i: any) => i.id),
    [fresh.id, old.invoiceId],
  );
  await t.staff.post(`/api/customers/${c}/payments`, { method: 'CASH', amount: 10.9 });
  cust = await balance(c);
  assert.is(cust.overdue, false);
  assert.is(cust.outstanding_balance, 10.9);
  // Due today is not yet overdue.
  const c2 = await addCustomer(t, 'On Time', 500, 0);
  await creditSale(c2, p, 1);
  assert.is((await balance(c2)).overdue, false);
});

test('invoice list: newest first, filters, search, pagination', async () => {
  const p = await addProduct(t, 12, 30, 'Searchable Loafer');
  const c = await addCustomer(t, 'Zebra Listing Co', 1000, 30);
  const cash = (await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] })).body.invoice;
  const credit = await creditSale(c, p, 1);
  const nets = (await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }], payments: [{ method: 'NETS', amount: 13.08 }] })).body.invoice;
  const all = await t.admin.get('/api/invoices?pageSize=3');
  assert.is(all.status, 200);
  assert.equal(
    all.body.invoices.map((i: any) => i.id),
    [nets.id, credit.id, cash.id],
  );
  assert.is(all.body.pagination.page, 1);
  assert.is(all.body.pagination.pageSize, 3);
  assert.ok(all.body.pagination.total >= 3);
  assert.is(all.body.invoices[0].items, undefined);
  const unpaid = await t.admin.get('/api/invoices?status=UNPAID');
  assert.ok(unpaid.body.invoices.every((i: any) => i.payment_status === 'UNPAID'));
  assert.ok(unpaid.body.invoices.some((i: any) => i.id === credit.id));
  assert.equal(
    (await t.admin.get('/api/invoices?search=zebra listing')).body.invoices.map((i: any) => i.id),
    [credit.id],
  );
  assert.equal(
    (await t.admin.get(`/api/invoices?search=${cash.number}`)).body.invoices.map((i: any) => i.id),
    [cash.id],
  );
  const byProduct = await t.admin.get('/api/invoices?search=searchable loafer');
  assert.equal(
    byProduct.body.invoices.map((i: any) => i.id),
    [nets.id, credit.id, cash.id],
  );
  const card = await t.admin.get('/api/invoices?method=CARD&search=searchable');
  assert.equal(
    card.body.invoices.map((i: any) => i.id),
    [nets.id],
  );
  const page2 = await t.admin.get('/api/invoices?search=searchable&page=2&pageSize=2');
  assert.equal(
    page2.body.invoices.map((i: any) => i.id),
    [cash.id],
  );
  assert.is(page2.body.pagination.total, 3);
  assert.is((await t.admin.get('/api/invoices?from=2000-01-01&to=2000-01-31')).body.pagination.total, 0);
  assert.is((await t.admin.get('/api/invoices?status=')).status, 200);
  assert.is((await t.admin.get('/api/invoices?status=OPEN')).status, 400);
  assert.is((await t.admin.get('/api/invoices?pageSize=201')).status, 400);
  assert.is((await t.admin.get('/api/invoices?bogus=1')).status, 400);
  assert.is((await t.admin.get('/api/invoices/999999')).status, 404);
});

test('roles: USER gets 403 on invoice list, detail, payments and void; anonymous 401; USER may check out and print', async () => {
  const p = await addProduct(t, 10, 10);
  const inv = (await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] })).body.invoice;
  const before = salesCounts(t);
  assert.is((await t.staff.get('/api/invoices')).status, 403);
  assert.is((await t.staff.get(`/api/invoices/${inv.id}`)).status, 403);
  assert.is((await t.staff.post(`/api/invoices/${inv.id}/payments`, { method: 'CASH', amount: 1 })).status, 403);
  assert.is((await t.staff.post(`/api/invoices/${inv.id}/void`, { reason: 'x' })).status, 403);
  assert.is((await t.anon.get('/api/invoices')).status, 401);
  assert.is((await t.anon.get(`/api/invoices/${inv.id}`)).status, 401);
  assert.is((await t.anon.post(`/api/invoices/${inv.id}/payments`, { method: 'CASH', amount: 1 })).status, 401);
  assert.is((await t.anon.post(`/api/invoices/${inv.id}/void`, { reason: 'x' })).status, 401);
  assert.is((await t.anon.get(`/api/invoices/${inv.id}/pdf`)).status, 401);
  assert.is((await t.anon.get('/api/invoices/customer/1/outstanding-pdf')).status, 401);
  assert.equal(salesCounts(t), before);
  assert.is((await t.staff.get(`/api/invoices/${inv.id}/pdf`)).status, 200);
  assert.is((await t.admin.get(`/api/invoices/${inv.id}`)).status, 200);
});

test.run();
