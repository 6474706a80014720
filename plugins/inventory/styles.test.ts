// Styles: a model and its size run as one style with one product per size; shared edits, added sizes,
// barcodes, the style's photo on every size, bad input (409 naming the field, 400, nothing written), the migration.
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { gs1CheckDigit } from './barcode.js';
import createInventory from './migrations/001-create-inventory.sql';
import styles002 from './migrations/002-styles.sql';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t.close();
});

const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const counts = () => ({ styles: count('inventory_style'), products: count('inventory_product'), movements: count('inventory_stock_movement') });
const ean = (body12: string) => body12 + gs1CheckDigit(body12);
const samba = (over: Record<string, unknown> = {}) => ({
  item_name: 'Adidas Samba OG',
  brand: 'Adidas',
  category: 'Sneakers',
  material: 'Suede',
  colour: 'Black',
  cost: 74,
  selling_price: 149,
  sku_prefix: 'AD-SMB',
  sizes: [{ size: '40', stock_qty: 3, barcode: ean('400638133393') }, { size: '41' }, { size: 'UK 7', stock_qty: 2, sku: 'CUSTOM-UK7' }],
  ...over,
});

test('POST /api/styles: the style and one product per size in one go, SKUs <prefix>-<size>, stock through the ledger', async () => {
  const before = counts();
  const r = await t.admin.post('/api/styles', samba());
  assert.is(r.status, 201, JSON.stringify(r.body));
  const s = r.body.style;
  assert.is(s.item_name, 'Adidas Samba OG');
  assert.is(s.colour, 'Black');
  assert.is(s.cost, 74);
  assert.is(s.selling_price, 149);
  assert.is(s.tax_rate, 0.09);
  assert.is(s.sku_prefix, 'AD-SMB');
  assert.is(s.stock_qty, 5);
  assert.equal(
    s.products.map((p: any) => [p.size, p.sku, p.stock_qty, p.barcode]),
    [
      ['40', 'AD-SMB-40', 3, ean('400638133393')],
      ['41', 'AD-SMB-41', 0, null],
      ['UK 7', 'CUSTOM-UK7', 2, null],
    ],
  );
  for (const p of s.products) {
    assert.is(p.style_id, s.id);
    assert.is(p.item_name, 'Adidas Samba OG');
    assert.is(p.colour, 'Black');
    assert.is(p.brand, 'Adidas');
    assert.is(p.selling_price, 149);
    assert.is(p.cost, 74);
  }
  assert.equal(counts(), { styles: before.styles + 1, products: before.products + 3, movements: before.movements + 2 });
  const moves = t.app.db.prepare('SELECT reason, qty_delta FROM inventory_stock_movement WHERE product_id = ?').all(s.products[0].id);
  assert.equal(moves, [{ reason: 'INITIAL', qty_delta: 3 }]);
  // Each size sells as an ordinary product.
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: s.products[0].id, qty: 1 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  assert.is((await t.staff.get(`/api/styles/${s.id}`)).body.style.products[0].stock_qty, 2);
});

test('GET /api/styles: signed-in users list styles with sizes and stock per size, searchable, paginated', async () => {
  await t.admin.post(
    '/api/styles',
    samba({
      item_name: 'Nike Dunk Low Panda',
      brand: 'Nike',
      sku_prefix: 'NK-DNK',
      sizes: [
        { size: '42', stock_qty: 4 },
        { size: '43', stock_qty: 1 },
      ],
    }),
  );
  const r = await t.staff.get('/api/styles?search=dunk');
  assert.is(r.status, 200);
  assert.is(r.body.count, 1);
  assert.equal(r.body.pagination, { page: 1, pageSize: 50, total: 1 });
  assert.equal(
    r.body.styles[0].products.map((p: any) => [p.size, p.stock_qty]),
    [
      ['42', 4],
      ['43', 1],
    ],
  );
  assert.is(r.body.styles[0].stock_qty, 5);
  // The search reaches sizes' SKUs and barcodes; a brand filter narrows.
  assert.is((await t.staff.get('/api/styles?search=NK-DNK-43')).body.styles[0].item_name, 'Nike Dunk Low Panda');
  assert.is((await t.staff.get(`/api/styles?search=${ean('400638133393')}`)).body.styles[0].item_name, 'Adidas Samba OG');
  const nike = (await t.staff.get('/api/styles?brand=Nike')).body;
  assert.ok(nike.styles.every((s: any) => s.brand === 'Nike') && nike.count >= 1);
  const page = (await t.staff.get('/api/styles?pageSize=1&page=2')).body;
  assert.is(page.styles.length, 1);
  assert.equal(page.pagination.pageSize, 1);
  assert.is((await t.staff.get('/api/styles/99999')).status, 404);
});

test('PATCH /api/styles/:id: shared fields on every size at once; reorder point on the style', async () => {
  const s = (await t.admin.post('/api/styles', samba({ sku_prefix: 'PATCH', sizes: [{ size: '38' }, { size: '39' }, { size: '40' }] }))).body.style;
  assert.is((await t.staff.patch(`/api/styles/${s.id}`, { selling_price: 1 })).status, 403);
  const r = await t.admin.patch(`/api/styles/${s.id}`, {
    selling_price: 129.9,
    cost: 70,
    item_name: 'Samba OG Cloud White',
    colour: 'White',
    tax_rate: 0.08,
    reorder_point: 2,
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.style.reorder_point, 2);
  assert.is(r.body.style.selling_price, 129.9);
  for (const p of r.body.style.products) {
    assert.equal(
      [p.item_name, p.selling_price, p.cost, p.colour, p.tax_rate, p.brand, p.reorder_point],
      ['Samba OG Cloud White', 129.9, 70, 'White', 0.08, 'Adidas', null],
    );
  }
  const row = t.app.db.prepare('SELECT selling_price_cents FROM inventory_product WHERE id = ?').pluck().get(s.products[2].id);
  assert.is(row, 12990);
  assert.is((await t.admin.patch('/api/styles/99999', { cost: 1 })).status, 404);
  assert.is((await t.admin.patch(`/api/styles/${s.id}`, { item_name: '  ' })).status, 400);
});

test("POST /api/styles/:id/sizes adds sizes later with the style's fields; a duplicate size is 409", async () => {
  const s = (await t.admin.post('/api/styles', samba({ sku_prefix: 'ADD', sizes: [{ size: '40' }] }))).body.style;
  const r = await t.admin.post(`/api/styles/${s.id}/sizes`, { sizes: [{ size: '42', stock_qty: 6 }, { size: '41' }] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.equal(
    r.body.style.products.map((p: any) => [p.size, p.sku, p.stock_qty, p.selling_price]),
    [
      ['40', 'ADD-40', 0, 149],
      ['41', 'ADD-41', 0, 149],
      ['42', 'ADD-42', 6, 149],
    ],
  );
  const before = counts();
  const dup = await t.admin.post(`/api/styles/${s.id}/sizes`, { sizes: [{ size: '43' }, { size: '40' }] });
  assert.is(dup.status, 409);
  assert.is(dup.body.details.field, 'sizes[1].size');
  assert.equal(counts(), before);
  assert.is((await t.admin.post('/api/styles/99999/sizes', { sizes: [{ size: '1' }] })).status, 404);
  // A single product (a style of one) grows into a size run.
  const single = (await t.admin.post('/api/products', { item_name: 'Loafer', sku: 'LOAF-40', size: '40', selling_price: 80 })).body.product;
  const grown = await t.admin.post(`/api/styles/${single.style_id}/sizes`, { sizes: [{ size: '41', sku: 'LOAF-41' }] });
  assert.is(grown.status, 201, JSON.stringify(grown.body));
  assert.equal(
    grown.body.style.products.map((p: any) => [p.sku, p.item_name, p.selling_price]),
    [
      ['LOAF-40', 'Loafer', 80],
      ['LOAF-41', 'Loafer', 80],
    ],
  );
});

test('bad input: duplicate sizes, SKUs or barcodes are 409 naming the field; >60 sizes, bad check digit: 400; nothing written', async () => {
  const before = counts();
  const cases: [Record<string, unknown>, number, string | null][] = [
    [samba({ sku_prefix: 'B1', sizes: [{ size: '40' }, { size: '40 ' }] }), 409, 'sizes[1].size'],
    [
      samba({
        sku_prefix: 'B2',
        sizes: [
          { size: '40', barcode: 'ABC-1' },
          { size: '41', barcode: 'abc-1' },
        ],
      }),
      409,
      'sizes[1].barcode',
    ],
    [samba({ sku_prefix: 'B3', sizes: [{ size: '40', barcode: ean('400638133393') }] }), 409, 'sizes[0].barcode'],
    [samba({ sku_prefix: 'AD-SMB', sizes: [{ size: '44' }, { size: '40' }] }), 409, 'sizes[1].sku'],
    [
      samba({
        sku_prefix: 'B5',
        sizes: [
          { size: '40', sku: 'X-1' },
          { size: '41', sku: 'x-1' },
        ],
      }),
      409,
      'sizes[1].sku',
    ],
    [samba({ sku_prefix: 'B6', sizes: Array.from({ length: 61 }, (_, i) => ({ size: String(i) })) }), 400, null],
    [samba({ sku_prefix: 'B7', sizes: [] }), 400, null],
    [samba({ sku_prefix: 'B8', sizes: [{ size: '40', barcode: '4006381333930' }] }), 400, 'sizes[0].barcode'],
    [samba({ sku_prefix: '  ' }), 400, 'sku_prefix'],
    [samba({ sku_prefix: 'B9', sizes: [{ size: '   ' }] }), 400, 'sizes[0].size'],
  ];
  for (const [body, status, field] of cases) {
    const r = await t.admin.post('/api/styles', body);
    assert.is(r.status, status, JSON.stringify(r.body));
    if (field) assert.is(r.body.details?.field, field, JSON.stringify(r.body));
  }
  assert.equal(counts(), before);
  // 60 sizes is the most a style takes, also when sizes are added later.
  const full = await t.admin.post('/api/styles', samba({ sku_prefix: 'FULL', sizes: Array.from({ length: 60 }, (_, i) => ({ size: String(20 + i) })) }));
  assert.is(full.status, 201);
  const more = await t.admin.post(`/api/styles/${full.body.style.id}/sizes`, { sizes: [{ size: '99' }] });
  assert.is(more.status, 400);
  assert.is(more.body.details.field, 'sizes');
  assert.is((await t.staff.post('/api/styles', samba({ sku_prefix: 'STAFF' }))).status, 403);
});

test('barcodes: unique among products, exact lookup with ?barcode=, the scanner search puts it first', async () => {
  const code = ean('888000000001');
  const p = await t.admin.post('/api/products', { item_name: 'Scan Me', sku: 'SCAN-1', selling_price: 10, barcode: ` ${code} ` });
  assert.is(p.status, 201, JSON.stringify(p.body));
  assert.is(p.body.product.barcode, code);
  const dup = await t.admin.post('/api/products', { item_name: 'Copy', selling_price: 10, barcode: code });
  assert.is(dup.status, 409);
  assert.is(dup.body.details.field, 'barcode');
  const other = (await t.admin.post('/api/products', { item_name: 'Other', selling_price: 10 })).body.product;
  assert.is((await t.admin.patch(`/api/products/${other.id}`, { barcode: code })).status, 409);
  assert.is((await t.admin.patch(`/api/products/${other.id}`, { barcode: '12345670' })).status, 200);
  assert.is((await t.admin.patch(`/api/products/${other.id}`, { barcode: '12345678' })).status, 400, 'EAN-8 with a wrong check digit');
  const found = await t.staff.get(`/api/products?barcode=${code}`);
  assert.equal(
    found.body.products.map((x: any) => x.sku),
    ['SCAN-1'],
  );
  assert.is((await t.staff.get('/api/products?barcode=0000')).body.count, 0);
  assert.is((await t.staff.get(`/api/products?search=${code}`)).body.products[0].sku, 'SCAN-1');
  // An archived product gives its barcode back.
  assert.is((await t.admin.delete(`/api/products/${p.body.product.id}`)).status, 200);
  assert.is((await t.admin.post('/api/products', { item_name: 'Again', selling_price: 10, barcode: code })).status, 201);
});

test("photos belong to the style: every size without photos of its own shows the style's primary photo", async () => {
  const s = (await t.admin.post('/api/styles', samba({ sku_prefix: 'PHOTO', sizes: [{ size: '40' }, { size: '41' }, { size: '42' }] }))).body.style;
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer();
  const up = await t.admin.post('/api/ecommerce/upload/proxy', {
    productId: s.products[1].id,
    fileData: jpeg.toString('base64'),
    fileName: 'samba.jpg',
    contentType: 'image/jpeg',
  });
  assert.is(up.status, 201, JSON.stringify(up.body));
  const url = up.body.image.url;
  const style = (await t.staff.get(`/api/styles/${s.id}`)).body.style;
  assert.is(style.image_url, url);
  for (const p of style.products) {
    assert.is(p.image_url, url, p.size);
    assert.equal(
      p.images.map((i: any) => i.url),
      [url],
    );
  }
  const one = (await t.staff.get(`/api/products/${s.products[2].id}`)).body.product;
  assert.is(one.image_url, url);
  // The SPEC's per-product image routes still work and list the style's photos (#30).
  assert.is((await t.admin.get(`/api/admin/images/products/${s.products[1].id}/images`)).status, 200);
});

test('migration 002: every existing product becomes a style of its own with its fields', () => {
  const db = new Database(':memory:');
  try {
    db.exec(createInventory);
    db.prepare(`INSERT INTO inventory_product (item_name, sku, size, brand, cost_cents, selling_price_cents, tax_rate_bps, created_at, updated_at)
      VALUES ('Old Boot', 'OLD-1', '42', 'Bata', 1000, 2500, 900, '2024-01-01', '2024-01-01'), ('Old Sandal', NULL, NULL, NULL, 0, 900, 0, '2024-01-01', '2024-01-01')`).run();
    db.exec(styles002);
    const rows = db
      .prepare(`SELECT p.id, p.style_id, s.item_name, s.brand, s.selling_price_cents, s.tax_rate_bps FROM inventory_product p
      JOIN inventory_style s ON s.id = p.style_id ORDER BY p.id`)
      .all();
    assert.equal(rows, [
      { id: 1, style_id: 1, item_name: 'Old Boot', brand: 'Bata', selling_price_cents: 2500, tax_rate_bps: 900 },
      { id: 2, style_id: 2, item_name: 'Old Sandal', brand: null, selling_price_cents: 900, tax_rate_bps: 0 },
    ]);
    // The new search triggers index colour and barcode.
    db.prepare("UPDATE inventory_product SET colour = 'Burgundy', barcode = 'QX-77' WHERE id = 1").run();
    assert.equal(db.prepare("SELECT rowid FROM inventory_product_fts WHERE inventory_product_fts MATCH 'burgundy'").pluck().all(), [1]);
    assert.equal(db.prepare('SELECT rowid FROM inventory_product_fts WHERE inventory_product_fts MATCH \'"QX-77"\'').pluck().all(), [1]);
  } finally {
    db.close();
  }
});

test.run();
