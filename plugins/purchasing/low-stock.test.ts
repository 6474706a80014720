// The low-stock report (reorder point per size, default per style), its supplier attribution, the one-click draft
// purchase order per supplier, and cancelling an order; through the real app on a temp database.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { ledgerSum, stockOf } from '../inventory/test-support.js';

let t: TestApp;
let acme: number;
let bata: number;
let style: { id: number; products: { id: number; size: string; stock_qty: number }[] };

const supplierNamed = async (name: string) => (await t.admin.post('/api/suppliers', { name })).body.supplier.id as number;
const low = async (q = '') => {
  const r = await t.staff.get(`/api/reports/low-stock${q}`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body as { items: any[]; count: number };
};
const orders = () => t.app.db.prepare('SELECT count(*) FROM purchasing_order').pluck().get() as number;

test.before(async () => {
  t = await testApp();
  acme = await supplierNamed('Acme Shoes');
  bata = await supplierNamed('Bata Distributors');
  const r = await t.admin.post('/api/styles', {
    item_name: 'Samba OG',
    brand: 'Adidas',
    colour: 'Black',
    cost: 60,
    selling_price: 129.9,
    reorder_point: 2,
    sku_prefix: 'SMB',
    sizes: [
      { size: '40', stock_qty: 0 },
      { size: '41', stock_qty: 2 },
      { size: '42', stock_qty: 3 },
      { size: '43', stock_qty: 8, reorder_point: 10 },
    ],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  style = r.body.style;
  // A product of its own with no reorder point anywhere is never low.
  await t.admin.post('/api/products', { item_name: 'Laces', sku: 'LCE', selling_price: 5, stock_qty: 0 });
});
test.after(() => t.close());

test("report: sizes at or below their reorder point (own, else the style's), suggested up to twice it; any signed-in user", async () => {
  const r = await low();
  assert.equal(
    r.items.map((i) => [i.size, i.stock_qty, i.reorder_point, i.suggested_qty, i.supplier]),
    [
      ['40', 0, 2, 4, null],
      ['41', 2, 2, 2, null],
      ['43', 8, 10, 12, null],
    ],
  );
  assert.is(r.count, 3);
  assert.equal(Object.keys(r.items[0]).sort(), [
    'brand',
    'colour',
    'item_name',
    'on_order',
    'product_id',
    'reorder_point',
    'size',
    'sku',
    'stock_qty',
    'style_id',
    'suggested_qty',
    'supplier',
  ]);
  assert.is(r.items[0].sku, 'SMB-40');
  assert.is((await t.anon.get('/api/reports/low-stock')).status, 401);
  assert.is((await t.staff.get('/api/reports/low-stock?supplier_id=x')).status, 400);
  // The style's default changes every size without its own; a size's own wins.
  assert.is((await t.admin.patch(`/api/styles/${style.id}`, { reorder_point: 3 })).status, 200);
  assert.equal(
    (await low()).items.map((i) => i.size),
    ['40', '41', '42', '43'],
  );
  assert.is((await t.admin.patch(`/api/styles/${style.id}`, { reorder_point: 2 })).status, 200);
});

test('draft: product_ids picks low sizes for a supplier; the newest non-cancelled order attributes them', async () => {
  const [s40, s41] = style.products;
  const before = orders();
  let r = await t.admin.post('/api/purchase-orders/low-stock', { supplier_id: acme, product_ids: [style.products[2].id] });
  assert.is(r.status, 400, 'size 42 is not low');
  assert.is(r.body.details.field, 'product_ids[0]');
  r = await t.admin.post('/api/purchase-orders/low-stock', { supplier_id: acme });
  assert.is(r.status, 409, 'nothing attributed to Acme yet');
  assert.is(r.body.code, 'NOTHING_LOW');
  assert.is((await t.admin.post('/api/purchase-orders/low-stock', { supplier_id: 99999, product_ids: [s40.id] })).status, 404);
  assert.is((await t.staff.post('/api/purchase-orders/low-stock', { supplier_id: acme, product_ids: [s40.id] })).status, 403);
  assert.is(orders(), before, 'refusals write nothing');

  r = await t.admin.post('/api/purchase-orders/low-stock', { supplier_id: acme, product_ids: [s40.id, s41.id] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const po = r.body.purchase_order;
  assert.is(po.status, 'OPEN');
  assert.equal(
    po.lines.map((l: any) => [l.product_id, l.qty_ordered, l.unit_cost]),
    [
      [s40.id, 4, 60],
      [s41.id, 2, 60],
    ],
  );
  assert.is(po.total, 360);
  const items = (await low()).items;
  assert.equal(
    items.map((i) => i.supplier?.name ?? null),
    ['Acme Shoes', 'Acme Shoes', null],
  );
  assert.equal(
    (await low(`?supplier_id=${acme}`)).items.map((i) => i.size),
    ['40', '41'],
  );

  // Size 40 is covered by Acme's open order: not suggested again, unless the owner types a quantity.
  r = await t.admin.post('/api/purchase-orders/low-stock', { supplier_id: bata, product_ids: [s40.id] });
  assert.is(r.status, 409);
  assert.is(r.body.code, 'ALREADY_ON_ORDER');
  // A newer order from Bata moves size 40 to Bata; cancelling it moves it back.
  r = await t.admin.post('/api/purchase-orders/low-stock', { supplier_id: bata, lines: [{ product_id: s40.id, qty: 1 }] });
  assert.is(r.status, 201);
  assert.equal(
    r.body.purchase_order.lines.map((l: any) => l.qty_ordered),
    [1],
  );
  const bataPo = r.body.purchase_order.id;
  assert.equal(
    (await low(`?supplier_id=${bata}`)).items.map((i) => i.size),
    ['40'],
  );
  r = await t.admin.post(`/api/purchase-orders/${bataPo}/cancel`, {});
  assert.is(r.status, 200);
  assert.is(r.body.purchase_order.status, 'CANCELLED');
  assert.equal((await low(`?supplier_id=${bata}`)).items, []);

  // Without product_ids: every low size of the supplier still short; Acme's open order covers both.
  r = await t.admin.post('/api/purchase-orders/low-stock', { supplier_id: acme });
  assert.is(r.status, 409);
  assert.is(r.body.code, 'NOTHING_LOW');
  await t.admin.post(`/api/purchase-orders/${po.id}/cancel`, {});
});

test('cancel: OPEN or PARTIAL only; received units stay; a cancelled order takes no more goods', async () => {
  const s43 = style.products[3].id;
  let r = await t.admin.post('/api/purchase-orders', { supplier_id: acme, lines: [{ product_id: s43, qty: 5, unit_cost: 60 }] });
  const id = r.body.purchase_order.id;
  assert.is((await t.admin.post(`/api/purchase-orders/${id}/receive`, { lines: [{ product_id: s43, qty: 2 }] })).status, 200);
  assert.is((await t.staff.post(`/api/purchase-orders/${id}/cancel`, {})).status, 403);
  assert.is((await t.admin.post(`/api/purchase-orders/${id}/cancel`, { reason: 'x' })).status, 400, 'no fields');
  r = await t.admin.post(`/api/purchase-orders/${id}/cancel`, {});
  assert.is(r.status, 200);
  assert.is(r.body.purchase_order.status, 'CANCELLED');
  assert.is(r.body.purchase_order.qty_received, 2);
  assert.is(stockOf(t, s43), 10);
  assert.is(stockOf(t, s43), ledgerSum(t, s43));
  r = await t.admin.post(`/api/purchase-orders/${id}/cancel`, {});
  assert.is(r.status, 409);
  assert.is(r.body.code, 'PURCHASE_ORDER_CLOSED');
  assert.is((await t.admin.post(`/api/purchase-orders/${id}/receive`, { lines: [{ product_id: s43, qty: 1 }] })).status, 409);
  r = await t.admin.post('/api/purchase-orders', { supplier_id: acme, lines: [{ product_id: s43, qty: 1, unit_cost: 60 }] });
  const done = r.body.purchase_order.id;
  await t.admin.post(`/api/purchase-orders/${done}/receive`, { lines: [{ product_id: s43, qty: 1 }] });
  assert.is((await t.admin.post(`/api/purchase-orders/${done}/cancel`, {})).status, 409, 'RECEIVED');
  assert.is((await t.admin.post('/api/purchase-orders/99999/cancel', {})).status, 404);
});

test.run();
