// #16 items 6 and 7 through the API: staff discounts above the shop's limit need an active ADMIN's approval
// (checked like a sign-in and counted by the login rate limiter); named customers pay CASH/NETS without credit.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { addCustomer, addProduct, salesCounts, stockOf } from './test-support.js';

let t: TestApp;
let shoe = 0;
test.before(async () => {
  t = await testApp();
  shoe = await addProduct(t, 100, 1000, 'Court Classic');
});
test.after(async () => {
  await t.close();
});

const OWNER = { username: 'admin', password: 'admin123' };

test('max_staff_discount_percent defaults to 10 and is an ADMIN setting, 0..100', async () => {
  assert.is((await t.staff.get('/api/settings')).body.settings.max_staff_discount_percent, 10);
  assert.is((await t.staff.patch('/api/settings', { max_staff_discount_percent: 50 })).status, 403);
  assert.is((await t.admin.patch('/api/settings', { max_staff_discount_percent: 101 })).status, 400);
  assert.is((await t.admin.patch('/api/settings', { max_staff_discount_percent: -1 })).status, 400);
  const ok = await t.admin.patch('/api/settings', { max_staff_discount_percent: 12.5 });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is(ok.body.settings.max_staff_discount_percent, 12.5);
  assert.is((await t.admin.patch('/api/settings', { max_staff_discount_percent: 10 })).body.settings.max_staff_discount_percent, 10);
});

test('staff: up to the limit passes (line $ + sale %), above it is 403 APPROVAL_REQUIRED and writes nothing', async () => {
  // $5 off the line and 5% of the rest: 5 + 9.75 = 14.75 of 200 = 7.4%.
  const ok = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 2, discount: 5 }], invoiceDiscount: 5 });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(ok.body.invoice.discount_total, 14.75);
  assert.is(ok.body.invoice.discount_approved_by, null);
  // Exactly 10% is allowed.
  assert.is((await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 10 })).status, 201);
  const before = salesCounts(t);
  const stock = stockOf(t, shoe);
  const r = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 20 });
  assert.is(r.status, 403);
  assert.is(r.body.code, 'APPROVAL_REQUIRED');
  assert.is(r.body.error, "Discount above 10% needs a manager's approval");
  // Line discounts count too, as a dollar amount.
  const line = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1, discount: 10.01 }] });
  assert.is(line.status, 403);
  assert.is(line.body.code, 'APPROVAL_REQUIRED');
  // A sale discount in dollars.
  const amount = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscountAmount: 25 });
  assert.is(amount.status, 403);
  assert.equal(salesCounts(t), before);
  assert.is(stockOf(t, shoe), stock);
});

test('ADMIN sales need no approval; a $ sale discount is recorded as an amount', async () => {
  const r = await t.admin.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscountAmount: 25 });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.invoice.invoice_discount, 25);
  assert.is(r.body.invoice.invoice_discount_percent, 0);
  assert.is(r.body.invoice.subtotal, 100);
  assert.is(r.body.invoice.grand_total, 81.75); // 75 + 6.75 GST
  assert.is(r.body.invoice.discount_approved_by, null);
  const both = await t.admin.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 5, invoiceDiscountAmount: 5 });
  assert.is(both.status, 400);
});

test('approved by the owner: the invoice records the discount, the seller, the approver and the reason', async () => {
  const noReason = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 20, approval: OWNER });
  assert.is(noReason.status, 400);
  assert.is(noReason.body.details?.field, 'discountReason');
  const r = await t.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    invoiceDiscount: 20,
    discountReason: ' Regular customer ',
    approval: OWNER,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.discount_total, 20);
  assert.is(inv.created_by, 'staff');
  assert.is(inv.discount_approved_by, 'admin');
  assert.is(inv.discount_reason, 'Regular customer');
  const stored = (await t.admin.get(`/api/invoices/${inv.id}`)).body.invoice;
  assert.is(stored.discount_approved_by, 'admin');
  assert.is(stored.discount_reason, 'Regular customer');
  const row = t.app.db.prepare('SELECT discount_approved_by, created_by, request_hash FROM sales_invoice WHERE id = ?').get(inv.id) as any;
  const ids = Object.fromEntries((t.app.db.prepare('SELECT username, id FROM core_user').all() as any[]).map((u) => [u.username, u.id]));
  assert.is(row.discount_approved_by, ids.admin);
  assert.is(row.created_by, ids.staff);
});

test('wrong password, a staff approver and a disabled admin are all 403, and nothing is written', async () => {
  const made = await t.admin.post('/api/users', { username: 'oldboss', password: 'Oldboss-pass-1', role: 'ADMIN' });
  assert.is(made.status, 201, JSON.stringify(made.body));
  assert.is((await t.admin.patch(`/api/users/${made.body.user.id}`, { active: false })).status, 200);
  const before = salesCounts(t);
  for (const approval of [
    { username: 'admin', password: 'wrong-one' },
    { username: 'staff', password: 'staff123' },
    { username: 'oldboss', password: 'Oldboss-pass-1' },
    { username: 'nobody', password: 'whatever' },
  ]) {
    const r = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 20, discountReason: 'x', approval });
    assert.is(r.status, 403, `${approval.username}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.code, 'FORBIDDEN');
  }
  assert.equal(salesCounts(t), before);
});

test('a named customer without credit pays CASH (with change) or NETS with the approval code: PAID, on their name', async () => {
  const walkInOnly = await addCustomer(t, 'Siti Rahmah', 0, 0);
  const cash = await t.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    customerId: walkInOnly,
    payments: [{ method: 'CASH', amount: 109 }],
    tendered: 150,
  });
  assert.is(cash.status, 201, JSON.stringify(cash.body));
  assert.is(cash.body.invoice.payment_status, 'PAID');
  assert.is(cash.body.invoice.payment_method, 'CASH');
  assert.is(cash.body.invoice.customer.id, walkInOnly);
  assert.is(cash.body.invoice.change, 41);
  assert.is(cash.body.invoice.due_date, null);
  const nets = await t.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    customerId: walkInOnly,
    payments: [{ method: 'NETS', amount: 109, reference: '123456' }],
  });
  assert.is(nets.status, 201, JSON.stringify(nets.body));
  assert.is(nets.body.invoice.payment_status, 'PAID');
  assert.is(nets.body.invoice.payment_method, 'NETS');
  assert.equal(
    nets.body.invoice.payments.map((p: any) => [p.method, p.amount, p.reference]),
    [['NETS', 109, '123456']],
  );
  const customer = (await t.staff.get(`/api/customers/${walkInOnly}`)).body.customer;
  assert.is(customer.outstanding_balance, 0);
  // Credit is still refused for them (limit 0).
  const credit = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], customerId: walkInOnly });
  assert.is(credit.status, 409);
});

// Last: it leaves this address rate-limited.
test('approval failures count toward the login rate limit: after 10, 429 even with the right password', async () => {
  // 4 failures in the test above + 6 here = 10 from this address.
  for (let i = 0; i < 6; i++) {
    const r = await t.staff.post('/api/checkout', {
      items: [{ productId: shoe, qty: 1 }],
      invoiceDiscount: 20,
      discountReason: 'x',
      approval: { username: 'admin', password: `bad-${i}` },
    });
    assert.is(r.status, 403);
  }
  const r = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 20, discountReason: 'x', approval: OWNER });
  assert.is(r.status, 429, JSON.stringify(r.body));
  // The same counter guards sign-in.
  assert.is((await t.anon.post('/api/auth/login', OWNER)).status, 429);
});

test.run();
