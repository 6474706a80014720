// Stock takes through the API on a real temp database: opening, counting (set and scan increments, by id,
// SKU and barcode), scope refusals, sales during an open count, posting once in one transaction, the ledger,
// the variance CSV, and every route's role.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';

let t: TestApp;
let runner: number; // Running / Kedai, stock 10, cost 40
let trail: number; // Running / Peak, stock 5, cost 55.5
let sandal: number; // Casual / Kedai, stock 3

const make = async (body: Record<string, unknown>) => {
  const r = await t.admin.post('/api/products', { selling_price: 100, ...body });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product.id as number;
};
const stockOf = (id: number) => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(id) as number;
const ledgerSum = (id: number) =>
  t.app.db.prepare('SELECT coalesce(sum(qty_delta), 0) FROM inventory_stock_movement WHERE product_id = ?').pluck().get(id) as number;
const rows = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const open = async (scope?: Record<string, unknown>) => {
  const r = await t.admin.post('/api/stock-takes', scope === undefined ? {} : { scope });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.stock_take.id as number;
};
const count = (id: number, body: Record<string, unknown>) => t.admin.post(`/api/stock-takes/${id}/counts`, body);

test.before(async () => {
  t = await testApp();
  runner = await make({ item_name: 'Runner', sku: 'RUN-42', size: '42', category: 'Running', brand: 'Kedai', cost: 40, stock_qty: 10 });
  trail = await make({ item_name: 'Trail', sku: 'TRL-43', size: '43', category: 'running', brand: 'Peak', cost: 55.5, stock_qty: 5 });
  sandal = await make({ item_name: 'Sandal', sku: 'SND-40', size: '40', category: 'Casual', brand: 'Kedai', cost: 10, stock_qty: 3 });
});
test.after(() => t.close());

test('open: scope by category, brand, style, or none (whole shop)', async () => {
  const r = await t.admin.post('/api/stock-takes', { scope: { category: ' Running ' }, note: 'Shelf A' });
  assert.is(r.status, 201);
  const take = r.body.stock_take;
  assert.equal(take.scope, { category: 'Running', brand: null, style_id: null });
  assert.is(take.status, 'OPEN');
  assert.is(take.note, 'Shelf A');
  assert.is(take.uncounted, 2, 'Runner and Trail (category matches without case)');
  assert.equal(take.lines, []);
  const whole = (await t.admin.get(`/api/stock-takes/${await open()}`)).body.stock_take;
  assert.is(whole.uncounted, 3);
  const before = rows('stock_take');
  assert.is((await t.admin.post('/api/stock-takes', { scope: { colour: 'red' } })).status, 400);
  assert.is(rows('stock_take'), before, 'nothing written');
  const list = await t.admin.get('/api/stock-takes?status=OPEN&pageSize=1');
  assert.is(list.status, 200);
  assert.is(list.body.stock_takes.length, 1);
  assert.is(list.body.pagination.total, 2);
  // Every product belongs to a style (a single product is a style of one): a take of Runner's style counts only it.
  const runnerStyle = t.app.db.prepare('SELECT style_id FROM inventory_product WHERE id = ?').pluck().get(runner) as number;
  const style = await t.admin.post('/api/stock-takes', { scope: { style_id: runnerStyle } });
  assert.is(style.status, 201, JSON.stringify(style.body));
  assert.is(style.body.stock_take.uncounted, 1);
  // Leave nothing open for the tests below (each product may be in one open take at a time).
  for (const s of (await t.admin.get('/api/stock-takes?status=OPEN')).body.stock_takes) {
    assert.is((await t.admin.post(`/api/stock-takes/${s.id}/post`)).status, 200);
  }
});

test('count: set, scan increments, by product_id, sku and barcode; re-counting re-snapshots expected', async () => {
  const id = await open({ brand: 'kedai' });
  let r = await count(id, { sku: 'run-42', add: 1 });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.line.product_id, runner);
  assert.is(r.body.line.counted_qty, 1);
  assert.is(r.body.line.expected_qty, 10);
  r = await count(id, { barcode: 'RUN-42', add: 1 });
  assert.is(r.body.line.counted_qty, 2, 'a scan without a barcode column matches the SKU');
  r = await count(id, { product_id: runner, add: 5 });
  assert.is(r.body.line.counted_qty, 7);
  r = await count(id, { product_id: runner, add: -1 });
  assert.is(r.body.line.counted_qty, 6, 'a negative add takes back a mis-scan');
  r = await count(id, { product_id: runner, counted_qty: 8 });
  assert.is(r.body.line.counted_qty, 8);
  assert.is(r.body.line.variance_qty, -2);
  assert.is(r.body.line.unit_cost, 40);
  assert.is(r.body.line.variance_value, -80);
  assert.is(r.body.totals.units_short, 2);
  // A sale, then a later count: expected is the stock at that later moment.
  assert.is((await t.staff.post('/api/checkout', { items: [{ productId: runner, qty: 1 }] })).status, 201);
  r = await count(id, { product_id: runner, counted_qty: 8 });
  assert.is(r.body.line.expected_qty, 9);
  assert.is(r.body.line.variance_qty, -1);
  // Refusals: nothing written.
  const before = JSON.stringify(t.app.db.prepare('SELECT * FROM stock_take_line').all());
  const refuse = async (body: Record<string, unknown>, status: number, field: string) => {
    const res = await count(id, body);
    assert.is(res.status, status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
    assert.is(res.body.details?.field, field, JSON.stringify(res.body));
  };
  await refuse({ product_id: trail, counted_qty: 1 }, 409, 'product_id'); // brand Peak: out of scope
  await refuse({ sku: 'TRL-43', add: 1 }, 409, 'sku');
  await refuse({ sku: 'NOPE', add: 1 }, 404, 'sku');
  await refuse({ product_id: 999999, counted_qty: 1 }, 404, 'product_id');
  await refuse({ product_id: runner, sku: 'RUN-42', counted_qty: 1 }, 400, 'product_id');
  await refuse({ counted_qty: 1 }, 400, 'product_id');
  await refuse({ product_id: runner }, 400, 'counted_qty');
  await refuse({ product_id: runner, counted_qty: 1, add: 1 }, 400, 'counted_qty');
  await refuse({ product_id: runner, add: -100 }, 400, 'add');
  await refuse({ product_id: runner, add: 0 }, 400, 'add');
  await refuse({ product_id: runner, counted_qty: -1 }, 400, 'counted_qty');
  assert.is(JSON.stringify(t.app.db.prepare('SELECT * FROM stock_take_line').all()), before, 'nothing written');
  assert.is((await count(999999, { product_id: runner, add: 1 })).status, 404);
  // A product counted in one open take cannot be counted in another (posting both would book it twice).
  const other = await open();
  const dup = await count(other, { product_id: runner, add: 1 });
  assert.is(dup.status, 409);
  assert.match(dup.body.error, `open stock take #${id}`);
  assert.is((await count(other, { product_id: trail, counted_qty: 5 })).status, 200);
  assert.is((await t.admin.post(`/api/stock-takes/${other}/post`)).status, 200);
  assert.is((await t.admin.post(`/api/stock-takes/${id}/post`)).status, 200);
});

test("barcode: a scan matches the product's barcode, or its SKU", async () => {
  t.app.db.prepare("UPDATE inventory_product SET barcode = '4006381333931' WHERE id = ?").run(sandal);
  const id = await open({ category: 'Casual' });
  const r = await count(id, { barcode: '4006381333931', add: 1 });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.line.product_id, sandal);
  assert.is((await count(id, { barcode: 'SND-40', add: 1 })).body.line.counted_qty, 2, 'a SKU scanned still matches');
  assert.is((await count(id, { sku: '4006381333931', add: 1 })).status, 404, 'sku matches only the SKU');
  assert.is((await t.admin.post(`/api/stock-takes/${id}/post`)).status, 200);
});

test('post: books each variance as a stock_take ledger adjustment in one go, closes the take, twice is 409; stock = sum of ledger', async () => {
  const s0 = { runner: stockOf(runner), trail: stockOf(trail), sandal: stockOf(sandal) };
  const id = await open();
  assert.is((await count(id, { product_id: runner, counted_qty: s0.runner - 2 })).status, 200);
  assert.is((await count(id, { product_id: trail, counted_qty: s0.trail + 3 })).status, 200);
  assert.is((await count(id, { product_id: sandal, counted_qty: s0.sandal })).status, 200);
  // Sales while the count is open: after Runner was counted.
  assert.is((await t.staff.post('/api/checkout', { items: [{ productId: runner, qty: 2 }] })).status, 201);
  const detail = (await t.admin.get(`/api/stock-takes/${id}`)).body.stock_take;
  assert.is(detail.totals.variance_units, 1);
  assert.is(detail.totals.units_over, 3);
  assert.is(detail.totals.units_short, 2);
  assert.is(detail.totals.variance_value, -80 + 3 * 55.5);
  assert.is(detail.lines.find((l: { product_id: number }) => l.product_id === runner).current_stock_qty, s0.runner - 2);

  const r = await t.admin.post(`/api/stock-takes/${id}/post`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.stock_take.status, 'POSTED');
  assert.ok(r.body.stock_take.posted_at);
  assert.is(stockOf(runner), s0.runner - 2 - 2, 'counted minus what sold after the count');
  assert.is(stockOf(trail), s0.trail + 3);
  assert.is(stockOf(sandal), s0.sandal);
  const moves = t.app.db
    .prepare("SELECT product_id, reason, qty_delta, note FROM inventory_stock_movement WHERE ref_type = 'stock_take' AND ref_id = ? ORDER BY product_id")
    .all(String(id)) as { product_id: number; reason: string; qty_delta: number; note: string }[];
  assert.equal(
    moves.map((m) => [m.product_id, m.reason, m.qty_delta]),
    [
      [runner, 'STOCK_TAKE', -2],
      [trail, 'STOCK_TAKE', 3],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  assert.match(moves[0].note, `Stock take #${id}`);
  for (const p of [runner, trail, sandal]) assert.is(stockOf(p), ledgerSum(p), `product ${p}: stock = sum of ledger`);

  const ledger = rows('inventory_stock_movement');
  const again = await t.admin.post(`/api/stock-takes/${id}/post`);
  assert.is(again.status, 409);
  assert.is(rows('inventory_stock_movement'), ledger, 'posting twice books nothing');
  assert.is((await count(id, { product_id: runner, add: 1 })).status, 409, 'a posted take takes no counts');
  assert.is((await t.admin.post('/api/stock-takes/999999/post')).status, 404);
  assert.is((await t.admin.post(`/api/stock-takes/${id}/post`, { force: true })).status, 400);
});

test('post: a count made stale by later sales is refused whole (nothing booked) until recounted', async () => {
  const p = await make({ item_name: 'Stale', sku: 'STL-1', category: 'Stale', stock_qty: 4 });
  const q = await make({ item_name: 'Fine', sku: 'FIN-1', category: 'Stale', stock_qty: 4 });
  const id = await open({ category: 'Stale' });
  await count(id, { product_id: q, counted_qty: 6 });
  await count(id, { product_id: p, counted_qty: 1 }); // 3 short
  assert.is((await t.staff.post('/api/checkout', { items: [{ productId: p, qty: 2 }] })).status, 201); // 2 left; -3 impossible
  const ledger = rows('inventory_stock_movement');
  const r = await t.admin.post(`/api/stock-takes/${id}/post`);
  assert.is(r.status, 409);
  assert.match(r.body.error, 'Recount Stale');
  assert.is(rows('inventory_stock_movement'), ledger, 'nothing booked, not even the good line');
  assert.is(stockOf(q), 4);
  await count(id, { product_id: p, counted_qty: 0 });
  assert.is((await t.admin.post(`/api/stock-takes/${id}/post`)).status, 200);
  assert.is(stockOf(p), 0);
  assert.is(stockOf(q), 6);
});

test('concurrent tills during an open count and its post: no unit lost, variance against stock at count time', async () => {
  const p = await make({ item_name: 'Busy', sku: 'BSY-1', category: 'Busy', stock_qty: 50 });
  const id = await open({ category: 'Busy' });
  assert.is((await count(id, { product_id: p, counted_qty: 45 })).body.line.expected_qty, 50);
  const sales = Array.from({ length: 10 }, () => t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] }));
  const post = t.admin.post(`/api/stock-takes/${id}/post`);
  const more = Array.from({ length: 10 }, () => t.staff.post('/api/checkout', { items: [{ productId: p, qty: 1 }] }));
  const results = await Promise.all([...sales, post, ...more]);
  assert.ok(
    results.every((r) => r.status === 201 || r.status === 200),
    JSON.stringify(results.map((r) => r.status)),
  );
  assert.is(stockOf(p), 45 - 20, 'counted 45, then 20 sold');
  assert.is(stockOf(p), ledgerSum(p));
});

test('cancel: an OPEN take books nothing, frees its products for another take, then refuses counts, posts and a second cancel', async () => {
  const p = await make({ item_name: 'Cancelled', sku: 'CNL-1', category: 'Cancel', stock_qty: 7 });
  const id = await open({ category: 'Cancel' });
  assert.is((await count(id, { product_id: p, counted_qty: 2 })).status, 200);
  const ledger = rows('inventory_stock_movement');
  assert.is((await t.staff.post(`/api/stock-takes/${id}/cancel`, {})).status, 403);
  let r = await t.admin.post(`/api/stock-takes/${id}/cancel`, {});
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.stock_take.status, 'CANCELLED');
  assert.ok(r.body.stock_take.cancelled_at);
  assert.is(stockOf(p), 7);
  assert.is(rows('inventory_stock_movement'), ledger, 'nothing booked');
  for (const [path, body] of [
    ['counts', { product_id: p, add: 1 }],
    ['post', {}],
    ['cancel', {}],
  ] as const) {
    r = await t.admin.post(`/api/stock-takes/${id}/${path}`, body);
    assert.is(r.status, 409, path);
    assert.is(r.body.code, 'STOCK_TAKE_CANCELLED');
  }
  const again = await open({ category: 'Cancel' });
  assert.is((await count(again, { product_id: p, counted_qty: 7 })).status, 200, 'not held by the cancelled take');
  assert.equal(
    (await t.admin.get('/api/stock-takes?status=CANCELLED')).body.stock_takes.map((s: any) => s.id),
    [id],
  );
  assert.is((await t.admin.post('/api/stock-takes/99999/cancel', {})).status, 404);
  await t.admin.post(`/api/stock-takes/${again}/post`, {});
  assert.is((await t.admin.post(`/api/stock-takes/${again}/cancel`, {})).status, 409, 'posted');
});

test('remove a mistaken count: the line is gone and posting leaves that product alone; only on an OPEN take', async () => {
  const kept = await make({ item_name: 'Kept', sku: 'KPT-1', category: 'Mistake', stock_qty: 4 });
  const wrong = await make({ item_name: 'Wrong shelf', sku: 'WRG-1', category: 'Mistake', stock_qty: 6 });
  const id = await open({ category: 'Mistake' });
  await count(id, { product_id: kept, counted_qty: 3 });
  await count(id, { sku: 'WRG-1', add: 1 });
  assert.is((await t.staff.delete(`/api/stock-takes/${id}/counts/${wrong}`)).status, 403);
  let r = await t.admin.delete(`/api/stock-takes/${id}/counts/${wrong}`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(
    r.body.stock_take.lines.map((l: any) => l.product_id),
    [kept],
  );
  r = await t.admin.delete(`/api/stock-takes/${id}/counts/${wrong}`);
  assert.is(r.status, 404);
  assert.is(r.body.details.field, 'productId');
  assert.is((await t.admin.delete(`/api/stock-takes/99999/counts/${kept}`)).status, 404);
  assert.is((await t.admin.post(`/api/stock-takes/${id}/post`, {})).status, 200);
  assert.is(stockOf(wrong), 6, 'not counted, not booked');
  assert.is(stockOf(kept), 3);
  r = await t.admin.delete(`/api/stock-takes/${id}/counts/${kept}`);
  assert.is(r.status, 409);
  assert.is(r.body.code, 'STOCK_TAKE_POSTED');
});

test('variance CSV: rows, totals, formula-escaped, cookie download', async () => {
  const evil = await make({ item_name: '=HYPERLINK("http://x")', sku: 'EVL-1', category: 'Csv', cost: 12.34, stock_qty: 2 });
  const id = await open({ category: 'Csv' });
  await count(id, { product_id: evil, counted_qty: 5 });
  const r = await t.admin.get(`/api/stock-takes/${id}/variance.csv`);
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), 'text/csv');
  assert.match(String(r.headers['content-disposition']), `stock-take-${id}-variance.csv`);
  const text = String(r.body);
  const lines = text.trim().split('\n');
  assert.is(lines[0], 'Product ID,Item,SKU,Size,Brand,Category,Expected,Counted,Variance,Unit Cost,Variance Value,Counted At');
  assert.match(lines[1], `${evil},"'=HYPERLINK(""http://x"")",EVL-1,,,Csv,2,5,3,12.34,37.02,`);
  assert.ok(lines.includes('Variance Value,37.02'));
  assert.ok(lines.includes('Status,OPEN'));
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'admin123' } });
  const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
  assert.is((await t.app.inject({ method: 'GET', url: `/api/stock-takes/${id}/variance.csv`, headers: { cookie } })).statusCode, 200);
  assert.is((await t.admin.get('/api/stock-takes/999999/variance.csv')).status, 404);
});

test('roles: USER gets 403 on every stock-take route, no session 401', async () => {
  const id = await open({ category: 'Nothing' });
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/stock-takes', {}],
    ['GET', '/api/stock-takes'],
    ['GET', `/api/stock-takes/${id}`],
    ['POST', `/api/stock-takes/${id}/counts`, { product_id: runner, add: 1 }],
    ['POST', `/api/stock-takes/${id}/post`, {}],
    ['GET', `/api/stock-takes/${id}/variance.csv`],
  ];
  for (const [method, url, body] of calls) {
    const r = method === 'GET' ? await t.staff.get(url) : await t.staff.post(url, body);
    assert.is(r.status, 403, `${method} ${url}`);
    const a = method === 'GET' ? await t.anon.get(url) : await t.anon.post(url, body);
    assert.is(a.status, 401, `${method} ${url}`);
  }
  assert.is((await t.admin.get(`/api/stock-takes/${id}`)).body.stock_take.status, 'OPEN');
});

test.run();
