// #30.2 over real HTTP: editing an OPEN order (PATCH /api/purchase-orders/:id) with its history, refusals that
// write nothing, a style's default supplier, the low-stock list's "on order" maths (a second draft does not order
// the same units twice) and the demo's suppliers per style.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { pdfText } from '../../core/pdf/pdf-text.js';

let t: TestApp;
let h: HttpApp;
let acme: number;
let bata: number;
let style: { id: number; products: { id: number; size: string }[] };
let laces: number;

const snapshot = () =>
  JSON.stringify([
    t.app.db.prepare('SELECT * FROM purchasing_order ORDER BY id').all(),
    t.app.db.prepare('SELECT * FROM purchasing_order_line ORDER BY id').all(),
    t.app.db.prepare('SELECT * FROM purchasing_order_history ORDER BY id').all(),
  ]);
const newOrder = async (lines: { product_id: number; qty: number; unit_cost: number }[], extra = {}) => {
  const r = await h.admin.post('/api/purchase-orders', { supplier_id: acme, lines, ...extra });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.purchase_order;
};
const low = async () => {
  const r = await h.staff.get('/api/reports/low-stock');
  assert.is(r.status, 200);
  return r.body.items as any[];
};

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  acme = (await h.admin.post('/api/suppliers', { name: 'Acme Shoes' })).body.supplier.id;
  bata = (await h.admin.post('/api/suppliers', { name: 'Bata Distributors' })).body.supplier.id;
  const r = await h.admin.post('/api/styles', {
    item_name: 'Court Shoe',
    brand: 'Bata',
    cost: 20,
    selling_price: 49.9,
    reorder_point: 3,
    sku_prefix: 'CS',
    sizes: [
      { size: '40', stock_qty: 0 },
      { size: '41', stock_qty: 1 },
      { size: '42', stock_qty: 9 },
    ],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  style = r.body.style;
  laces = (await h.admin.post('/api/products', { item_name: 'Laces', sku: 'LCE', selling_price: 5, stock_qty: 50 })).body.product.id;
});
test.after(() => t.close());

test('PATCH: lines, quantities, costs, expected date, notes; one history row of old -> new; the GET shows it', async () => {
  const [s40, s41, s42] = style.products;
  const po = await newOrder(
    [
      { product_id: s40.id, qty: 4, unit_cost: 20 },
      { product_id: s41.id, qty: 2, unit_cost: 20 },
    ],
    { expected_on: '2026-12-01', notes: 'First order' },
  );
  assert.is(po.expected_on, '2026-12-01');
  assert.equal(po.history, []);
  const keptLineId = po.lines[0].id;
  const r = await h.admin.patch(`/api/purchase-orders/${po.id}`, {
    lines: [
      { product_id: s40.id, qty: 6, unit_cost: 18.5 },
      { product_id: s42.id, qty: 3, unit_cost: 20 },
    ],
    expected_on: '2026-12-05',
    notes: 'Call before delivery',
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const after = r.body.purchase_order;
  assert.equal(
    after.lines.map((l: any) => [l.product_id, l.qty_ordered, l.unit_cost, l.line_total]),
    [
      [s40.id, 6, 18.5, 111],
      [s42.id, 3, 20, 60],
    ],
  );
  assert.is(after.lines[0].id, keptLineId, 'a kept line keeps its id');
  assert.is(after.total, 171);
  assert.is(after.qty_ordered, 9);
  assert.is(after.expected_on, '2026-12-05');
  assert.is(after.notes, 'Call before delivery');
  assert.is(after.status, 'OPEN');
  assert.is(after.history.length, 1);
  assert.is(after.history[0].user, 'admin');
  assert.ok(/^\d{4}-\d\d-\d\dT/.test(after.history[0].at));
  assert.equal(
    after.history[0].changes.map((c: any) => [c.field, c.item, c.from, c.to]),
    [
      ['expected_on', null, '2026-12-01', '2026-12-05'],
      ['notes', null, 'First order', 'Call before delivery'],
      ['qty', 'Court Shoe size 40 (CS-40)', '4', '6'],
      ['unit_cost', 'Court Shoe size 40 (CS-40)', '20.00', '18.50'],
      ['line_removed', 'Court Shoe size 41 (CS-41)', '2 x $20.00', null],
      ['line_added', 'Court Shoe size 42 (CS-42)', null, '3 x $20.00'],
    ],
  );
  // The PDF for the supplier carries the delivery date.
  const pdf = await h.admin.get(`/api/purchase-orders/${po.id}/pdf`);
  assert.is(pdf.status, 200);
  assert.match((await pdfText(pdf.raw)).text, /Deliver by: .*2026/);
  // The GET reply lists it too; a second edit adds a second row; clearing with null / ''.
  const again = await h.admin.patch(`/api/purchase-orders/${po.id}`, { expected_on: '', notes: null });
  assert.is(again.status, 200);
  assert.is(again.body.purchase_order.expected_on, null);
  assert.is(again.body.purchase_order.notes, null);
  const got = (await h.admin.get(`/api/purchase-orders/${po.id}`)).body.purchase_order;
  assert.is(got.history.length, 2);
  assert.equal(
    got.history[1].changes.map((c: any) => [c.field, c.from, c.to]),
    [
      ['expected_on', '2026-12-05', null],
      ['notes', 'Call before delivery', null],
    ],
  );
  // Nothing different: 200, no history row.
  assert.is((await h.admin.patch(`/api/purchase-orders/${po.id}`, { notes: '' })).body.purchase_order.history.length, 2);
  const rows = t.app.db.prepare('SELECT order_id, changed_by FROM purchasing_order_history WHERE order_id = ?').all(po.id);
  assert.is(rows.length, 2);
  await h.admin.post(`/api/purchase-orders/${po.id}/cancel`, {});
});

test('PATCH refusals: 400 naming the field, 403 for staff, 404, 409 after a receipt or when not OPEN; none writes anything', async () => {
  const [s40, s41] = style.products;
  const po = await newOrder([{ product_id: s40.id, qty: 4, unit_cost: 20 }]);
  const before = snapshot();
  const url = `/api/purchase-orders/${po.id}`;
  const bad: [unknown, string][] = [
    [{ lines: [] }, 'lines'],
    [{ lines: [{ product_id: s40.id, qty: 0, unit_cost: 20 }] }, 'lines/0/qty'],
    [{ lines: [{ product_id: s40.id, qty: 1, unit_cost: -1 }] }, 'lines/0/unit_cost'],
    [{ lines: [{ product_id: s40.id, qty: 1, unit_cost: 1.005 }] }, 'lines/0/unit_cost'],
    [{ expected_on: '2026-02-30' }, 'expected_on'],
    [{ expected_on: 'soon' }, 'expected_on'],
    [{ status: 'RECEIVED' }, 'status'],
    [{}, 'lines'],
  ];
  for (const [body, field] of bad) {
    const r = await h.admin.patch(url, body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.ok(JSON.stringify(r.body).includes(field.split('/')[0]!), `${JSON.stringify(body)} -> ${JSON.stringify(r.body)}`);
  }
  let r = await h.admin.patch(url, {
    lines: [
      { product_id: s41.id, qty: 1, unit_cost: 20 },
      { product_id: s41.id, qty: 2, unit_cost: 20 },
    ],
  });
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'lines[1].product_id');
  r = await h.admin.patch(url, { lines: [{ product_id: 999999, qty: 1, unit_cost: 20 }], notes: 'x' });
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'lines[0].product_id');
  assert.is((await h.staff.patch(url, { notes: 'x' })).status, 403);
  assert.is((await h.anon.patch(url, { notes: 'x' })).status, 401);
  assert.is((await h.admin.patch('/api/purchase-orders/999999', { notes: 'x' })).status, 404);
  assert.is(snapshot(), before, 'nothing written');

  // After the first receipt: 409, and the receipt's lines stay as they were.
  assert.is((await h.admin.post(`/api/purchase-orders/${po.id}/receive`, { lines: [{ product_id: s40.id, qty: 1 }] })).status, 200);
  const received = snapshot();
  r = await h.admin.patch(url, { notes: 'x' });
  assert.is(r.status, 409);
  assert.is(r.body.code, 'PURCHASE_ORDER_LOCKED');
  assert.match(r.body.error, /only an open order can be changed|can no longer be changed/);
  assert.is(snapshot(), received);
  await h.admin.post(`/api/purchase-orders/${po.id}/cancel`, {});
  r = await h.admin.patch(url, { notes: 'x' });
  assert.is(r.status, 409);
  assert.is(r.body.details.status, 'CANCELLED');

  const other = await newOrder([{ product_id: laces, qty: 1, unit_cost: 1 }]);
  await h.admin.post(`/api/purchase-orders/${other.id}/cancel`, {});
  r = await h.admin.patch(`/api/purchase-orders/${other.id}`, { notes: 'x' });
  assert.is(r.status, 409);
  assert.is(r.body.error, `Purchase order ${other.number} is cancelled: only an open order can be changed`);
});

test("a style's default supplier: PUT/GET /api/styles/:id/supplier (ADMIN); low stock groups the style's sizes under it", async () => {
  const url = `/api/styles/${style.id}/supplier`;
  let r = await h.admin.get(url);
  assert.equal(r.body, { style_supplier: { style_id: style.id, supplier: null } });
  assert.is((await h.staff.put(url, { supplier_id: bata })).status, 403);
  assert.is((await h.admin.put(url, { supplier_id: 999999 })).status, 404);
  assert.is((await h.admin.put('/api/styles/999999/supplier', { supplier_id: bata })).status, 404);
  assert.is((await h.admin.put(url, { supplier_id: 'x' })).status, 400);
  r = await h.admin.put(url, { supplier_id: bata });
  assert.is(r.status, 200);
  assert.equal(r.body.style_supplier.supplier, { id: bata, name: 'Bata Distributors' });
  assert.equal(
    (await low()).map((i) => [i.size, i.supplier?.name]),
    [
      ['40', 'Bata Distributors'],
      ['41', 'Bata Distributors'],
    ],
  );
  r = await h.admin.put(url, { supplier_id: null });
  assert.is(r.body.style_supplier.supplier, null);
  await h.admin.put(url, { supplier_id: bata });
});

test('low stock: on order N, suggested only what is still short; a second draft does not order the same units twice', async () => {
  const [s40, s41] = style.products;
  let items = await low();
  // Reorder point 3: target 6. Sizes 40 and 41 have 1 each (40 got one on the refused test's order): suggest 5.
  assert.equal(
    items.map((i) => [i.size, i.stock_qty, i.on_order, i.suggested_qty]),
    [
      ['40', 1, 0, 5],
      ['41', 1, 0, 5],
    ],
  );
  // Tick size 40 only, at 4 (the owner's own quantity).
  let r = await h.admin.post('/api/purchase-orders/low-stock', { supplier_id: bata, lines: [{ product_id: s40.id, qty: 4 }] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const first = r.body.purchase_order;
  assert.equal(
    first.lines.map((l: any) => [l.product_id, l.qty_ordered, l.unit_cost]),
    [[s40.id, 4, 20]],
  );
  items = await low();
  assert.equal(
    items.map((i) => [i.size, i.on_order, i.suggested_qty]),
    [
      ['40', 4, 1],
      ['41', 0, 5],
    ],
  );
  // Draft the rest at the suggestions: 1 more of 40, 5 of 41.
  r = await h.admin.post('/api/purchase-orders/low-stock', { supplier_id: bata });
  assert.is(r.status, 201);
  assert.equal(
    r.body.purchase_order.lines.map((l: any) => [l.product_id, l.qty_ordered]),
    [
      [s40.id, 1],
      [s41.id, 5],
    ],
  );
  items = await low();
  assert.equal(
    items.map((i) => [i.size, i.on_order, i.suggested_qty]),
    [
      ['40', 5, 0],
      ['41', 5, 0],
    ],
  );
  // A third draft finds nothing short: nothing ordered twice.
  r = await h.admin.post('/api/purchase-orders/low-stock', { supplier_id: bata });
  assert.is(r.status, 409);
  assert.is(r.body.code, 'NOTHING_LOW');
  // Receiving part of the first order: on hand up, on order down by the same.
  assert.is((await h.admin.post(`/api/purchase-orders/${first.id}/receive`, { lines: [{ product_id: s40.id, qty: 1 }] })).status, 200);
  items = await low();
  assert.equal(
    items.map((i) => [i.size, i.stock_qty, i.on_order, i.suggested_qty]),
    [
      ['40', 2, 4, 0],
      ['41', 1, 5, 0],
    ],
  );
  // Editing the open order shows at once: size 40 to 2 (5 on order in all), size 41 from 5 to 2 (3 short again).
  const open = (await h.admin.get('/api/purchase-orders?status=OPEN')).body.purchase_orders[0];
  r = await h.admin.patch(`/api/purchase-orders/${open.id}`, {
    lines: [
      { product_id: s40.id, qty: 2, unit_cost: 20 },
      { product_id: s41.id, qty: 2, unit_cost: 20 },
    ],
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  items = await low();
  assert.equal(
    items.map((i) => [i.size, i.on_order, i.suggested_qty]),
    [
      ['40', 5, 0],
      ['41', 2, 3],
    ],
  );
});

test('demo: every demo style has a default supplier, so nothing is under "No supplier yet"', async () => {
  const demo = await testApp({ demo: true });
  try {
    const styles = demo.app.db.prepare('SELECT count(*) FROM inventory_style').pluck().get() as number;
    const withSupplier = demo.app.db.prepare('SELECT count(*) FROM purchasing_style_supplier').pluck().get() as number;
    assert.ok(styles > 20, `${styles} styles`);
    assert.is(withSupplier, styles);
    const items = (await demo.staff.get('/api/reports/low-stock')).body.items as any[];
    assert.ok(items.length > 0);
    assert.equal(
      items.filter((i) => !i.supplier),
      [],
    );
    assert.ok(new Set(items.map((i) => i.supplier.name)).size >= 2, 'several suppliers');
  } finally {
    await demo.close();
  }
});

test.run();
