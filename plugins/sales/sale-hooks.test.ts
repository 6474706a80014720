// #29 over real HTTP: a test plugin that declares `saleRecorded`, `returnRecorded` and `saleVoided` in its manifest
// (the extension points loyalty points are built on) and nothing in sales or returns: the sale hook sees exactly the
// figures written, in the sale's transaction (a refusal writes nothing at all: no invoice, stock or ledger rows), its
// reply key is in the checkout reply and recalled on an idempotent replay (never recorded twice); a return and an
// exchange hand their lines and refund split to returnRecorded; a void hands the voided sale to saleVoided.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { conflict } from '../../core/errors.js';
import { migration } from '../../core/migrate.js';
import { Type } from 'typebox';
import { collectHooks, defineCharge, definePlugin, type RecordedReturn, type RecordedSale, type VoidedSale } from '../../core/plugin.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { addProduct, rows, salesCounts, stockOf } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let shoe: number;
let sock: number;
const sales: RecordedSale[] = [];
const returns: RecordedReturn[] = [];
const voids: VoidedSale[] = [];
let refuse = false;
let refuseVoid = false;

/** Points: one per whole dollar of the sale not paid with points; a return or a void takes back what its value earned. */
const points = (db: TestApp['app']['db'], invoiceId: number) =>
  db.prepare('SELECT ifnull(sum(points), 0) FROM test_hook_points WHERE invoice_id = ?').pluck().get(invoiceId) as number;

const testHooks = definePlugin({
  name: 'test-hooks',
  dependsOn: ['sales', 'returns'],
  migrations: [
    migration(
      '001-points',
      'CREATE TABLE test_hook_points (id INTEGER PRIMARY KEY, invoice_id INTEGER NOT NULL, kind TEXT NOT NULL, points INTEGER NOT NULL);',
    ),
  ],
  tenders: {
    TEST_POINTS: (_db, r) => {
      r.recordPayment(null);
    },
  },
  saleRecorded: [
    {
      replyKey: 'test_points',
      record: (db, sale) => {
        sales.push(sale);
        if (refuse) throw conflict('TEST_REFUSED', 'The test plugin refuses this sale');
        const earned = Math.floor((sale.grandTotalCents - (sale.paidByMethod.TEST_POINTS ?? 0)) / 100);
        db.prepare("INSERT INTO test_hook_points (invoice_id, kind, points) VALUES (?, 'EARN', ?)").run(sale.invoiceId, earned);
        return { earned, balance: points(db, sale.invoiceId) };
      },
      recall: (db, sale) => {
        const earned = db.prepare("SELECT points FROM test_hook_points WHERE invoice_id = ? AND kind = 'EARN'").pluck().get(sale.invoiceId);
        return { earned, balance: points(db, sale.invoiceId), recalled: true };
      },
    },
  ],
  returnRecorded: [
    (db, ret) => {
      returns.push(ret);
      db.prepare("INSERT INTO test_hook_points (invoice_id, kind, points) VALUES (?, 'REVERSE', ?)").run(ret.invoiceId, -Math.floor(ret.refundCents / 100));
    },
  ],
  saleVoided: [
    (db, sale) => {
      voids.push(sale);
      if (refuseVoid) throw conflict('TEST_REFUSED', 'The test plugin refuses this void');
      db.prepare("INSERT INTO test_hook_points (invoice_id, kind, points) VALUES (?, 'VOID', ?)").run(sale.invoiceId, -points(db, sale.invoiceId));
    },
  ],
});

test.before(async () => {
  t = await testApp({ morePlugins: [testHooks] });
  h = await listenHttp(t);
  shoe = await addProduct(t, 100, 50, 'Hook Runner');
  sock = await addProduct(t, 8, 50, 'Hook Socks');
});
test.after(async () => {
  await t.close();
});

const ledgerRows = () => rows(t, 'ledger_entry');

test('saleRecorded sees the sale as written (payments by method incl. a plugin tender) and its reply key is in the reply', async () => {
  // 2 x $100 + 1 x $8 = $208 + 9% GST = $226.72: $10.00 in test points, $216.72 cash.
  const r = await h.staff.post(
    '/api/checkout',
    {
      items: [
        { productId: shoe, qty: 2 },
        { productId: sock, qty: 1 },
      ],
      payments: [
        { method: 'TEST_POINTS', amount: 10 },
        { method: 'CASH', amount: 216.72 },
      ],
    },
    { 'idempotency-key': 'hooks-sale-1' },
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.grand_total, 226.72);
  assert.is(sales.length, 1);
  const s = sales[0];
  const row = t.app.db.prepare('SELECT created_by, business_date, customer_id FROM sales_invoice WHERE id = ?').get(inv.id) as any;
  assert.equal(
    { ...s, at: undefined, payments: undefined },
    {
      invoiceId: inv.id,
      number: r.body.number,
      customerId: null,
      businessDate: row.business_date,
      till: null,
      grandTotalCents: 22672,
      chargesCents: 0,
      taxCents: 1872,
      lines: inv.items.map((i: any) => ({ lineId: i.id, productId: i.product_id, qty: i.qty, lineTotalCents: Math.round(i.line_total * 100) })),
      paidByMethod: { CASH: 21672, TEST_POINTS: 1000 },
      onAccountCents: 0,
      roundingCents: 0,
      userId: row.created_by,
      at: undefined,
      payments: undefined,
    },
  );
  assert.equal(
    s.lines.map((l) => [l.productId, l.qty, l.lineTotalCents]).sort(),
    [
      [shoe, 2, 20000],
      [sock, 1, 800],
    ].sort(),
  );
  assert.equal(s.payments.map((p) => [p.method, p.amountCents]).sort(), [
    ['CASH', 21672],
    ['TEST_POINTS', 1000],
  ]);
  assert.ok(s.payments.every((p) => p.id > 0));
  assert.ok(s.at instanceof Date);
  // Earned on what was not paid in points: $216.72 -> 216 points, written in the sale's transaction.
  assert.equal(r.body.test_points, { earned: 216, balance: 216 });
  assert.is(points(t.app.db, inv.id), 216);

  // A replay (same key, same body): nothing recorded again; the hook's recall rebuilds its reply key.
  const again = await h.staff.post(
    '/api/checkout',
    {
      items: [
        { productId: shoe, qty: 2 },
        { productId: sock, qty: 1 },
      ],
      payments: [
        { method: 'TEST_POINTS', amount: 10 },
        { method: 'CASH', amount: 216.72 },
      ],
    },
    { 'idempotency-key': 'hooks-sale-1' },
  );
  assert.is(again.status, 201, JSON.stringify(again.body));
  assert.is(again.headers['idempotent-replayed'], 'true');
  assert.is(again.body.invoiceId, inv.id);
  assert.is(sales.length, 1);
  assert.equal(again.body.test_points, { earned: 216, balance: 216, recalled: true });
  assert.is(points(t.app.db, inv.id), 216);
});

test('a saleRecorded hook that throws a 4xx refuses the sale: no invoice, payment, stock move, ledger row or plugin row', async () => {
  const before = [...salesCounts(t), ledgerRows(), rows(t, 'test_hook_points')];
  const stock = stockOf(t, shoe);
  refuse = true;
  try {
    const r = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'CASH', amount: 109 }] });
    assert.is(r.status, 409, JSON.stringify(r.body));
    assert.is(r.body.code, 'TEST_REFUSED');
  } finally {
    refuse = false;
  }
  assert.is(sales.length, 2, 'the hook ran, after the sale was written');
  assert.ok(sales[1].invoiceId > 0);
  assert.equal([...salesCounts(t), ledgerRows(), rows(t, 'test_hook_points')], before);
  assert.is(stockOf(t, shoe), stock);
  assert.is(t.app.db.prepare('SELECT count(*) FROM sales_invoice WHERE id = ?').pluck().get(sales[1].invoiceId), 0);
});

test('a return hands returnRecorded its lines, their refunded value incl. GST and the refund split', async () => {
  const sale = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 2 }], payments: [{ method: 'CASH', amount: 218 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  const line = inv.items[0];
  const r = await h.staff.post('/api/returns', {
    invoice_id: inv.id,
    refund_method: 'CASH',
    items: [{ product_id: shoe, invoice_line_id: line.id, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(returns.length, 1);
  const ret = returns[0];
  const written = t.app.db.prepare('SELECT id, returned_qty, refund_cents, tax_cents FROM returns_return WHERE invoice_id = ?').all(inv.id) as any[];
  assert.equal(
    { ...ret, at: undefined },
    {
      invoiceId: inv.id,
      customerId: null,
      returnIds: written.map((w) => w.id),
      lines: [{ returnId: written[0].id, lineId: line.id, productId: shoe, qty: 1, netCents: 10000, taxCents: 900, refundCents: 10900 }],
      refundCents: 10900,
      accountCents: 0,
      tenderRefunds: [],
      moneyCents: 10900,
      moneyMethod: 'CASH',
      creditNoteCents: 0,
      creditNoteId: null,
      userId: ret.userId,
      at: undefined,
    },
  );
  assert.equal([written[0].refund_cents, written[0].tax_cents], [10900, 900]);
  assert.ok(ret.userId !== null);
  // The plugin reversed what the returned pair earned, in the return's transaction.
  assert.is(points(t.app.db, inv.id), 218 - 109);
});

test('an exchange: returnRecorded for the goods back (a credit note), saleRecorded for the new sale, its key in the reply', async () => {
  const sale = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'CASH', amount: 109 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  const [nReturns, nSales] = [returns.length, sales.length];
  const body = {
    invoice_id: inv.id,
    items: [{ product_id: shoe, invoice_line_id: inv.items[0].id, returned_qty: 1, return_reason: 'Wrong Size' }],
    sale: {
      items: [
        { productId: shoe, qty: 1 },
        { productId: sock, qty: 1 },
      ],
      payments: [{ method: 'CASH', amount: 8.72 }],
    },
  };
  const r = await h.staff.post('/api/exchanges', body);
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(returns.length, nReturns + 1);
  const ret = returns[nReturns];
  assert.equal(
    ret.lines.map((l) => [l.lineId, l.productId, l.qty, l.refundCents]),
    [[inv.items[0].id, shoe, 1, 10900]],
  );
  assert.equal([ret.refundCents, ret.creditNoteCents, ret.moneyCents, ret.creditNoteId], [10900, 10900, 0, r.body.creditNote.id]);
  // The new sale is a checkout: recorded once, paid by the note and cash.
  assert.is(sales.length, nSales + 1);
  const s = sales[nSales];
  assert.is(s.invoiceId, r.body.sale.invoiceId);
  assert.is(s.grandTotalCents, 11772);
  assert.equal(s.paidByMethod, { CREDIT_NOTE: 10900, CASH: 872 });
  assert.equal(r.body.sale.test_points, { earned: 117, balance: 117 });
  assert.is(points(t.app.db, inv.id), 0);
});

test('a void hands saleVoided the voided sale (the plugin undoes its rows); a throw there undoes the void', async () => {
  const sale = await h.staff.post('/api/checkout', { items: [{ productId: sock, qty: 2 }], payments: [{ method: 'CASH', amount: 17.44 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  assert.is(points(t.app.db, inv.id), 17);

  const stock = stockOf(t, sock);
  const before = [...salesCounts(t), ledgerRows()];
  refuseVoid = true;
  try {
    const refused = await h.admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Test refusal' });
    assert.is(refused.status, 409, JSON.stringify(refused.body));
  } finally {
    refuseVoid = false;
  }
  assert.is(voids.length, 1);
  assert.equal([...salesCounts(t), ledgerRows()], before);
  assert.is(stockOf(t, sock), stock);
  assert.is((await h.admin.get(`/api/invoices/${inv.id}`)).body.invoice.payment_status, 'PAID');

  const v = await h.admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Rang up twice' });
  assert.is(v.status, 200, JSON.stringify(v.body));
  assert.is(voids.length, 2);
  assert.equal(
    { ...voids[1], at: undefined, userId: undefined },
    {
      invoiceId: inv.id,
      number: inv.number,
      customerId: null,
      grandTotalCents: 1744,
      refunds: [{ method: 'CASH', amountCents: 1744 }],
      reason: 'Rang up twice',
      userId: undefined,
      at: undefined,
    },
  );
  assert.is(points(t.app.db, inv.id), 0);
});

test("a reply key a saleRecorded hook shares with a charge kind, or one of the reply's own keys, stops the app at start", async () => {
  const price = () => ({ code: 'THING', label: 'Thing', amountCents: 100 });
  const seller = definePlugin({ name: 'test-seller', charges: { thing: defineCharge({ schema: Type.Object({}), price, replyKey: 'things' }) } });
  const hooked = definePlugin({ name: 'test-hooked', saleRecorded: [{ replyKey: 'things', record: () => 1 }] });
  assert.throws(() => collectHooks([seller, hooked]), /"things" is declared by both "test-seller" and "test-hooked"/);
  const own = definePlugin({ name: 'test-own', dependsOn: ['sales'], saleRecorded: [{ replyKey: 'invoice', record: () => 1 }] });
  try {
    const bad = await testApp({ morePlugins: [own] });
    await bad.close();
    assert.unreachable('the app started');
  } catch (err) {
    assert.match(String(err), /reply key "invoice" is one of the checkout reply's own/);
  }
});

test.run();
