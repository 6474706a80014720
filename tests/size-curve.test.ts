// The size-curve report (#30) over real HTTP on a real SQLite file: a style's sizes get opening stock, goods
// received on a purchase order, sales at the till, a return and stock adjustments; the report's figures per size
// are then checked against the stock ledger summed here independently, and every statement it runs is on an index.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, localDate } from '../core/clock.js';
import { SIZE_CURVE_SQL } from '../plugins/inventory/size-curve.js';
import { testApp, type TestApp } from './helpers/app.js';
import { listenHttp, type HttpApp } from './helpers/http.js';

let t: TestApp;
let h: HttpApp;
let styleId = 0;
const ids: Record<string, number> = {};

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
});
test.after(async () => {
  await t?.close();
});

const ok = (r: { status: number; body: unknown }, status = 201) => assert.is(r.status, status, JSON.stringify(r.body));
const today = () => localDate(new Date(), t.app.config.timeZone);
const curve = (q: string) => h.admin.get(`/api/reports/size-curve?${q}`);

test('a style is received, sold, returned and adjusted through the routes', async () => {
  const { admin, staff } = h;
  let r = await admin.post('/api/styles', {
    item_name: 'Curve Runner',
    brand: 'CurveCo',
    category: 'Curve Test',
    cost: 40,
    selling_price: 99,
    sku_prefix: 'CRV',
    sizes: [
      { size: '39', stock_qty: 2 },
      { size: '40', stock_qty: 0 },
      { size: '41', stock_qty: 0 },
      { size: '42', stock_qty: 0 },
    ],
  });
  ok(r);
  styleId = r.body.style.id;
  for (const p of r.body.style.products) ids[p.size] = p.id;
  const supplier = (await admin.post('/api/suppliers', { name: 'Curve Supplier' })).body.supplier.id;
  r = await admin.post('/api/purchase-orders', {
    supplier_id: supplier,
    lines: [
      { product_id: ids['40'], qty: 6, unit_cost: 40 },
      { product_id: ids['41'], qty: 4, unit_cost: 40 },
    ],
  });
  ok(r);
  const po = r.body.purchase_order.id;
  ok(
    await admin.post(`/api/purchase-orders/${po}/receive`, {
      lines: [
        { product_id: ids['40'], qty: 6 },
        { product_id: ids['41'], qty: 2 },
      ],
    }),
    200,
  );
  const till = { 'x-kedai-till': 'Till 1' };
  ok(await staff.post('/api/shifts', { till: 'Till 1', opening_float: 100 }, till));
  r = await staff.post(
    '/api/checkout',
    {
      items: [
        { productId: ids['40'], qty: 3 },
        { productId: ids['41'], qty: 1 },
      ],
      tendered: 500,
    },
    till,
  );
  ok(r);
  const invoice = r.body.invoice.id;
  ok(await staff.post('/api/checkout', { items: [{ productId: ids['39'], qty: 1 }], tendered: 200 }, till));
  ok(
    await staff.post(
      '/api/returns',
      { invoice_id: invoice, refund_method: 'CASH', items: [{ product_id: ids['40'], returned_qty: 1, return_reason: 'Wrong Size' }] },
      till,
    ),
  );
  ok(await admin.post(`/api/products/${ids['42']}/adjust`, { delta: 3, reason: 'Found in store room' }), 200);
  ok(await admin.post(`/api/products/${ids['39']}/adjust`, { delta: -1, reason: 'Damaged' }), 200);
});

test('GET /api/reports/size-curve: per size received, sold net of returns, adjusted, on hand, sell-through', async () => {
  const d = today();
  const r = await curve(`style_id=${styleId}&from=${d}&to=${d}`);
  ok(r, 200);
  assert.is(r.body.title, 'Curve Runner');
  assert.is(r.body.by, 'style');
  const rows = r.body.sizes.map((s: any) => [s.size, s.on_hand_start, s.received, s.sold, s.adjusted, s.on_hand_end, s.sell_through_pct]);
  assert.equal(rows, [
    ['39', 0, 2, 1, -1, 0, 100],
    ['40', 0, 6, 2, 0, 4, 33.3],
    ['41', 0, 2, 1, 0, 1, 50],
    ['42', 0, 0, 0, 3, 3, 0],
  ]);
  assert.equal(r.body.totals, { on_hand_start: 0, received: 10, sold: 4, adjusted: 2, on_hand_end: 8, sell_through_pct: 33.3 });
  // By brand and by category: the same sizes (this style is their only one).
  for (const q of ['brand=CurveCo', 'category=Curve%20Test']) {
    const b = await curve(`${q}&from=${d}&to=${d}`);
    ok(b, 200);
    assert.equal(b.body.totals, r.body.totals, q);
  }
});

test('the report reconciles with the stock ledger, summed here per size; before and after the period', async () => {
  const d = today();
  const report = (await curve(`style_id=${styleId}&from=${d}&to=${d}`)).body;
  const ledger = t.app.db
    .prepare(
      `SELECT p.size, m.reason, sum(m.qty_delta) AS qty FROM inventory_stock_movement m JOIN inventory_product p ON p.id = m.product_id
       WHERE p.style_id = ? GROUP BY p.size, m.reason`,
    )
    .all(styleId) as { size: string; reason: string; qty: number }[];
  const sum = (size: string, reasons: string[]) => ledger.filter((l) => l.size === size && reasons.includes(l.reason)).reduce((a, l) => a + l.qty, 0);
  const stock = (size: string) => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(ids[size]) as number;
  for (const s of report.sizes) {
    assert.is(s.received, sum(s.size, ['RECEIVED', 'INITIAL']), `received ${s.size}`);
    assert.is(s.sold, -sum(s.size, ['SALE', 'RETURN', 'VOID']), `sold ${s.size}`);
    assert.is(s.adjusted, sum(s.size, ['ADJUSTMENT', 'STOCK_TAKE']), `adjusted ${s.size}`);
    assert.is(s.on_hand_end, sum(s.size, ['INITIAL', 'RECEIVED', 'SALE', 'RETURN', 'VOID', 'ADJUSTMENT', 'STOCK_TAKE']), `ledger end ${s.size}`);
    assert.is(s.on_hand_end, stock(s.size), `stock now ${s.size}`);
    assert.is(s.on_hand_start + s.received - s.sold + s.adjusted, s.on_hand_end);
    const available = s.on_hand_start + s.received + s.adjusted;
    assert.is(s.sell_through_pct, available > 0 ? Math.round((s.sold / available) * 1000) / 10 : null, `sell-through ${s.size}`);
  }
  // A later period starts with today's stock and moves nothing; an earlier one had nothing.
  const next = addDays(d, 1);
  const later = (await curve(`style_id=${styleId}&from=${next}&to=${addDays(d, 30)}`)).body;
  assert.equal(
    later.sizes.map((s: any) => [s.on_hand_start, s.received, s.sold, s.on_hand_end]),
    report.sizes.map((s: any) => [s.on_hand_end, 0, 0, s.on_hand_end]),
  );
  const before = (await curve(`style_id=${styleId}&from=2020-01-01&to=${addDays(d, -1)}`)).body;
  assert.is(before.totals.on_hand_end, 0);
  assert.is(before.totals.sell_through_pct, null);
});

test('bad queries: 400 naming the field, unknown style 404, ADMIN only', async () => {
  const d = today();
  const bad = async (q: string, field: string) => {
    const r = await curve(q);
    assert.is(r.status, 400, `${q}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.details?.field ?? field, field, q);
  };
  await bad(`from=${d}&to=${d}`, 'style_id');
  await bad(`style_id=${styleId}&brand=CurveCo&from=${d}&to=${d}`, 'style_id');
  await bad(`style_id=${styleId}&from=2024-02-30&to=2024-03-01`, 'from');
  await bad(`style_id=${styleId}&from=2024-03-02&to=2024-03-01`, 'from');
  assert.is((await curve(`style_id=${styleId}&from=${d}`)).status, 400);
  assert.is((await curve(`style_id=999999&from=${d}&to=${d}`)).status, 404);
  assert.is((await h.staff.get(`/api/reports/size-curve?style_id=${styleId}&from=${d}&to=${d}`)).status, 403);
  assert.is((await h.anon.get(`/api/reports/size-curve?style_id=${styleId}&from=${d}&to=${d}`)).status, 401);
});

test('every statement of the report runs on an index (no table scan)', () => {
  for (const [name, sql] of Object.entries(SIZE_CURVE_SQL)) {
    const args = (sql.match(/\?/g) ?? []).map(() => 1);
    const plan = (t.app.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail).join(' | ');
    // A GROUP BY over one size's rows in the period may sort them; reading every row may not happen.
    assert.not.match(plan, /^SCAN|\| SCAN|TEMP B-TREE FOR ORDER BY/, `${name}: ${plan}`);
    if (name === 'stockAt' || name === 'moves') assert.match(plan, /inventory_stock_movement_product_time/, `${name}: ${plan}`);
  }
});

test.run();
