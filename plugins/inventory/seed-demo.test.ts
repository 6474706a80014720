// The demo catalogue: a believable footwear shop, loaded with its stock explained by INITIAL movements.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp } from '../../tests/helpers/app.js';
import { demoCatalogue, demoStyles } from '../../data/demo/catalogue.js';
import inventory from './index.js';

test('the catalogue: ~150 unique SKUs, several sizes per model, costs below prices, some sold out', () => {
  const c = demoCatalogue();
  assert.ok(c.length >= 140 && c.length <= 170, `${c.length} products`);
  assert.is(new Set(c.map((p) => p.sku)).size, c.length);
  for (const p of c) {
    assert.ok(p.cost < p.selling_price, p.sku);
    assert.ok(p.sku.length <= 64 && /^[A-Z0-9-]+$/.test(p.sku), p.sku);
    assert.is(Math.round(p.selling_price * 100) / 100, p.selling_price, `${p.sku} has at most 2 decimals`);
  }
  const models = new Map<string, number>();
  for (const p of c) models.set(p.item_name, (models.get(p.item_name) ?? 0) + 1);
  assert.ok(
    [...models.values()].every((n) => n >= 3),
    'every model in several sizes',
  );
  const categories = new Set(c.map((p) => p.category));
  for (const cat of ['Sneakers', 'Running', 'Formal', 'Boots', 'Sandals', 'Kids', 'Slippers']) assert.ok(categories.has(cat), cat);
  const brands = new Set(c.map((p) => p.brand));
  for (const b of ['Nike', 'Adidas', 'ASICS', 'New Balance', 'Clarks', 'Birkenstock', 'Dr. Martens', 'Skechers', 'Bata', 'Crocs']) assert.ok(brands.has(b), b);
  assert.ok(c.filter((p) => p.stock_qty === 0).length >= 3, 'a few sold out');
});

test('seedDemo loads it on a new demo database; stock equals the sum of INITIAL movements', async () => {
  const t = await testApp({ demo: true, plugins: [inventory] });
  try {
    const c = demoCatalogue();
    const r = await t.staff.get('/api/products?pageSize=200');
    assert.is(r.body.count, c.length);
    const af1 = (await t.staff.get('/api/products?sku=NK-AF1-WHT-42')).body.products[0];
    assert.is(af1.item_name, "Nike Air Force 1 '07 White");
    assert.is(af1.size, '42');
    assert.is(af1.selling_price, 159);
    assert.is(af1.tax_rate, 0.09);
    assert.is(af1.colour, 'White');
    // One style per model, its sizes the model's products.
    const styles = await t.staff.get('/api/styles?pageSize=200');
    assert.is(styles.body.count, demoStyles().length);
    const style = (await t.staff.get(`/api/styles/${af1.style_id}`)).body.style;
    assert.equal(
      style.products.map((p: { sku: string }) => p.sku),
      ['NK-AF1-WHT-40', 'NK-AF1-WHT-41', 'NK-AF1-WHT-42', 'NK-AF1-WHT-43', 'NK-AF1-WHT-44'],
    );
    assert.is(style.stock_qty, 6 + 8 + 0 + 7 + 4);
    const bad = t.app.db
      .prepare(`SELECT p.sku FROM inventory_product p
      WHERE p.stock_qty <> (SELECT ifnull(sum(qty_delta), 0) FROM inventory_stock_movement m WHERE m.product_id = p.id)`)
      .all();
    assert.equal(bad, []);
    const reasons = t.app.db.prepare('SELECT DISTINCT reason FROM inventory_stock_movement').pluck().all();
    assert.equal(reasons, ['INITIAL']);
    const total = t.app.db.prepare('SELECT sum(stock_qty) FROM inventory_product').pluck().get();
    assert.is(
      total,
      c.reduce((s, p) => s + p.stock_qty, 0),
    );
    const facets = (await t.staff.get('/api/products/facets')).body;
    assert.ok(facets.categories.includes('Boots'));
    assert.equal(facets.materials.slice(0, 3), ['Birko-Flor', 'Canvas', 'Croslite'], 'every material of the catalogue, for the image screens');
    assert.is(facets.brands.length, new Set(c.map((p) => p.brand)).size);
    assert.ok(facets.sizes.indexOf('40') < facets.sizes.indexOf('43'));
  } finally {
    await t.close();
  }
});

test.run();
