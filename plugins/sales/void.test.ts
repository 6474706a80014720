// #13.5: voiding an invoice that has payments records the refund (method, amount, who, when) in the void's
// transaction. Payments stay on the day they were received in every report; the refund is money out on
// the day of the void, so every day's end-of-day drawer stays true after the fact.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pluginsNamed, testApp, type TestApp } from '../../tests/helpers/app.js';
import { localDate } from '../../core/clock.js';
import { checkout } from './actions/checkout.js';
import { recordCustomerPayment } from './actions/record-customer-payment.js';
import { voidInvoice } from './actions/void-invoice.js';
import { addCustomer, addProduct, rows, stockOf } from './test-support.js';
import { collectHooks, orderPlugins } from '../../core/plugin.js';
import { creditNotePaymentVoidCheck } from './void-checks.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t.close();
});

/** A Singapore wall-clock time as an instant. */
const sgt = (local: string) => new Date(`${local}:00+08:00`);
const eod = async (date: string) => {
  const r = await t.admin.get(`/api/reports/end-of-day?date=${date}`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body;
};
const customerOf = async (id: number) => (await t.admin.get(`/api/customers/${id}`)).body.customer;

test('credit sale $21.80, $10 paid, void: balance 0, the payment day keeps its $10, the void day shows a $10 refund', async () => {
  const p = await addProduct(t, 10, 10, 'Canvas Slip-on');
  const c = await addCustomer(t, 'Refund Rachel', 500, 30);
  const ctx = { userId: null, timeZone: t.app.config.timeZone };
  const sale = checkout(t.app.db, { items: [{ productId: p, qty: 2 }], customerId: c }, { ...ctx, at: sgt('2024-07-01T10:00') });
  recordCustomerPayment(t.app.db, c, { method: 'CASH', amount: 10 }, { userId: null, timeZone: 'Asia/Singapore', at: sgt('2024-07-02T15:00') });
  assert.is((await customerOf(c)).outstanding_balance, 11.8);
  const paidDayBefore = await eod('2024-07-02');
  assert.equal(paidDayBefore.payments_received, { CASH: { count: 1, amount: 10 } });
  assert.is(paidDayBefore.cash.expected_in_drawer, 10);
  const saleDayBefore = await eod('2024-07-01');
  const monthBefore = (await t.admin.get('/api/reports/sales?type=monthly&month=2024-07')).body;
  assert.equal(monthBefore.collections_by_method, { CASH: 10 });

  const r = await t.admin.post(`/api/invoices/${sale.invoiceId}/void`, { reason: 'Customer cancelled the order' });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.payment_status, 'VOID');
  assert.is(inv.amount_paid, 10);
  assert.is(inv.amount_refunded, 10);
  assert.is(inv.refunds.length, 1);
  assert.equal(
    [inv.refunds[0].method, inv.refunds[0].amount, inv.refunds[0].reason, inv.refunds[0].created_by],
    ['CASH', 10, 'Customer cancelled the order', 'admin'],
  );
  assert.is(inv.refunds[0].date, inv.voided_at);
  assert.is((await customerOf(c)).outstanding_balance, 0);
  assert.is(stockOf(t, p), 10);

  // The payment day: nothing changed after the fact.
  const paidDay = await eod('2024-07-02');
  assert.equal(paidDay.payments_received, paidDayBefore.payments_received);
  assert.is(paidDay.payments_received_total, 10);
  assert.equal(paidDay.cash, paidDayBefore.cash);
  assert.equal(paidDay.refunds, {});
  // The sale day: the sale leaves total_sales (docs/api.md: non-VOID invoices), nothing was taken at the till.
  const saleDay = await eod('2024-07-01');
  assert.is(saleDayBefore.total_sales, 21.8);
  assert.is(saleDay.total_sales, 0);
  assert.is(saleDay.void_total, 21.8);
  assert.equal(saleDay.cash, saleDayBefore.cash);
  // The month keeps the money received; the refund shows where it happened (today).
  const month = (await t.admin.get('/api/reports/sales?type=monthly&month=2024-07')).body;
  assert.equal(month.collections_by_method, { CASH: 10 });
  assert.equal(month.refunds_by_method, {});

  // The void day: $10 cash out, so the drawer balances.
  const today = localDate(new Date(), t.app.config.timeZone);
  const voidDay = await eod(today);
  assert.equal(voidDay.refunds, { CASH: { count: 1, amount: 10 } });
  assert.is(voidDay.refunds_total, 10);
  assert.is(voidDay.cash.refunds, 10);
  assert.is(voidDay.cash.expected_in_drawer, -10);
  const todayReport = (await t.admin.get(`/api/reports/sales?type=daily&date=${today}`)).body;
  assert.equal(todayReport.refunds_by_method, { CASH: 10 });
  assert.is(todayReport.refunds_total, 10);
});

test('a cash sale (PAID) stays voidable: sold and voided the same day the drawer nets to zero', async () => {
  const fresh = await testApp();
  try {
    const p = await addProduct(fresh, 50, 5, 'Cash Boot');
    const sold = await fresh.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }], tendered: 60 });
    assert.is(sold.status, 201);
    const today = localDate(new Date(), fresh.app.config.timeZone);
    const before = (await fresh.admin.get(`/api/reports/end-of-day?date=${today}`)).body;
    assert.is(before.cash.expected_in_drawer, 54.5);
    const v = await fresh.admin.post(`/api/invoices/${sold.body.invoiceId}/void`, { reason: 'Wrong size' });
    assert.is(v.status, 200, JSON.stringify(v.body));
    assert.equal(
      v.body.invoice.refunds.map((r: any) => [r.method, r.amount]),
      [['CASH', 54.5]],
    );
    const after = (await fresh.admin.get(`/api/reports/end-of-day?date=${today}`)).body;
    assert.equal(after.cash, {
      tendered: 0,
      change_given: 0,
      cash_sales: 0,
      voided_cash_sales: 54.5,
      customer_payments: 0,
      refunds: 54.5,
      expected_in_drawer: 0,
      opening_floats: 0,
      pay_ins: 0,
      pay_outs: 0,
    });
    assert.is(after.total_sales, 0);
    assert.equal(after.voided_sales_received, { CASH: { count: 1, amount: 54.5 } });
  } finally {
    await fresh.close();
  }
});

test('a mixed sale is refunded by each method it was paid with; an unpaid credit sale voids with no refund', async () => {
  const p = await addProduct(t, 100, 10, 'Mixed Runner');
  const mixed = await t.staff.post('/api/checkout', {
    items: [{ productId: p, qty: 1 }],
    payments: [
      { method: 'NETS', amount: 60 },
      { method: 'PAYNOW', amount: 49 },
    ],
  });
  assert.is(mixed.status, 201, JSON.stringify(mixed.body));
  const v = await t.admin.post(`/api/invoices/${mixed.body.invoiceId}/void`, { reason: 'Test' });
  assert.equal(
    v.body.invoice.refunds.map((r: any) => [r.method, r.amount]),
    [
      ['NETS', 60],
      ['PAYNOW', 49],
    ],
  );

  const c = await addCustomer(t, 'Unpaid Uma', 500, 30);
  const credit = await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }], customerId: c });
  const refundsBefore = rows(t, 'sales_refund');
  const v2 = await t.admin.post(`/api/invoices/${credit.body.invoiceId}/void`, { reason: 'Test' });
  assert.is(v2.status, 200);
  assert.equal(v2.body.invoice.refunds, []);
  assert.is(rows(t, 'sales_refund'), refundsBefore);
});

test('a refused void writes no refund; refunds are immutable', async () => {
  const p = await addProduct(t, 20, 5, 'Refused Sandal');
  const sold = await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] });
  voidInvoice(t.app.db, sold.body.invoiceId, 'first', { userId: null, timeZone: 'Asia/Singapore' });
  const before = rows(t, 'sales_refund');
  const again = await t.admin.post(`/api/invoices/${sold.body.invoiceId}/void`, { reason: 'again' });
  assert.is(again.status, 409);
  assert.is(rows(t, 'sales_refund'), before);
  assert.throws(() => t.app.db.prepare('UPDATE sales_refund SET amount_cents = 1').run(), /immutable/);
});

// With every plugin: tests/plugin-hooks.test.ts (it names the credit-notes and returns checks).
test("void checks come from the manifests of the app's own plugins: none from a plugin left out", async () => {
  const salesOnly = pluginsNamed('ledger', 'inventory', 'customers', 'paynow', 'sales');
  assert.equal(collectHooks(orderPlugins(salesOnly)).voidChecks, [creditNotePaymentVoidCheck]);

  // A sales-only app has no returns or credit-notes tables, and its void asks nothing of them.
  const solo = await testApp({ plugins: salesOnly });
  try {
    assert.equal(solo.app.pluginHooks.voidChecks, [creditNotePaymentVoidCheck]);
    const p = await addProduct(solo, 30, 3, 'Solo Sneaker');
    const sold = await solo.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] });
    const v = await solo.admin.post(`/api/invoices/${sold.body.invoiceId}/void`, { reason: 'Solo' });
    assert.is(v.status, 200, JSON.stringify(v.body));
    assert.is(stockOf(solo, p), 3);
  } finally {
    await solo.close();
  }
});

test.run();
