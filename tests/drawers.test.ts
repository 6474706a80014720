// #25 drawers belong to tills, over real HTTP on a real port with a fake ESC/POS printer: a back-office void is
// paid from the till's open shift (not a shortage), or from the back office once that shift closed; a shift's cash
// moves only at its till; Z = end-of-day; require_open_shift; the drawer opens on a cash sale's first print only,
// and on purpose with a reason, both listed on the X report.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from './helpers/app.js';
import { listenHttp } from './helpers/http.js';
import type { Client as HttpClient } from './helpers/app.js';
import { startFakePrinter, type FakePrinter } from './helpers/fake-printer.js';

let t: TestApp;
let admin: HttpClient;
let staff: HttpClient;
let printer: FakePrinter;
let shoe: number;
const till = (name: string) => ({ 'x-kedai-till': name });
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);
const rows = () => ['sales_invoice', 'sales_payment', 'ledger_entry', 'returns_return'].map((x) => t.app.db.prepare(`SELECT count(*) FROM ${x}`).pluck().get());

async function openShift(name: string, float: number) {
  const r = await staff.post('/api/shifts', { till: name, opening_float: float }, till(name));
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.shift.id as number;
}
async function cashSale(name: string | null) {
  const r = await staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }] }, name ? till(name) : {});
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.invoice;
}

test.before(async () => {
  t = await testApp();
  ({ admin, staff } = await listenHttp(t));
  printer = await startFakePrinter();
  const p = await admin.post('/api/products', { item_name: 'Drawer Shoe', sku: 'DRAWER-42', size: '42', selling_price: 100, cost: 1, stock_qty: 100 });
  shoe = p.body.product.id;
});
test.after(async () => {
  await printer.close();
  await t.close();
});

test("a back-office void is paid from the till's open shift: no shortage, listed as a refund by the owner; Z = end-of-day", async () => {
  const shift = await openShift('Till 1', 100);
  const inv = await cashSale('Till 1');
  const v = await admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Customer changed mind' }); // no till: the back office
  assert.is(v.status, 200, JSON.stringify(v.body));
  const x = (await staff.get(`/api/shifts/${shift}/x-report`, till('Till 1'))).body.report;
  assert.equal(x.cash, { opening_float: 100, cash_sales: 109, cash_refunds: 109, pay_ins: 0, pay_outs: 0, expected: 100 });
  assert.equal(
    x.refund_lines.map((l: any) => [l.kind, l.method, l.amount, l.by]),
    [['VOID_REFUND', 'CASH', 109, 'admin']],
  );
  const z = await staff.post(`/api/shifts/${shift}/close`, { counted: { 100: 1 } }, till('Till 1'));
  assert.is(z.status, 200, JSON.stringify(z.body));
  assert.equal([z.body.report.count.expected, z.body.report.count.variance], [100, 0]);
  const eod = (await admin.get(`/api/reports/end-of-day?date=${today()}`)).body;
  assert.is(eod.cash.expected_in_drawer, z.body.report.count.expected, 'one till, one shift: Z = end-of-day');
  assert.equal([eod.cash.opening_floats, eod.cash.voided_cash_sales, eod.cash.refunds], [100, 109, 109]);
});

test('once that shift has closed, a back-office void is paid from the back office, on its own line of end-of-day', async () => {
  const shift = await openShift('Till 1', 50);
  const inv = await cashSale('Till 1');
  const z = await staff.post(`/api/shifts/${shift}/close`, { counted: { 100: 1, 50: 1, 5: 1, 1: 4 } }, till('Till 1'));
  assert.is(z.body.report.count.variance, 0);
  const before = (await admin.get(`/api/reports/end-of-day?date=${today()}`)).body;
  assert.is((await admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Faulty' })).status, 200);
  const after = (await admin.get(`/api/reports/end-of-day?date=${today()}`)).body;
  assert.equal([after.back_office.cash_paid_out, after.back_office.refunds.CASH.amount], [109, 109]);
  assert.is(after.cash.expected_in_drawer, before.cash.expected_in_drawer, 'the drawers are not touched');
  assert.is((await staff.get(`/api/shifts/${shift}/z-report`)).body.report.cash.expected, 159, 'the Z stays as counted');
  // Two shifts today on the one till: the day's drawer is their two Zs.
  assert.is(after.cash.expected_in_drawer, 100 + 159);
});

test("a shift's cash movements and close only at its till (409 naming it); an ADMIN closes a forgotten shift from the back office", async () => {
  const shift = await openShift('Till 1', 20);
  const before = rows();
  for (const headers of [till('Till 9'), {}]) {
    const pay = await staff.post(`/api/shifts/${shift}/cash-movements`, { kind: 'PAY_OUT', amount: 5, reason: 'Milk' }, headers);
    assert.is(pay.status, 409, JSON.stringify(pay.body));
    assert.match(pay.body.error, /Till 1/);
    assert.is((await staff.post(`/api/shifts/${shift}/close`, { counted: {} }, headers)).status, 409);
  }
  assert.is((await admin.post(`/api/shifts/${shift}/close`, { counted: {} }, till('Till 9'))).status, 409, 'not from another till');
  assert.equal(rows(), before);
  const pay = await staff.post(`/api/shifts/${shift}/cash-movements`, { kind: 'PAY_OUT', amount: 5, reason: 'Milk' }, till('Till 1'));
  assert.is(pay.status, 201, JSON.stringify(pay.body));
  const z = await admin.post(`/api/shifts/${shift}/close`, { counted: { 10: 1, 5: 1 } });
  assert.is(z.status, 200, JSON.stringify(z.body));
  assert.equal([z.body.report.shift.closed_by, z.body.report.count.expected, z.body.report.count.variance], ['admin', 15, 0]);
});

test('require_open_shift: a sale or a money refund at a till without an open shift is 409 NO_OPEN_SHIFT and writes nothing', async () => {
  const paid = await cashSale('Till 2');
  assert.is((await admin.patch('/api/settings', { require_open_shift: true })).status, 200);
  try {
    const before = rows();
    for (const headers of [till('Till 2'), {}]) {
      const r = await staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }] }, headers);
      assert.is(r.status, 409, JSON.stringify(r.body));
      assert.is(r.body.code, 'NO_OPEN_SHIFT');
    }
    const refund = await staff.post(
      '/api/returns',
      { invoice_id: paid.id, refund_method: 'CASH', items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }] },
      till('Till 2'),
    );
    assert.is(refund.status, 409, JSON.stringify(refund.body));
    assert.is(refund.body.code, 'NO_OPEN_SHIFT');
    assert.equal(rows(), before);
    const shift = await openShift('Till 2', 0);
    await cashSale('Till 2');
    assert.is((await staff.post(`/api/shifts/${shift}/close`, { counted: { 100: 1, 5: 1, 1: 4 } }, till('Till 2'))).status, 200);
  } finally {
    await admin.patch('/api/settings', { require_open_shift: false });
  }
});

test("the drawer opens on a cash sale's first print only (recorded); a reprint never; on purpose with a reason at a till; both on the X report", async () => {
  assert.is((await admin.patch('/api/settings', { receipt_printer: printer.address, open_drawer_on_cash: true })).status, 200);
  const shift = await openShift('Till 3', 0);
  const inv = await cashSale('Till 3');
  const first = await staff.post(`/api/invoices/${inv.id}/print`, {}, till('Till 3'));
  assert.is(first.status, 200, JSON.stringify(first.body));
  assert.is(first.body.drawer_opened, true);
  assert.ok((await printer.nextJob()).includes(KICK), 'the first print kicks the drawer');
  for (const body of [{}, { reprint: true }]) {
    const again = await staff.post(`/api/invoices/${inv.id}/print`, body, till('Till 3'));
    assert.is(again.body.drawer_opened, false, JSON.stringify(body));
    assert.ok(!(await printer.nextJob()).includes(KICK), 'no kick on a later print');
  }
  assert.is((await staff.post('/api/drawer/open', { reason: 'Change for a $50' })).status, 400, 'at a till only');
  const open = await staff.post('/api/drawer/open', { reason: 'Change for a $50' }, till('Till 3'));
  assert.is(open.status, 200, JSON.stringify(open.body));
  assert.ok((await printer.nextJob()).equals(KICK));
  const x = (await staff.get(`/api/shifts/${shift}/x-report`)).body.report;
  assert.equal(
    x.drawer_openings.map((o: any) => [o.by, o.reason, o.invoice_id]),
    [
      ['staff', `Cash sale ${inv.number}`, inv.id],
      ['staff', 'Change for a $50', null],
    ],
  );
});

test.run();
