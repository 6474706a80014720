// #27: inventory_catalogue's counts (kept by migration 004's triggers) always equal a recount, through every
// write the API makes (styles, sizes, products, style edits, deletes, archiving after a sale), and its generation
// moves with each change the facets could see, never with a sale's stock move.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t?.close();
});

const figures = () =>
  t.app.db.prepare('SELECT live_products, live_styles, generation FROM inventory_catalogue').get() as {
    live_products: number;
    live_styles: number;
    generation: number;
  };
const recount = () =>
  t.app.db
    .prepare(`SELECT
    (SELECT count(*) FROM inventory_product WHERE archived_at IS NULL) AS live_products,
    (SELECT count(DISTINCT style_id) FROM inventory_product WHERE archived_at IS NULL AND style_id IS NOT NULL) AS live_styles`)
    .get();
const agrees = (what: string) => {
  const { live_products, live_styles } = figures();
  assert.equal({ live_products, live_styles }, recount(), what);
};

test('the counts follow every write; the generation moves with the facets, not with a sale', async () => {
  agrees('empty');
  const style = (
    await t.admin.post('/api/styles', {
      item_name: 'Samba OG',
      brand: 'Adidas',
      category: 'Sneakers',
      cost: 50,
      selling_price: 150,
      sku_prefix: 'SMB',
      sizes: [
        { size: '40', stock_qty: 5 },
        { size: '41', stock_qty: 5 },
        { size: '42', stock_qty: 5 },
      ],
    })
  ).body.style;
  agrees('a style of three');
  assert.is(figures().live_styles, 1);
  const one = (await t.admin.post('/api/products', { item_name: 'Lone Boot', sku: 'LONE-1', size: '43', selling_price: 80, stock_qty: 2, category: 'Boots' }))
    .body.product;
  agrees('a product of its own');
  assert.equal([figures().live_products, figures().live_styles], [4, 2]);
  assert.is((await t.admin.post(`/api/styles/${style.id}/sizes`, { sizes: [{ size: '43', stock_qty: 1 }] })).status, 201);
  agrees('a size added');

  const before = figures().generation;
  assert.is(
    (
      await t.staff.post('/api/checkout', {
        items: [
          { productId: one.id, qty: 1 },
          { productId: style.products[0].id, qty: 1 },
        ],
      })
    ).status,
    201,
  );
  assert.is(figures().generation, before, 'a sale moves stock, not the generation');
  agrees('after a sale');

  assert.is((await t.admin.patch(`/api/styles/${style.id}`, { brand: 'adidas Originals' })).status, 200);
  assert.ok(figures().generation > before, 'a brand change moves it');
  agrees('a style edited');

  // Sold: archived (the style of one has no live size left); never sold: deleted.
  const sold = await t.admin.delete(`/api/products/${one.id}`);
  assert.is(sold.body.archived, true);
  agrees('the lone boot archived');
  assert.equal([figures().live_products, figures().live_styles], [4, 1]);
  for (const p of style.products.slice(1)) assert.is((await t.admin.delete(`/api/products/${p.id}`)).status, 200);
  agrees('sizes deleted');
  const soldSize = await t.admin.delete(`/api/products/${style.products[0].id}`);
  assert.is(soldSize.body.archived, true);
  agrees('the sold size archived');
  // The size added later is the style's last live one.
  assert.equal([figures().live_products, figures().live_styles], [1, 1]);

  // Straight SQL too (a later migration, a repair): restoring and moving a size.
  t.app.db.prepare('UPDATE inventory_product SET archived_at = NULL WHERE id = ?').run(one.id);
  agrees('restored');
  t.app.db.prepare('UPDATE inventory_product SET style_id = ? WHERE id = ?').run(style.id, one.id);
  agrees('moved to another style');
  assert.equal([figures().live_products, figures().live_styles], [2, 1]);
});

test.run();
