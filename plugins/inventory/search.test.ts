// Product list and search: terms over every attribute, filters, pagination, exact SKU first, facets,
// the search index kept in step with edits, and images read through the image view.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import inventory from './index.js';

let t: TestApp;

const CATALOGUE = [
  { item_name: 'Air Force 1 White', sku: 'NK-AF1-WHT-42', size: '42', brand: 'Nike', material: 'Leather', category: 'Sneakers' },
  { item_name: 'Air Force 1 White', sku: 'NK-AF1-WHT-43', size: '43', brand: 'Nike', material: 'Leather', category: 'Sneakers' },
  { item_name: 'Air Force 1 White', sku: 'NK-AF1-WHT-9', size: '9', brand: 'Nike', material: 'Leather', category: 'Sneakers' },
  { item_name: 'Gel-Kayano 31', sku: 'AS-GK31-BLU-42', size: '42', brand: 'ASICS', material: 'Mesh', category: 'Running' },
  { item_name: 'Desert Boot', sku: 'CL-DSB-BWX-UK8', size: 'UK 8', brand: 'Clarks', material: 'Suede', category: 'Boots' },
  { item_name: 'Arizona Sandal', sku: 'BK-ARZ-BLK-40', size: '40', brand: 'Birkenstock', material: 'Birko-Flor', category: 'Sandals' },
  { item_name: 'Classic Clog', sku: 'CR-CLC-BLK-M10', size: 'M10', brand: 'Crocs', material: 'Croslite', category: 'Slippers' },
  { item_name: 'Zébra Runner', sku: 'ZB-1', size: '10', brand: 'Fila', material: 'Knit', category: 'Running' },
  // Its name contains another product's SKU: the exact SKU must still come first.
  { item_name: 'AAA bundle with NK-AF1-WHT-4', sku: 'NK-AF1-WHT-4', size: null, brand: 'Nike', material: null, category: 'Sneakers' },
];

test.before(async () => {
  t = await testApp();
  for (const p of CATALOGUE) {
    const r = await t.admin.post('/api/products', { ...p, cost: 10, selling_price: 20, stock_qty: 3 });
    assert.is(r.status, 201);
  }
});
test.after(async () => {
  await t.close();
});

const skus = async (query: string) => {
  const r = await t.staff.get(`/api/products${query}`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  return (r.body.products as { sku: string }[]).map((p) => p.sku);
};

test('list: {products, count, pagination}; name order, sizes of one model in entry order', async () => {
  const r = await t.staff.get('/api/products');
  assert.is(r.body.count, CATALOGUE.length);
  assert.equal(r.body.pagination, { page: 1, pageSize: 50, total: CATALOGUE.length });
  assert.equal(
    r.body.products.map((p: { sku: string }) => p.sku),
    ['NK-AF1-WHT-4', 'NK-AF1-WHT-42', 'NK-AF1-WHT-43', 'NK-AF1-WHT-9', 'BK-ARZ-BLK-40', 'CR-CLC-BLK-M10', 'CL-DSB-BWX-UK8', 'AS-GK31-BLU-42', 'ZB-1'],
  );
});

test('search matches name, SKU, brand, category, size and material, case-insensitively, and ANDs the terms', async () => {
  assert.equal(await skus('?search=kayano'), ['AS-GK31-BLU-42']);
  assert.equal(await skus('?search=gel-k'), ['AS-GK31-BLU-42']);
  assert.equal(await skus('?search=dsb-bw'), ['CL-DSB-BWX-UK8']);
  assert.equal(await skus('?search=CLARKS'), ['CL-DSB-BWX-UK8']);
  assert.equal(await skus('?search=sandals'), ['BK-ARZ-BLK-40']);
  assert.equal(await skus('?search=croslite'), ['CR-CLC-BLK-M10']);
  assert.equal(await skus('?search=suede'), ['CL-DSB-BWX-UK8']);
  assert.equal(await skus('?search=uk%208'), ['CL-DSB-BWX-UK8']);
  assert.equal(await skus('?search=nike%2043'), ['NK-AF1-WHT-43']);
  assert.equal(await skus('?search=running%20knit'), ['ZB-1']);
  assert.equal(await skus('?search=zebra'), ['ZB-1'], 'accents do not matter');
  assert.equal((await skus('?search=42')).sort(), ['AS-GK31-BLU-42', 'NK-AF1-WHT-42']);
  assert.equal(await skus('?search=nothing-like-this'), []);
});

test('awkward search text never errors', async () => {
  for (const s of ['"', '""', "'", '%', '_', '*', '-', 'a*', 'NEAR(', 'AND', 'OR NOT', '(', ')', '^', ':', 'x"y', '\\', '🙂', '🙂🙂🙂', '%%%', '  ']) {
    const r = await t.staff.get(`/api/products?search=${encodeURIComponent(s)}`);
    assert.is(r.status, 200, `${s}: ${JSON.stringify(r.body)}`);
    assert.ok(Array.isArray(r.body.products));
  }
  const long = await t.staff.get(`/api/products?search=${'a'.repeat(201)}`);
  assert.is(long.status, 400);
  assert.is(long.body.details.field, 'search');
});

test('exact SKU: ?sku= finds exactly one (case-insensitive); a search equal to a SKU puts it first', async () => {
  assert.equal(await skus('?sku=nk-af1-wht-42'), ['NK-AF1-WHT-42']);
  assert.equal(await skus('?sku=NK-AF1'), []);
  const found = await skus('?search=NK-AF1-WHT-4');
  assert.is(found[0], 'NK-AF1-WHT-4');
  assert.equal(found.slice(1), ['NK-AF1-WHT-42', 'NK-AF1-WHT-43']);
  // Paging stays consistent with the exact match pinned on page 1.
  assert.equal(await skus('?search=NK-AF1-WHT-4&pageSize=1&page=1'), ['NK-AF1-WHT-4']);
  assert.equal(await skus('?search=NK-AF1-WHT-4&pageSize=1&page=2'), ['NK-AF1-WHT-42']);
  assert.equal(await skus('?search=NK-AF1-WHT-4&pageSize=1&page=3'), ['NK-AF1-WHT-43']);
  assert.equal(await skus('?search=NK-AF1-WHT-4&pageSize=1&page=4'), []);
  // The exact match still obeys the filters.
  assert.equal(await skus('?search=NK-AF1-WHT-4&category=Running'), []);
});

test('filters: category, brand, size, material (case-insensitive), combined with search', async () => {
  assert.equal((await skus('?category=Running')).sort(), ['AS-GK31-BLU-42', 'ZB-1']);
  assert.equal(await skus('?brand=nike&size=42'), ['NK-AF1-WHT-42']);
  assert.equal(await skus('?size=UK%208'), ['CL-DSB-BWX-UK8']);
  assert.equal(await skus('?material=Mesh'), ['AS-GK31-BLU-42']);
  assert.equal(await skus('?category=Running&search=gel'), ['AS-GK31-BLU-42']);
  assert.equal(await skus('?category=Boots&search=gel'), []);
  // Empty filters are ignored, as the UI drops them.
  assert.is((await skus('?category=&brand=&size=&search=')).length, CATALOGUE.length);
  const bad = await t.staff.get('/api/products?colour=red');
  assert.is(bad.status, 400);
  assert.is(bad.body.details.field, 'colour');
});

test('pagination: page and pageSize, count is the total, pageSize max 200', async () => {
  const all = await skus('?pageSize=200');
  const pages: string[] = [];
  for (let page = 1; page <= 3; page++) {
    const r = await t.staff.get(`/api/products?pageSize=4&page=${page}`);
    assert.is(r.body.count, CATALOGUE.length);
    assert.equal(r.body.pagination, { page, pageSize: 4, total: CATALOGUE.length });
    pages.push(...r.body.products.map((p: { sku: string }) => p.sku));
  }
  assert.equal(pages, all);
  assert.equal(await skus('?page=99'), []);
  for (const q of ['?pageSize=201', '?pageSize=0', '?page=0', '?page=x']) assert.is((await t.staff.get(`/api/products${q}`)).status, 400, q);
});

test('facets: distinct values of live products, sizes in natural order', async () => {
  const r = await t.staff.get('/api/products/facets');
  assert.is(r.status, 200);
  assert.equal(r.body.categories, ['Boots', 'Running', 'Sandals', 'Slippers', 'Sneakers']);
  assert.equal(r.body.brands, ['ASICS', 'Birkenstock', 'Clarks', 'Crocs', 'Fila', 'Nike']);
  assert.equal(r.body.sizes, ['9', '10', '40', '42', '43', 'M10', 'UK 8']);
  assert.equal(r.body.materials, ['Birko-Flor', 'Croslite', 'Knit', 'Leather', 'Mesh', 'Suede']);
});

test('the search index follows renames, archiving and deletes', async () => {
  const c = await t.admin.post('/api/products', { item_name: 'Moccasin Qwv', sku: 'MOC-1', brand: 'Hush Puppies', selling_price: 50, stock_qty: 1 });
  const id = c.body.product.id;
  assert.equal(await skus('?search=qwv'), ['MOC-1']);
  await t.admin.patch(`/api/products/${id}`, { item_name: 'Loafer Pxy', sku: 'LOAF-1' });
  assert.equal(await skus('?search=qwv'), []);
  assert.equal(await skus('?search=MOC-1'), []);
  assert.equal(await skus('?search=pxy'), ['LOAF-1']);
  assert.equal(await skus('?search=loaf-1'), ['LOAF-1']);
  // A stock change does not disturb the index.
  await t.admin.post(`/api/products/${id}/adjust`, { delta: 4, reason: 'delivery' });
  assert.equal(await skus('?search=pxy'), ['LOAF-1']);
  // Archived (sold before): gone from search, brand facet and counts.
  t.app.db
    .prepare(
      "INSERT INTO inventory_stock_movement (product_id, reason, qty_delta, stock_after, created_at) VALUES (?, 'SALE', -1, 4, '2024-01-01T00:00:00.000Z')",
    )
    .run(id);
  t.app.db.prepare('UPDATE inventory_product SET stock_qty = 4 WHERE id = ?').run(id);
  assert.is((await t.admin.delete(`/api/products/${id}`)).body.archived, true);
  assert.equal(await skus('?search=pxy'), []);
  assert.equal(await skus('?search=hush'), []);
  assert.not.ok((await t.staff.get('/api/products/facets')).body.brands.includes('Hush Puppies'));
  const gone = await t.admin.post('/api/products', { item_name: 'Temp Vvq', selling_price: 1 });
  await t.admin.delete(`/api/products/${gone.body.product.id}`);
  assert.is((await t.staff.get('/api/products?search=vvq')).body.count, 0);
  const fts = t.app.db.prepare('SELECT count(*) FROM inventory_product_fts').pluck().get();
  const live = t.app.db.prepare('SELECT count(*) FROM inventory_product WHERE archived_at IS NULL').pluck().get();
  assert.is(fts, live);
});

test('images[] and image_url come from the image view: primary, else first, else the own image_url', async () => {
  // An app with inventory alone, so the view is inventory's empty one and this test can stand in for the images plugin.
  const solo = await testApp({ plugins: [inventory] });
  try {
    const mk = async (image_url: string | null) => (await solo.admin.post('/api/products', { item_name: 'Pic', selling_price: 1, image_url })).body.product;
    const own = await mk('/media/own.jpg');
    assert.is(own.image_url, '/media/own.jpg');
    assert.equal(own.images, []);
    const a = await mk('/media/a-own.jpg');
    const b = await mk(null);
    const db = solo.app.db;
    db.exec(`CREATE TABLE test_image (id INTEGER PRIMARY KEY, product_id INTEGER, url TEXT, thumb_url TEXT, alt TEXT, is_primary INTEGER, position INTEGER);
      DROP VIEW inventory_product_image;
      CREATE VIEW inventory_product_image AS SELECT product_id, id, url, thumb_url, alt, is_primary, position FROM test_image;`);
    const add = db.prepare('INSERT INTO test_image (product_id, url, thumb_url, alt, is_primary, position) VALUES (?, ?, ?, ?, ?, ?)');
    add.run(a.id, '/media/a1.webp', '/media/a1-t.webp', 'side', 0, 1);
    add.run(a.id, '/media/a2.webp', '/media/a2-t.webp', 'front', 1, 2);
    add.run(a.id, '/media/a0.webp', null, null, 0, 0);
    add.run(b.id, '/media/b1.webp', '/media/b1-t.webp', 'only', 0, 5);
    const list = (await solo.staff.get('/api/products?search=pic')).body.products as any[];
    const byId = new Map(list.map((p) => [p.id, p]));
    assert.equal(
      byId.get(a.id).images.map((i: any) => i.url),
      ['/media/a2.webp', '/media/a0.webp', '/media/a1.webp'],
    );
    assert.equal(byId.get(a.id).images[0], {
      id: byId.get(a.id).images[0].id,
      url: '/media/a2.webp',
      thumbUrl: '/media/a2-t.webp',
      alt: 'front',
      isPrimary: true,
    });
    assert.is(byId.get(a.id).image_url, '/media/a2.webp');
    assert.is(byId.get(b.id).image_url, '/media/b1.webp', 'no primary: the first');
    assert.is(byId.get(own.id).image_url, '/media/own.jpg', 'no images: its own image_url');
    assert.is((await solo.staff.get(`/api/products/${a.id}`)).body.product.image_url, '/media/a2.webp');
    assert.is(list.length, 3);
  } finally {
    await solo.close();
  }
});

test.run();
