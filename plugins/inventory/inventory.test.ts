// Product API: roles, the product form's rules at the edge, the stock ledger, archive-vs-delete.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { writeTx } from '../../core/db.js';
import { saveSettings } from '../../core/settings.js';
import { moveStock } from './stock.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t.close();
});

let seq = 0;
/** Creates a product through the API and returns its JSON. */
async function make(fields: Record<string, unknown> = {}) {
  seq++;
  const r = await t.admin.post('/api/products', { item_name: `Test Shoe ${seq}`, sku: `TS-${seq}`, cost: 10, selling_price: 20, stock_qty: 5, ...fields });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product;
}
const counts = () => ({
  products: t.app.db.prepare('SELECT count(*) FROM inventory_product').pluck().get(),
  movements: t.app.db.prepare('SELECT count(*) FROM inventory_stock_movement').pluck().get(),
});
const ledger = (id: number) =>
  t.app.db.prepare('SELECT reason, qty_delta, stock_after, note, user_id FROM inventory_stock_movement WHERE product_id = ? ORDER BY id').all(id) as {
    reason: string;
    qty_delta: number;
    stock_after: number;
    note: string | null;
    user_id: number | null;
  }[];
const ledgerSum = (id: number) => ledger(id).reduce((s, m) => s + m.qty_delta, 0);
const stockOf = (id: number) => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(id) as number;

test('POST creates a product: 201, full JSON in dollars, tax as a fraction, opening stock as an INITIAL movement', async () => {
  const r = await t.admin.post('/api/products', {
    item_name: "Nike Air Force 1 '07",
    sku: 'NK-AF1-WHT-42',
    size: '42',
    brand: 'Nike',
    material: 'Leather',
    category: 'Sneakers',
    cost: 82.5,
    selling_price: 159.9,
    stock_qty: 7,
    tax_rate: 0.09,
  });
  assert.is(r.status, 201);
  const p = r.body.product;
  assert.equal(Object.keys(p).sort(), [
    'barcode',
    'brand',
    'category',
    'colour',
    'cost',
    'created_at',
    'id',
    'image_url',
    'images',
    'item_name',
    'material',
    'reorder_point',
    'selling_price',
    'size',
    'sku',
    'stock_qty',
    'style_id',
    'tax_rate',
    'updated_at',
  ]);
  assert.is(p.barcode, null);
  assert.is(p.colour, null);
  assert.is(p.reorder_point, null);
  // A single product is a style of one.
  const style = (await t.staff.get(`/api/styles/${p.style_id}`)).body.style;
  assert.equal(
    style.products.map((x: { id: number }) => x.id),
    [p.id],
  );
  assert.is(style.item_name, "Nike Air Force 1 '07");
  assert.is(style.selling_price, 159.9);
  assert.is(p.item_name, "Nike Air Force 1 '07");
  assert.is(p.sku, 'NK-AF1-WHT-42');
  assert.is(p.cost, 82.5);
  assert.is(p.selling_price, 159.9);
  assert.is(p.stock_qty, 7);
  assert.is(p.tax_rate, 0.09);
  assert.is(p.image_url, null);
  assert.equal(p.images, []);
  assert.ok(/^\d{4}-\d{2}-\d{2}T/.test(p.created_at));
  const row = t.app.db.prepare('SELECT cost_cents, selling_price_cents, tax_rate_bps FROM inventory_product WHERE id = ?').get(p.id);
  assert.equal(row, { cost_cents: 8250, selling_price_cents: 15990, tax_rate_bps: 900 });
  const adminId = t.app.db.prepare("SELECT id FROM core_user WHERE username = 'admin'").pluck().get();
  assert.equal(
    ledger(p.id).map((m) => [m.reason, m.qty_delta, m.stock_after, m.user_id]),
    [['INITIAL', 7, 7, adminId]],
  );
  const got = await t.staff.get(`/api/products/${p.id}`);
  assert.is(got.status, 200);
  assert.equal(got.body.product, p);
});

test('POST defaults: tax 0.09, cost 0, stock 0 (no movement); empty and null attributes are stored as null; text is trimmed', async () => {
  const r = await t.admin.post('/api/products', {
    item_name: '  Plain Slipper  ',
    selling_price: 5,
    sku: '',
    size: null,
    brand: '  ',
    material: '',
    category: null,
    image_url: '',
  });
  assert.is(r.status, 201);
  const p = r.body.product;
  assert.is(p.item_name, 'Plain Slipper');
  assert.is(p.tax_rate, 0.09);
  assert.is(p.cost, 0);
  assert.is(p.stock_qty, 0);
  for (const k of ['sku', 'size', 'brand', 'material', 'category', 'image_url']) assert.is(p[k], null, k);
  assert.equal(ledger(p.id), []);
  // Products without a SKU do not collide with each other.
  const again = await t.admin.post('/api/products', { item_name: 'Plain Slipper 2', selling_price: 5, sku: '' });
  assert.is(again.status, 201);
  // The default tax follows the shop's GST setting.
  saveSettings(t.app.db, { gst_rate: 0.08 });
  try {
    assert.is((await t.admin.post('/api/products', { item_name: 'Plain Slipper 3', selling_price: 5 })).body.product.tax_rate, 0.08);
  } finally {
    saveSettings(t.app.db, { gst_rate: 0.09 });
  }
});

test('tax rate keeps 2 decimals of a percent (7.25% -> 0.0725) and accepts 0 and 1', async () => {
  assert.is((await make({ tax_rate: 0.0725 })).tax_rate, 0.0725);
  assert.is((await make({ tax_rate: 0 })).tax_rate, 0);
  assert.is((await make({ tax_rate: 1 })).tax_rate, 1);
});

test('roles: anonymous 401 everywhere; staff reads (200) but every write is 403 and writes nothing', async () => {
  const p = await make();
  const before = counts();
  for (const [method, url] of [
    ['get', '/api/products'],
    ['get', '/api/products/facets'],
    ['get', `/api/products/${p.id}`],
    ['post', '/api/products'],
    ['patch', `/api/products/${p.id}`],
    ['delete', `/api/products/${p.id}`],
    ['post', `/api/products/${p.id}/adjust`],
    ['get', `/api/products/${p.id}/movements`],
  ] as const) {
    const r = await (t.anon as any)[method](url, ...(method === 'get' || method === 'delete' ? [] : [{}]));
    assert.is(r.status, 401, `${method} ${url}`);
  }
  assert.is((await t.staff.get('/api/products')).status, 200);
  assert.is((await t.staff.get('/api/products/facets')).status, 200);
  assert.is((await t.staff.get(`/api/products/${p.id}`)).status, 200);
  assert.is((await t.staff.post('/api/products', { item_name: 'Nope', selling_price: 1 })).status, 403);
  assert.is((await t.staff.patch(`/api/products/${p.id}`, { item_name: 'Nope', stock_qty: 99 })).status, 403);
  assert.is((await t.staff.delete(`/api/products/${p.id}`)).status, 403);
  assert.is((await t.staff.post(`/api/products/${p.id}/adjust`, { delta: 5, reason: 'x' })).status, 403);
  assert.is((await t.staff.get(`/api/products/${p.id}/movements`)).status, 403);
  assert.equal(counts(), before);
  const still = (await t.admin.get(`/api/products/${p.id}`)).body.product;
  assert.is(still.item_name, p.item_name);
  assert.is(still.stock_qty, 5);
});

test('POST validation: each bad field is a 400 naming it, and nothing is written', async () => {
  const base = { item_name: 'Valid', sku: 'VAL-1', cost: 1, selling_price: 2, stock_qty: 1, tax_rate: 0.09 };
  const mb = 'x'.repeat(1024 * 1024);
  const cases: [Record<string, unknown>, string][] = [
    [{ ...base, item_name: undefined }, 'item_name'],
    [{ ...base, item_name: '' }, 'item_name'],
    [{ ...base, item_name: '    ' }, 'item_name'],
    [{ ...base, item_name: 'n'.repeat(201) }, 'item_name'],
    [{ ...base, item_name: mb }, 'item_name'],
    [{ ...base, item_name: 42 }, 'item_name'],
    [{ ...base, selling_price: undefined }, 'selling_price'],
    [{ ...base, selling_price: -0.01 }, 'selling_price'],
    [{ ...base, selling_price: 'ten' }, 'selling_price'],
    [{ ...base, cost: -1 }, 'cost'],
    [{ ...base, cost: 1.005 }, 'cost'],
    [{ ...base, stock_qty: -1 }, 'stock_qty'],
    [{ ...base, stock_qty: 1.5 }, 'stock_qty'],
    [{ ...base, tax_rate: 1.01 }, 'tax_rate'],
    [{ ...base, tax_rate: -0.01 }, 'tax_rate'],
    [{ ...base, tax_rate: 9 }, 'tax_rate'],
    [{ ...base, sku: mb }, 'sku'],
    [{ ...base, size: mb }, 'size'],
    [{ ...base, brand: mb }, 'brand'],
    [{ ...base, material: mb }, 'material'],
    [{ ...base, category: mb }, 'category'],
    [{ ...base, image_url: mb }, 'image_url'],
    [{ ...base, image_url: 'javascript:alert(1)' }, 'image_url'],
    [{ ...base, id: 5 }, 'id'],
    [{ ...base, stock: 5 }, 'stock'],
  ];
  const before = counts();
  for (const [body, field] of cases) {
    const r = await t.admin.post('/api/products', JSON.parse(JSON.stringify(body)));
    assert.is(r.status, 400, `${field}: ${JSON.stringify(r.body).slice(0, 200)}`);
    assert.is(r.body.details?.field, field, `field named for ${field}: ${r.body.error}`);
    assert.ok(r.body.error.includes(field), `message names ${field}: ${r.body.error}`);
  }
  assert.equal(counts(), before);
  // Not JSON at all, or no body.
  const raw = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: `Bearer ${t.admin.token}`, 'content-type': 'application/json' },
    payload: '{"item_name":',
  });
  assert.is(raw.statusCode, 400);
  assert.equal(counts(), before);
});

test('duplicate SKU -> 409 "SKU <sku> already exists" (case-insensitive), on POST and PATCH, nothing written', async () => {
  const a = await make({ sku: 'DUP-001' });
  const b = await make({ sku: 'DUP-002' });
  const before = counts();
  const r = await t.admin.post('/api/products', { item_name: 'Other', sku: 'DUP-001', selling_price: 1, stock_qty: 3 });
  assert.is(r.status, 409);
  assert.is(r.body.error, 'SKU DUP-001 already exists');
  const lower = await t.admin.post('/api/products', { item_name: 'Other', sku: 'dup-001', selling_price: 1 });
  assert.is(lower.status, 409);
  const patch = await t.admin.patch(`/api/products/${b.id}`, { sku: 'DUP-001', stock_qty: 50 });
  assert.is(patch.status, 409);
  assert.is(patch.body.error, 'SKU DUP-001 already exists');
  assert.equal(counts(), before);
  assert.is(stockOf(b.id), 5);
  // Keeping its own SKU is not a duplicate.
  assert.is((await t.admin.patch(`/api/products/${a.id}`, { sku: 'DUP-001', item_name: 'Renamed' })).status, 200);
});

test('unknown ids: 404 "Product not found" on read, update, delete and adjust; a non-numeric id is a 400', async () => {
  for (const r of [
    await t.admin.get('/api/products/999999'),
    await t.admin.patch('/api/products/999999', { item_name: 'x' }),
    await t.admin.delete('/api/products/999999'),
    await t.admin.post('/api/products/999999/adjust', { delta: 1, reason: 'x' }),
  ]) {
    assert.is(r.status, 404);
    assert.is(r.body.error, 'Product not found');
  }
  const bad = await t.admin.get('/api/products/abc');
  assert.is(bad.status, 400);
  assert.is(bad.body.details.field, 'id');
});

test('PATCH updates only the given fields; a changed stock_qty is an ADJUSTMENT of the difference', async () => {
  const p = await make({ stock_qty: 10, brand: 'Bata', tax_rate: 0.09 });
  const r = await t.admin.patch(`/api/products/${p.id}`, { selling_price: 25.5, stock_qty: 4, brand: '' });
  assert.is(r.status, 200);
  const q = r.body.product;
  assert.is(q.selling_price, 25.5);
  assert.is(q.stock_qty, 4);
  assert.is(q.brand, null);
  assert.is(q.item_name, p.item_name);
  assert.is(q.cost, p.cost);
  assert.is(q.tax_rate, 0.09);
  assert.equal(
    ledger(p.id).map((m) => [m.reason, m.qty_delta, m.stock_after]),
    [
      ['INITIAL', 10, 10],
      ['ADJUSTMENT', -6, 4],
    ],
  );
  // The same stock again: no movement.
  await t.admin.patch(`/api/products/${p.id}`, { stock_qty: 4, tax_rate: 0.07 });
  assert.is(ledger(p.id).length, 2);
  assert.is((await t.admin.get(`/api/products/${p.id}`)).body.product.tax_rate, 0.07);
  // An empty patch changes nothing.
  const same = await t.admin.patch(`/api/products/${p.id}`, {});
  assert.is(same.status, 200);
  assert.is(same.body.product.stock_qty, 4);
  assert.is(stockOf(p.id), ledgerSum(p.id));
});

test('PATCH validation: bad fields are 400 naming them and change nothing', async () => {
  const p = await make({ stock_qty: 3 });
  const before = counts();
  for (const [body, field] of [
    [{ item_name: '' }, 'item_name'],
    [{ item_name: null }, 'item_name'],
    [{ cost: -5 }, 'cost'],
    [{ selling_price: -1 }, 'selling_price'],
    [{ stock_qty: -2 }, 'stock_qty'],
    [{ tax_rate: 2 }, 'tax_rate'],
    [{ sku: 'x'.repeat(100_000) }, 'sku'],
    [{ created_at: 'x' }, 'created_at'],
  ] as [Record<string, unknown>, string][]) {
    const r = await t.admin.patch(`/api/products/${p.id}`, body);
    assert.is(r.status, 400, field);
    assert.is(r.body.details.field, field);
  }
  assert.equal(counts(), before);
  assert.equal((await t.admin.get(`/api/products/${p.id}`)).body.product, p);
});

test('adjust: moves stock with a ledger row (reason + note), returns the product; below 0 is 409 and writes nothing', async () => {
  const p = await make({ item_name: 'Adjustable Boot', stock_qty: 5 });
  const up = await t.admin.post(`/api/products/${p.id}/adjust`, { delta: 3, reason: 'Stock count', note: 'Found in store room' });
  assert.is(up.status, 200);
  assert.is(up.body.product.stock_qty, 8);
  assert.is(up.body.product.id, p.id);
  const down = await t.admin.post(`/api/products/${p.id}/adjust`, { delta: -8, reason: 'Damaged' });
  assert.is(down.body.product.stock_qty, 0);
  const before = counts();
  const over = await t.admin.post(`/api/products/${p.id}/adjust`, { delta: -1, reason: 'Damaged' });
  assert.is(over.status, 409);
  assert.is(over.body.error, 'Insufficient stock for Adjustable Boot');
  assert.is(over.body.code, 'INSUFFICIENT_STOCK');
  assert.equal(counts(), before);
  const rows = ledger(p.id);
  assert.equal(
    rows.map((m) => [m.reason, m.qty_delta, m.stock_after]),
    [
      ['INITIAL', 5, 5],
      ['ADJUSTMENT', 3, 8],
      ['ADJUSTMENT', -8, 0],
    ],
  );
  assert.is(rows[1].note, 'Stock count: Found in store room');
  assert.is(rows[2].note, 'Damaged');
  assert.is(stockOf(p.id), ledgerSum(p.id));
  const history = await t.admin.get(`/api/products/${p.id}/movements`);
  assert.is(history.status, 200);
  assert.is(history.body.pagination.total, 3);
  assert.equal(
    history.body.movements.map((m: { qty_delta: number }) => m.qty_delta),
    [-8, 3, 5],
  );
});

test('adjust validation: delta must be a non-zero integer; unknown fields refused', async () => {
  const p = await make({ stock_qty: 2 });
  const before = counts();
  for (const [body, field] of [
    [{ delta: 0, reason: 'x' }, 'delta'],
    [{ delta: 1.5, reason: 'x' }, 'delta'],
    [{ reason: 'x' }, 'delta'],
    [{ delta: 'many' }, 'delta'],
    [{ delta: 1, reason: 'x'.repeat(1_000_000) }, 'reason'],
    [{ delta: 1, note: 'n'.repeat(2001) }, 'note'],
    [{ delta: 1, qty: 1 }, 'qty'],
  ] as [Record<string, unknown>, string][]) {
    const r = await t.admin.post(`/api/products/${p.id}/adjust`, body);
    assert.is(r.status, 400, JSON.stringify(body).slice(0, 60));
    assert.is(r.body.details.field, field);
  }
  assert.equal(counts(), before);
});

test('concurrent adjustments never take stock below 0; the ledger explains the final stock', async () => {
  const p = await make({ item_name: 'Hot Item', stock_qty: 10 });
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) => t.admin.post(`/api/products/${p.id}/adjust`, { delta: i % 6 === 0 ? 2 : -1, reason: 'rush' })),
  );
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 409);
  assert.is(ok.length + refused.length, 30);
  for (const r of refused) assert.is(r.body.error, 'Insufficient stock for Hot Item');
  const added = results.filter((r, i) => r.status === 200 && i % 6 === 0).length;
  const removed = results.filter((r, i) => r.status === 200 && i % 6 !== 0).length;
  const final = stockOf(p.id);
  assert.is(final, 10 + 2 * added - removed);
  assert.ok(final >= 0);
  assert.ok(refused.length > 0, 'some were refused');
  assert.is(ledgerSum(p.id), final);
  const rows = ledger(p.id);
  assert.is(rows.length, 1 + ok.length);
  // Every stock_after is the running sum: no lost update.
  let running = 0;
  for (const m of rows) {
    running += m.qty_delta;
    assert.is(m.stock_after, running);
    assert.ok(m.stock_after >= 0);
  }
});

test('moveStock: runs inside the caller transaction (rolls back with it), 409 below zero, 404 unknown', async () => {
  const p = await make({ item_name: 'Seam Shoe', stock_qty: 4 });
  const db = t.app.db;
  assert.throws(
    () =>
      writeTx(db, () => {
        assert.equal(moveStock(db, { productId: p.id, delta: -3, reason: 'SALE', refType: 'invoice', refId: 77, userId: 1 }), { stockAfter: 1 });
        moveStock(db, { productId: p.id, delta: -3, reason: 'SALE', refType: 'invoice', refId: 77 });
      }),
    (e: any) => e.statusCode === 409 && e.code === 'INSUFFICIENT_STOCK' && e.message === 'Insufficient stock for Seam Shoe',
  );
  assert.is(stockOf(p.id), 4);
  assert.is(ledger(p.id).length, 1);
  assert.throws(
    () => moveStock(db, { productId: 987654, delta: 1, reason: 'RETURN' }),
    (e: any) => e.statusCode === 404,
  );
  writeTx(db, () => moveStock(db, { productId: p.id, delta: -1, reason: 'SALE', refType: 'invoice', refId: 78 }));
  const last = db.prepare('SELECT ref_type, ref_id, stock_after FROM inventory_stock_movement WHERE product_id = ? ORDER BY id DESC LIMIT 1').get(p.id);
  assert.equal(last, { ref_type: 'invoice', ref_id: '78', stock_after: 3 });
  // The table itself refuses negative stock, whatever the writer.
  assert.throws(() => db.prepare('UPDATE inventory_product SET stock_qty = -1 WHERE id = ?').run(p.id), /CHECK/);
});

test('DELETE without sales removes the product and its ledger; with a SALE movement it archives and hides it', async () => {
  const fresh = await make({ sku: 'DEL-FRESH' });
  const r = await t.admin.delete(`/api/products/${fresh.id}`);
  assert.is(r.status, 200);
  assert.is(r.body.archived, false);
  assert.is((await t.admin.get(`/api/products/${fresh.id}`)).status, 404);
  assert.is(t.app.db.prepare('SELECT count(*) FROM inventory_product WHERE id = ?').pluck().get(fresh.id), 0);
  assert.equal(ledger(fresh.id), []);

  const sold = await make({ item_name: 'Sold Sandal Zqx', sku: 'DEL-SOLD', stock_qty: 5 });
  writeTx(t.app.db, () => moveStock(t.app.db, { productId: sold.id, delta: -2, reason: 'SALE', refType: 'invoice', refId: 1 }));
  const d = await t.admin.delete(`/api/products/${sold.id}`);
  assert.is(d.status, 200);
  assert.is(d.body.archived, true);
  const row = t.app.db.prepare('SELECT archived_at, stock_qty FROM inventory_product WHERE id = ?').get(sold.id) as {
    archived_at: string | null;
    stock_qty: number;
  };
  assert.ok(row.archived_at, 'archived');
  assert.is(row.stock_qty, 3);
  assert.is(ledger(sold.id).length, 2, 'history kept');
  assert.is((await t.admin.get(`/api/products/${sold.id}`)).status, 404);
  assert.is((await t.admin.delete(`/api/products/${sold.id}`)).status, 404);
  assert.is((await t.admin.post(`/api/products/${sold.id}/adjust`, { delta: 1 })).status, 404);
  const list = await t.admin.get('/api/products?search=Zqx');
  assert.is(list.body.count, 0);
  assert.is((await t.admin.get('/api/products?sku=DEL-SOLD')).body.count, 0);
  // The archived product's SKU is free again.
  const again = await make({ sku: 'DEL-SOLD' });
  assert.ok(again.id !== sold.id);
});

test('DELETE archives instead when another table still refers to the product', async () => {
  const p = await make({ sku: 'DEL-REF' });
  const db = t.app.db;
  db.exec('CREATE TABLE IF NOT EXISTS test_line (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES inventory_product (id))');
  db.prepare('INSERT INTO test_line (product_id) VALUES (?)').run(p.id);
  const r = await t.admin.delete(`/api/products/${p.id}`);
  assert.is(r.status, 200);
  assert.is(r.body.archived, true);
  assert.is(ledger(p.id).length, 1, 'the ledger survived the failed delete');
  assert.is(stockOf(p.id), ledgerSum(p.id));
  db.exec('DROP TABLE test_line');
});

test.run();
