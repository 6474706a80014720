// Shifts through the real app: open (one per till), two tills at once each with its own cash, pay-ins and
// pay-outs, refunds at a void, customer payments, the close's count and variance, X and Z reports, the 80 mm
// PDF read back, roles, the X-Kedai-Till header on sales, and bad input that writes nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { pdfText } from '../../core/pdf/pdf-text.js';
import { DENOMINATIONS, denominationOf } from './denominations.js';

let t: TestApp;
let shoe: number;

test.before(async () => {
  t = await testApp();
  const r = await t.admin.post('/api/products', { item_name: 'Samba OG', sku: 'SAMBA-42', size: '42', selling_price: 100, stock_qty: 100 });
  assert.is(r.status, 201, JSON.stringify(r.body));
  shoe = r.body.product.id;
});
test.after(async () => {
  await t.close();
});

const till = (name: string) => ({ 'x-kedai-till': name });
const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const writes = () =>
  ['shifts_shift', 'shifts_cash_movement', 'shifts_count', 'sales_invoice', 'sales_payment', 'sales_refund']
    .map(count)
    .concat(t.app.db.prepare("SELECT count(*) FROM shifts_shift WHERE status = 'CLOSED'").pluck().get() as number);
const open = async (name: string, float: number) => {
  const r = await t.staff.post('/api/shifts', { till: name, opening_float: float });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.shift;
};
/** A cash sale of `qty` shoes ($109 each with GST) at a till. */
const cashSale = async (name: string, qty = 1, tendered?: number) => {
  const r = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty }], ...(tendered ? { tendered } : {}) }, till(name));
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body;
};

test('denominations: S$ notes and coins, labels, "0.5" is the 50 cent coin', () => {
  assert.equal(
    DENOMINATIONS.map((d) => d.cents),
    [100000, 10000, 5000, 1000, 500, 200, 100, 50, 20, 10, 5],
  );
  assert.equal(DENOMINATIONS.map((d) => d.label).slice(2, 3), ['S$50 notes']);
  assert.is(denominationOf('0.20')?.label, '20¢ coins');
  assert.is(denominationOf('0.5')?.cents, 50);
  assert.is(denominationOf('0.50')?.cents, 50);
  assert.is(denominationOf('20'), undefined);
});

test('the till header is stamped on the invoice and its payment; a bad one is 400 and writes nothing', async () => {
  const sale = await cashSale('Till 9');
  const row = t.app.db
    .prepare('SELECT i.till AS invoice_till, p.till AS payment_till FROM sales_invoice i JOIN sales_payment p ON p.invoice_id = i.id WHERE i.id = ?')
    .get(sale.invoiceId);
  assert.equal(row, { invoice_till: 'Till 9', payment_till: 'Till 9' });
  const before = writes();
  for (const bad of ['x'.repeat(41), ' Till 1', 'Till 1 ', 'Kasse Ü']) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { authorization: `Bearer ${t.staff.token}`, 'x-kedai-till': bad },
      payload: { items: [{ productId: shoe, qty: 1 }] },
    });
    assert.is(r.statusCode, 400, `${JSON.stringify(bad)}: ${r.body}`);
    assert.match(r.json().error, /X-Kedai-Till/);
  }
  assert.equal(writes(), before);
  const none = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }] });
  assert.is(t.app.db.prepare('SELECT till FROM sales_invoice WHERE id = ?').pluck().get(none.body.invoiceId), null, 'no header: no till');
});

test('open: one OPEN shift per till (409), current per till, other tills unaffected', async () => {
  const s = await open('Till 1', 100);
  assert.is(s.status, 'OPEN');
  assert.is(s.opening_float, 100);
  assert.is(s.opened_by, 'staff');
  const again = await t.admin.post('/api/shifts', { till: 'Till 1', opening_float: 50 });
  assert.is(again.status, 409);
  assert.is(again.body.error, 'Till 1 already has an open shift. Close it first.');
  assert.is((await t.staff.get('/api/shifts/current?till=Till%201')).body.shift.id, s.id);
  assert.is((await t.staff.get('/api/shifts/current?till=Till%202')).body.shift, null);
});

test('two tills at once: each shift counts only its own cash; pay in/out; customer payment; refund at a void', async () => {
  const one = (await t.staff.get('/api/shifts/current?till=Till%201')).body.shift;
  const two = await open('Till 2', 50);
  await cashSale('Till 1', 1, 200); // $109, tendered $200, change $91: the drawer keeps $109
  await cashSale('Till 2', 2); // $218
  await cashSale('Till 1', 1);
  const nets = await t.staff.post(
    '/api/checkout',
    { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'NETS', amount: 109, reference: 'APPR-1' }] },
    till('Till 2'),
  );
  assert.is(nets.status, 201);
  // A credit customer buys on account at Till 1 and later pays $20 cash there.
  const c = await t.admin.post('/api/customers', { name: 'Tan Trading', credit_limit: 1000, credit_terms_days: 30 });
  assert.is((await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], customerId: c.body.customer.id }, till('Till 1'))).status, 201);
  assert.is((await t.staff.post(`/api/customers/${c.body.customer.id}/payments`, { method: 'CASH', amount: 20 }, till('Till 1'))).status, 201);
  // Pay in and out at Till 2.
  let r = await t.staff.post(`/api/shifts/${two.id}/cash-movements`, { kind: 'PAY_IN', amount: 30, reason: 'Change from the bank' }, till('Till 2'));
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.expected_cash, 50 + 218 + 30);
  r = await t.staff.post(`/api/shifts/${two.id}/cash-movements`, { kind: 'PAY_OUT', amount: 5, reason: 'Milk for the pantry' }, till('Till 2'));
  assert.is(r.status, 201);
  assert.is(r.body.movement.reason, 'Milk for the pantry');
  assert.is(r.body.expected_cash, 293);
  // The owner voids Till 2's first cash sale at Till 2: $218 goes back out of that drawer.
  const sale2 = t.app.db.prepare("SELECT id FROM sales_invoice WHERE till = 'Till 2' AND payment_method = 'CASH' ORDER BY id LIMIT 1").pluck().get() as number;
  assert.is((await t.admin.post(`/api/invoices/${sale2}/void`, { reason: 'Rung up twice' }, till('Till 2'))).status, 200);
  assert.is(t.app.db.prepare('SELECT till FROM sales_refund WHERE invoice_id = ?').pluck().get(sale2), 'Till 2');

  const x1 = (await t.staff.get(`/api/shifts/${one.id}/x-report`)).body.report;
  assert.is(x1.kind, 'X');
  assert.equal(x1.cash, { opening_float: 100, cash_sales: 109 + 109 + 20, cash_refunds: 0, pay_ins: 0, pay_outs: 0, expected: 338 });
  assert.equal(x1.takings, [
    { method: 'CASH', count: 3, amount: 238 },
    { method: 'CREDIT', count: 1, amount: 109 },
  ]);
  assert.equal(x1.sales, { invoice_count: 3, total: 327, rounding: 0, credit_notes_taken: 0 });
  const x2 = (await t.staff.get(`/api/shifts/${two.id}/x-report`)).body.report;
  assert.equal(x2.cash, { opening_float: 50, cash_sales: 218, cash_refunds: 218, pay_ins: 30, pay_outs: 5, expected: 75 });
  assert.equal(x2.takings, [
    { method: 'CASH', count: 1, amount: 218 },
    { method: 'NETS', count: 1, amount: 109 },
  ]);
  assert.equal(x2.refunds, [{ method: 'CASH', count: 1, amount: 218 }]);
  assert.equal(
    x2.movements.map((m: { kind: string; amount: number }) => [m.kind, m.amount]),
    [
      ['PAY_IN', 30],
      ['PAY_OUT', 5],
    ],
  );
  assert.is(x2.count, null);
});

test('a pay-out above the drawer, or on a closed shift, is refused and writes nothing', async () => {
  const two = (await t.staff.get('/api/shifts/current?till=Till%202')).body.shift;
  const before = writes();
  const r = await t.staff.post(`/api/shifts/${two.id}/cash-movements`, { kind: 'PAY_OUT', amount: 75.01, reason: 'Too much' }, till('Till 2'));
  assert.is(r.status, 409);
  assert.match(r.body.error, /more than the \$75\.00/);
  for (const body of [
    { kind: 'PAY_OUT', amount: 5, reason: '   ' },
    { kind: 'PAY_OUT', amount: 0, reason: 'x' },
    { kind: 'TAKE', amount: 1, reason: 'x' },
    { kind: 'PAY_IN', amount: 1.005, reason: 'x' },
  ]) {
    const bad = await t.staff.post(`/api/shifts/${two.id}/cash-movements`, body, till('Till 2'));
    assert.is(bad.status, 400, JSON.stringify(body));
  }
  assert.is((await t.staff.post('/api/shifts/99999/cash-movements', { kind: 'PAY_IN', amount: 1, reason: 'x' })).status, 404);
  assert.equal(writes(), before);
});

test('close: count by denomination, variance kept; Z only when closed; closing twice is 409', async () => {
  const one = (await t.staff.get('/api/shifts/current?till=Till%201')).body.shift;
  const z409 = await t.admin.get(`/api/shifts/${one.id}/z-report`);
  assert.is(z409.status, 409, 'no Z while open');
  const before = writes();
  for (const counted of [{ 20: 1 }, { 50: -1 }, { 50: 1.5 }, { '0.5': 1, '0.50': 1 }, { S$50: 1 }]) {
    const bad = await t.staff.post(`/api/shifts/${one.id}/close`, { counted }, till('Till 1'));
    assert.is(bad.status, 400, `${JSON.stringify(counted)}: ${JSON.stringify(bad.body)}`);
  }
  assert.equal(writes(), before, 'bad counts write nothing');
  // Expected $338.00; counted 3 x $100 + 3 x $10 + 1 x $5 + 2 x $1 + 1 x 50c = $337.50: short by 50 cents.
  const r = await t.staff.post(
    `/api/shifts/${one.id}/close`,
    { counted: { 100: 3, 10: 3, 5: 1, 1: 2, '0.50': 1, '0.05': 0 }, notes: 'Short 50c' },
    till('Till 1'),
  );
  assert.is(r.status, 200, JSON.stringify(r.body));
  const z = r.body.report;
  assert.is(z.kind, 'Z');
  assert.equal([z.shift.status, z.shift.counted, z.shift.expected, z.shift.variance, z.shift.closed_by], ['CLOSED', 337.5, 338, -0.5, 'staff']);
  assert.equal(
    z.count.lines.filter((l: { qty: number }) => l.qty > 0).map((l: { label: string; qty: number; amount: number }) => [l.label, l.qty, l.amount]),
    [
      ['S$100 notes', 3, 300],
      ['S$10 notes', 3, 30],
      ['S$5 notes', 1, 5],
      ['S$1 coins', 2, 2],
      ['50¢ coins', 1, 0.5],
    ],
  );
  assert.is((await t.staff.post(`/api/shifts/${one.id}/close`, { counted: {} }, till('Till 1'))).status, 409);
  // After the close, Till 1's sales belong to no shift: the Z stays as counted.
  await cashSale('Till 1');
  const again = (await t.staff.get(`/api/shifts/${one.id}/z-report`)).body.report;
  assert.equal(again.cash.expected, 338);
  assert.equal(again.takings, z.takings);
  assert.is(again.count.variance, -0.5);
  // The till can open a new shift now; its first sale is not the old shift's.
  const next = await open('Till 1', 100);
  assert.is((await t.staff.get(`/api/shifts/${next.id}/x-report`)).body.report.cash.cash_sales, 0);
  assert.is(
    (await t.staff.post(`/api/shifts/${one.id}/cash-movements`, { kind: 'PAY_IN', amount: 1, reason: 'late' }, till('Till 1'))).status,
    409,
    'closed shift takes no pay-in',
  );
});

test('the shift list is ADMIN; its rows carry the variance', async () => {
  assert.is((await t.staff.get('/api/shifts')).status, 403);
  const r = await t.admin.get('/api/shifts?status=CLOSED');
  assert.is(r.status, 200);
  assert.is(r.body.pagination.total, 1);
  assert.equal([r.body.shifts[0].till, r.body.shifts[0].variance], ['Till 1', -0.5]);
  assert.is((await t.admin.get('/api/shifts?till=Till%202')).body.shifts[0].status, 'OPEN');
});

test('report.pdf: an 80 mm page with the Z figures, read back', async () => {
  const closed = (await t.admin.get('/api/shifts?status=CLOSED')).body.shifts[0];
  const r = await t.staff.get(`/api/shifts/${closed.id}/report.pdf`);
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), /application\/pdf/);
  const { text, pages } = await pdfText(r.raw);
  assert.is(Math.round(pages[0].width), 226, '80 mm wide');
  for (const s of [
    'Z Report',
    'Till 1',
    'Opening float $100.00',
    'Cash sales $238.00',
    'Expected cash $338.00',
    'Credit (on account) (1) $109.00',
    'S$100 notes x 3 $300.00',
    '50¢ coins x 1 $0.50',
    'Counted cash $337.50',
    'Variance (short) -$0.50',
    'Note: Short 50c',
  ]) {
    assert.ok(text.includes(s), `PDF has "${s}": ${text}`);
  }
  const open2 = (await t.staff.get('/api/shifts/current?till=Till%202')).body.shift;
  const x = await pdfText((await t.staff.get(`/api/shifts/${open2.id}/report.pdf`)).raw);
  for (const s of ['X Report', 'Pay-outs -$5.00', 'Out: Milk for the pantry -$5.00', 'Cash refunds -$218.00', 'Expected cash $75.00'])
    assert.ok(x.text.includes(s), `X PDF has "${s}": ${x.text}`);
  assert.is((await t.staff.get('/api/shifts/99999/report.pdf')).status, 404);
});

test('bad open requests are 400 and write nothing', async () => {
  const before = writes();
  for (const body of [
    { till: '', opening_float: 10 },
    { till: 'x'.repeat(41), opening_float: 10 },
    { till: 'Till\n3', opening_float: 10 },
    { till: 'Till 3', opening_float: -1 },
    { till: 'Till 3', opening_float: 1.001 },
    { till: 'Till 3' },
    { till: 'Till 3', opening_float: 10, extra: 1 },
  ]) {
    const r = await t.staff.post('/api/shifts', body);
    assert.is(r.status, 400, JSON.stringify(body));
  }
  assert.is((await t.staff.get('/api/shifts/current')).status, 400, 'till is required');
  assert.equal(writes(), before);
});

test.run();
