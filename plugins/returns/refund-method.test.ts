// #17.4 refunds by method: CASH/NETS/PAYNOW pay money back (a sales refund row, no credit note) and show up
// as money out in end-of-day and in the till's shift; bad methods, references and unpaid goods write nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { cents, makeCustomer, makeProduct, sell, stockOf } from '../credit-notes/test-support.js';

let t: TestApp;
let shoe: number; // $59.90 -> $65.29 with GST
let sock: number; // $15.53 -> $16.93 with GST (a total that cash rounding moves)

test.before(async () => {
  t = await testApp();
  shoe = await makeProduct(t, 'Trail Runner', 59.9, 40);
  sock = await makeProduct(t, 'Odd Sock', 15.53, 40);
});
test.after(async () => {
  await t.close();
});

const till = (name: string) => ({ 'x-kedai-till': name });
const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const writes = () => ['returns_return', 'credit_notes_note', 'sales_refund', 'inventory_stock_movement'].map(count);
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());

test('CASH refund: no credit note, a sales_refund row at the till, the list shows the method, tiles split by method', async () => {
  const inv = await sell(t, [{ productId: shoe, qty: 2 }]);
  const notesBefore = count('credit_notes_note');
  const stockBefore = await stockOf(t, shoe);
  const r = await t.staff.post(
    '/api/returns',
    {
      invoice_id: inv.id,
      refund_method: 'CASH',
      items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Wrong Size' }],
    },
    till('Till 4'),
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.creditNote, null);
  assert.equal(r.body.refund, { method: 'CASH', reference: null, amount: 65.29, paid_out: 65.29, rounding: 0 });
  assert.is(r.body.returns[0].refund_method, 'CASH');
  assert.is(r.body.returns[0].credit_note_id, null);
  assert.is(count('credit_notes_note'), notesBefore);
  assert.is(await stockOf(t, shoe), stockBefore + 1);
  const row = t.app.db.prepare('SELECT method, amount_cents, till FROM sales_refund WHERE invoice_id = ?').get(inv.id);
  assert.equal(row, { method: 'CASH', amount_cents: 6529, till: 'Till 4' });

  const list = await t.staff.get(`/api/returns?search=${inv.number}`);
  assert.is(list.body.returns[0].refund_method, 'CASH');
  assert.equal(list.body.summary.refunds_by_method, { CASH: 65.29 });
  // The invoice shows the money paid back.
  assert.is((await t.admin.get(`/api/invoices/${inv.id}`)).body.invoice.amount_refunded, 65.29);
});

test('NETS and PAYNOW need a reference, which the return row keeps', async () => {
  const inv = await sell(t, [{ productId: shoe, qty: 2 }]);
  for (const method of ['NETS', 'PAYNOW']) {
    const before = writes();
    const bad = await t.staff.post('/api/returns', {
      invoice_id: inv.id,
      refund_method: method,
      items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
    });
    assert.is(bad.status, 400, JSON.stringify(bad.body));
    assert.is(bad.body.details.field, 'refund_reference');
    assert.equal(writes(), before);
  }
  const r = await t.staff.post('/api/returns', {
    invoice_id: inv.id,
    refund_method: 'PAYNOW',
    refund_reference: 'PN-7781',
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.returns[0].refund_method, 'PAYNOW');
  assert.is(r.body.returns[0].refund_reference, 'PN-7781');
  assert.is(r.body.refund.paid_out, 65.29);
  assert.equal(t.app.db.prepare('SELECT method, amount_cents FROM sales_refund WHERE invoice_id = ?').all(inv.id), [{ method: 'PAYNOW', amount_cents: 6529 }]);
});

test('bad input: unknown method, a reference on a credit note: 400 naming the field, nothing written', async () => {
  const inv = await sell(t, [{ productId: shoe, qty: 1 }]);
  const item = [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }];
  const cases: [unknown, string][] = [
    [{ invoice_id: inv.id, items: item, refund_method: 'CHEQUE' }, 'refund_method'],
    [{ invoice_id: inv.id, items: item, refund_method: 'CREDIT_NOTE', refund_reference: 'X1' }, 'refund_reference'],
  ];
  for (const [body, field] of cases) {
    const before = writes();
    const stock = await stockOf(t, shoe);
    const r = await t.staff.post('/api/returns', body);
    assert.is(r.status, 400, JSON.stringify(r.body));
    assert.ok(JSON.stringify(r.body).includes(field), `${field}: ${JSON.stringify(r.body)}`);
    assert.equal(writes(), before);
    assert.is(await stockOf(t, shoe), stock);
  }
});

test('goods bought on credit and not paid for come back to the account, never as money (#25)', async () => {
  const customer = await makeCustomer(t, 'Tan Ah Kow');
  const onCredit = await sell(t, [{ productId: shoe, qty: 1 }], { customerId: customer });
  const item = [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }];
  const refundsBefore = t.app.db.prepare('SELECT count(*) FROM sales_refund').pluck().get();
  const cash = await t.staff.post('/api/returns', { invoice_id: onCredit.id, items: item, refund_method: 'CASH' });
  assert.is(cash.status, 201, JSON.stringify(cash.body));
  assert.is(cash.body.refund, null, 'no money paid out');
  assert.is(t.app.db.prepare('SELECT count(*) FROM sales_refund').pluck().get(), refundsBefore);
  // The return's credit note went to the invoice: the customer owes nothing and holds no spendable note.
  assert.equal([cash.body.creditNote.status, cash.body.creditNote.available], ['USED', 0]);
  assert.is((await t.admin.get(`/api/customers/${customer}`)).body.customer.outstanding_balance, 0);
  assert.is((await t.admin.get(`/api/invoices/${onCredit.id}`)).body.invoice.payment_status, 'PAID');
});

test('money back never exceeds what was paid and not yet paid back on the invoice', async () => {
  const inv = await sell(t, [{ productId: shoe, qty: 2 }]);
  const one = await t.staff.post('/api/returns', {
    invoice_id: inv.id,
    refund_method: 'CASH',
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(one.status, 201);
  const two = await t.staff.post('/api/returns', {
    invoice_id: inv.id,
    refund_method: 'NETS',
    refund_reference: 'N-1',
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(two.status, 201, JSON.stringify(two.body));
  // The whole invoice came back in money: exactly its grand total, never a cent more.
  assert.is(t.app.db.prepare('SELECT sum(amount_cents) FROM sales_refund WHERE invoice_id = ?').pluck().get(inv.id), cents(inv.grand_total));
});

test("a cash refund is money out: end-of-day refunds and drawer, and the shift's expected cash at that till", async () => {
  const opened = await t.staff.post('/api/shifts', { till: 'Till 7', opening_float: 100 });
  assert.is(opened.status, 201, JSON.stringify(opened.body));
  const shiftId = opened.body.shift.id;
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 2 }] }, till('Till 7'));
  assert.is(sale.status, 201);
  const x = async () => (await t.staff.get(`/api/shifts/${shiftId}/x-report`)).body.report.cash;
  const eod = async () => (await t.admin.get(`/api/reports/end-of-day?date=${today()}`)).body;
  const before = await x();
  const dayBefore = await eod();
  assert.is(before.expected, 100 + 130.58);

  const r = await t.staff.post(
    '/api/returns',
    { invoice_id: sale.body.invoiceId, refund_method: 'CASH', items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Wrong Size' }] },
    till('Till 7'),
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  const after = await x();
  assert.is(after.cash_refunds, before.cash_refunds + 65.29);
  assert.is(cents(after.expected), cents(before.expected) - 6529);
  const dayAfter = await eod();
  assert.is(cents(dayAfter.cash.refunds), cents(dayBefore.cash.refunds) + 6529);
  assert.is(cents(dayAfter.cash.expected_in_drawer), cents(dayBefore.cash.expected_in_drawer) - 6529);
  assert.is(cents(dayAfter.refunds.CASH.amount), cents(dayBefore.refunds.CASH?.amount ?? 0) + 6529);
  // The sales report splits the day's refunds by method too.
  const rep = (await t.admin.get(`/api/reports/sales?type=daily&date=${today()}`)).body;
  assert.ok(cents(rep.refunds_by_method.CASH) >= 6529);
});

test('cash rounding on: a CASH refund pays out the rounded amount and records what was paid out; NETS is exact', async () => {
  const set = await t.admin.patch('/api/settings', { cash_rounding: true });
  assert.is(set.status, 200, JSON.stringify(set.body));
  try {
    const inv = await sell(t, [{ productId: sock, qty: 2 }]);
    // One sock: 15.53 + GST 1.40 = 16.93 -> 16.95 in cash.
    const r = await t.staff.post('/api/returns', {
      invoice_id: inv.id,
      refund_method: 'CASH',
      items: [{ product_id: sock, returned_qty: 1, return_reason: 'Defective' }],
    });
    assert.is(r.status, 201, JSON.stringify(r.body));
    assert.is(r.body.returns[0].refund_amount, 16.93);
    assert.equal(r.body.refund, { method: 'CASH', reference: null, amount: 16.93, paid_out: 16.95, rounding: 0.02 });
    assert.is(t.app.db.prepare('SELECT amount_cents FROM sales_refund WHERE invoice_id = ?').pluck().get(inv.id), 1695);
    const nets = await t.staff.post('/api/returns', {
      invoice_id: inv.id,
      refund_method: 'NETS',
      refund_reference: 'N-2',
      items: [{ product_id: sock, returned_qty: 1, return_reason: 'Defective' }],
    });
    assert.is(nets.status, 201, JSON.stringify(nets.body));
    assert.is(nets.body.refund.paid_out, nets.body.refund.amount);
  } finally {
    await t.admin.patch('/api/settings', { cash_rounding: false });
  }
});

test.run();
