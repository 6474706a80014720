// The till's receipts (#26.4) over real HTTP: a cashier lists only the sales of their till's open shift, voids one
// with a manager's approval typed in place (none: 403; a wrong one: 403 with the discount's text, counted like a
// sign-in; the owner's: 200, the approver recorded, the money paid back from this drawer on the X report, the stock
// back); another till's sale or an older shift's is 404, a till without an open shift 409, no till header 400.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { APPROVAL_FAILED } from '../../core/auth/manager-approval.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { VOID_APPROVAL_REQUIRED } from './till-receipts-routes.js';

let t: TestApp;
let h: HttpApp;
let shoe: number;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  const r = await h.admin.post('/api/products', { item_name: 'Samba OG', sku: 'SAMBA-42', size: '42', selling_price: 100, stock_qty: 50 });
  assert.is(r.status, 201, JSON.stringify(r.body));
  shoe = r.body.product.id;
});
test.after(async () => {
  await t.close();
});

const till = (name: string) => ({ 'x-kedai-till': name });
const OWNER = { username: 'admin', password: 'admin123' };
const stock = () => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(shoe) as number;
const invoiceCount = () => t.app.db.prepare("SELECT count(*) FROM sales_invoice WHERE payment_status = 'VOID'").pluck().get() as number;

const openShift = async (name: string) => {
  const r = await h.staff.post('/api/shifts', { till: name, opening_float: 100 });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.shift as { id: number };
};
/** A sale at a till ($109 a pair with GST): cash by default, or the payments given. */
const sell = async (name: string, qty = 1, payments?: object[]) => {
  const r = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty }], ...(payments ? { payments } : {}) }, till(name));
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body as { invoiceId: number; number: string };
};
const receipts = async (name: string) => {
  const r = await h.staff.get('/api/till/receipts', till(name));
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body as {
    till: string;
    shift_id: number;
    more: boolean;
    receipts: {
      id: number;
      number: string;
      payment_status: string;
      methods: string[];
      amount_due: number;
      amount_refunded: number;
      created_by: string;
      void_approved_by: string | null;
      void_reason: string | null;
    }[];
  };
};
const voidAt = (name: string, id: number, body: object, client = h.staff) => client.post(`/api/till/receipts/${id}/void`, body, till(name));

let old = 0; // Till 1's sale of its closed shift
let before = 0; // Till 1's sale with no shift open
let other = 0; // Till 2's sale of its open shift
let cash = 0;
let nets = 0;

test("USER lists only the sales of this till's open shift, newest first, with methods and totals", async () => {
  before = (await sell('Till 1')).invoiceId; // no shift open: not any shift's
  const first = await openShift('Till 1');
  old = (await sell('Till 1')).invoiceId;
  const closed = await h.staff.post(`/api/shifts/${first.id}/close`, { counted: { 100: 2, 10: 1, 1: 9 } }, till('Till 1'));
  assert.is(closed.status, 200, JSON.stringify(closed.body));
  const shift = await openShift('Till 1');
  await openShift('Till 2');
  other = (await sell('Till 2')).invoiceId;
  cash = (await sell('Till 1', 2)).invoiceId;
  nets = (await sell('Till 1', 1, [{ method: 'NETS', amount: 109 }])).invoiceId;

  const list = await receipts('Till 1');
  assert.is(list.till, 'Till 1');
  assert.is(list.shift_id, shift.id);
  assert.is(list.more, false);
  assert.equal(
    list.receipts.map((r) => r.id),
    [nets, cash],
  );
  assert.equal(
    list.receipts.map((r) => r.methods),
    [['NETS'], ['CASH']],
  );
  assert.equal(
    list.receipts.map((r) => r.amount_due),
    [109, 218],
  );
  assert.equal(
    list.receipts.map((r) => r.payment_status),
    ['PAID', 'PAID'],
  );
  assert.is(list.receipts[0].created_by, 'staff');
  assert.equal(
    (await receipts('Till 2')).receipts.map((r) => r.id),
    [other],
  );
  // The list uses the till's index on (till, created_at), not a scan of every invoice.
  const plan = t.app.db
    .prepare("EXPLAIN QUERY PLAN SELECT id FROM sales_invoice WHERE till = 'Till 1' AND created_at >= '2000' ORDER BY created_at DESC, id DESC")
    .all() as { detail: string }[];
  assert.match(plan.map((p) => p.detail).join(' | '), /USING (COVERING )?INDEX sales_invoice_till_created/);
});

test('no till header 400, a till without an open shift 409 NO_OPEN_SHIFT, not signed in 401', async () => {
  const none = await h.staff.get('/api/till/receipts');
  assert.is(none.status, 400);
  assert.match(none.body.error, /X-Kedai-Till/);
  const closedTill = await h.staff.get('/api/till/receipts', till('Till 7'));
  assert.is(closedTill.status, 409);
  assert.is(closedTill.body.code, 'NO_OPEN_SHIFT');
  assert.is((await h.anon.get('/api/till/receipts', till('Till 1'))).status, 401);
  assert.is((await voidAt('Till 7', cash, { reason: 'x', approval: OWNER })).status, 409);
  assert.is((await voidAt('Till 1', cash, { reason: 'x' }, h.anon)).status, 401);
});

test("USER void: no approval 403 APPROVAL_REQUIRED, a wrong one or a USER's own 403 with the discount's text; nothing voided", async () => {
  const voids = invoiceCount();
  const s = stock();
  const noApproval = await voidAt('Till 1', cash, { reason: 'Keyed twice' });
  assert.is(noApproval.status, 403);
  assert.is(noApproval.body.code, 'APPROVAL_REQUIRED');
  assert.is(noApproval.body.error, VOID_APPROVAL_REQUIRED);
  for (const approval of [
    { username: 'admin', password: 'wrong' },
    { username: 'staff', password: 'staff123' },
    { username: 'nobody', password: 'x' },
  ]) {
    const r = await voidAt('Till 1', cash, { reason: 'Keyed twice', approval });
    assert.is(r.status, 403, JSON.stringify(r.body));
    assert.is(r.body.error, APPROVAL_FAILED);
  }
  assert.is((await voidAt('Till 1', cash, { reason: '   ', approval: OWNER })).status, 400);
  assert.is((await voidAt('Till 1', cash, { reason: 'x', approval: OWNER, extra: 1 })).status, 400);
  assert.is(invoiceCount(), voids);
  assert.is(stock(), s);
});

test("another till's sale, an older shift's, one before any shift, an unknown id: 404, nothing voided", async () => {
  const voids = invoiceCount();
  for (const id of [other, old, before, 999999]) {
    const r = await voidAt('Till 1', id, { reason: 'Wrong till', approval: OWNER });
    assert.is(r.status, 404, `${id}: ${JSON.stringify(r.body)}`);
  }
  // The ADMIN too: the till's void is for the till's own shift (the back office voids anything).
  assert.is((await voidAt('Till 1', other, { reason: 'Wrong till' }, h.admin)).status, 404);
  assert.is(invoiceCount(), voids);
});

test("USER void with the owner's approval: voided, approver and reason recorded, paid back from this drawer, stock back", async () => {
  const s = stock();
  const xBefore = (await h.staff.get(`/api/shifts/${(await receipts('Till 1')).shift_id}/x-report`)).body.report;
  const r = await voidAt('Till 1', cash, { reason: ' Keyed twice ', approval: OWNER });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.payment_status, 'VOID');
  assert.is(inv.void_reason, 'Keyed twice');
  assert.is(inv.void_approved_by, 'admin');
  assert.equal(
    inv.refunds.map((x: { method: string; amount: number; created_by: string }) => [x.method, x.amount, x.created_by]),
    [['CASH', 218, 'staff']],
  );
  assert.is(stock(), s + 2);
  const row = t.app.db.prepare('SELECT voided_by, void_approved_by FROM sales_invoice WHERE id = ?').get(cash) as {
    voided_by: number;
    void_approved_by: number;
  };
  const id = (name: string) => t.app.db.prepare('SELECT id FROM core_user WHERE username = ?').pluck().get(name);
  assert.equal(row, { voided_by: id('staff'), void_approved_by: id('admin') });
  // The back office's invoice shows the approver too.
  assert.is((await h.admin.get(`/api/invoices/${cash}`)).body.invoice.void_approved_by, 'admin');

  // The X report: the cash paid back from this drawer, expected cash down by it.
  const x = (await h.staff.get(`/api/shifts/${(await receipts('Till 1')).shift_id}/x-report`)).body.report;
  assert.equal(
    x.refund_lines.map((l: { kind: string; method: string; amount: number; by: string }) => [l.kind, l.method, l.amount, l.by]),
    [['VOID_REFUND', 'CASH', 218, 'staff']],
  );
  assert.is(x.cash.cash_refunds, xBefore.cash.cash_refunds + 218);
  assert.is(x.cash.expected, xBefore.cash.expected - 218);

  // The list shows it VOID with what was paid back; a second void is 409.
  const listed = (await receipts('Till 1')).receipts.find((x2) => x2.id === cash)!;
  assert.equal([listed.payment_status, listed.amount_refunded, listed.void_approved_by, listed.void_reason], ['VOID', 218, 'admin', 'Keyed twice']);
  const again = await voidAt('Till 1', cash, { reason: 'Again', approval: OWNER });
  assert.is(again.status, 409);
  assert.is(again.body.code, 'ALREADY_VOID');
});

test('ADMIN at the till voids without an approval (none recorded); a NETS sale is paid back by NETS', async () => {
  const r = await voidAt('Till 1', nets, { reason: 'Customer changed mind' }, h.admin);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.invoice.void_approved_by, null);
  assert.equal(
    r.body.invoice.refunds.map((x: { method: string; amount: number }) => [x.method, x.amount]),
    [['NETS', 109]],
  );
});

test('wrong approvals count like failed sign-ins: the 10th in a row blocks even the right one (429)', async () => {
  const sale = (await sell('Till 1')).invoiceId;
  for (let i = 0; i < 10; i++) {
    const r = await voidAt('Till 1', sale, { reason: 'Guess', approval: { username: 'admin', password: `guess${i}` } });
    assert.ok(r.status === 403 || r.status === 429, JSON.stringify(r.body));
  }
  const blocked = await voidAt('Till 1', sale, { reason: 'Guess', approval: OWNER });
  assert.is(blocked.status, 429, JSON.stringify(blocked.body));
  assert.is((await receipts('Till 1')).receipts.find((x) => x.id === sale)!.payment_status, 'PAID');
});

test.run();
