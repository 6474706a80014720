// Helpers for tests of inventory and of the plugins that depend on it: a product through the real API, and its
// stock read against its ledger.
import * as assert from 'uvu/assert';
import type { TestApp } from '../../tests/helpers/app.js';

let skuCounter = 0;

/** Adds a product through the API (ADMIN) and returns its id. */
export async function addProduct(t: TestApp, price: number, stock: number, name = `Shoe ${++skuCounter}`, cost = 0): Promise<number> {
  const r = await t.admin.post('/api/products', {
    item_name: name,
    sku: `T-${Date.now()}-${++skuCounter}`,
    size: '42',
    selling_price: price,
    cost,
    stock_qty: stock,
    category: 'Test',
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product.id;
}

/** Current stock of a product, straight from the table. */
export const stockOf = (t: TestApp, id: number) => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(id) as number;
/** Sum of a product's ledger movements (must always equal its stock). */
export const ledgerSum = (t: TestApp, id: number) =>
  t.app.db.prepare('SELECT ifnull(sum(qty_delta), 0) FROM inventory_stock_movement WHERE product_id = ?').pluck().get(id) as number;

/**
 * A shop-sized catalogue straight in SQL (seconds, not the API's minutes), through the real triggers (search
 * indexes, catalogue counts): `styles` styles of `sizesPerStyle` sizes each, every size with a SKU, a barcode and
 * stock; every 4th style has a reorder point, every 7th size its own; every 50th size is archived.
 */
export function seedCatalogueSql(db: TestApp['app']['db'], styles: number, sizesPerStyle: number): void {
  const brands = ['Nike', 'Adidas', 'ASICS', 'New Balance', 'Clarks', 'Birkenstock', 'Skechers', 'Bata', 'Crocs', 'Puma', 'Converse', 'Vans'];
  const words = ['Air', 'Max', 'Gel', 'Boost', 'Classic', 'Runner', 'Trail', 'Court', 'Street', 'Pro', 'Lite', 'Flex', 'Cloud', 'Zoom'];
  const list = (a: string[]) => `json('${JSON.stringify(a)}')`;
  const pick = (a: string[], expr: string) => `json_extract(${list(a)}, '$[' || ((${expr}) % ${a.length}) || ']')`;
  const now = new Date().toISOString();
  db.transaction(() => {
    db.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO inventory_style (item_name, brand, category, material, colour, cost_cents, selling_price_cents, tax_rate_bps, reorder_point, sku_prefix, created_at, updated_at)
      SELECT ${pick(brands, 'i')} || ' ' || ${pick(words, 'i * 7')} || ' ' || ${pick(words, 'i / 3')} || ' ' || (i % 97),
        ${pick(brands, 'i')}, ${pick(['Sneakers', 'Running', 'Formal', 'Boots', 'Sandals', 'Kids'], 'i / 5')},
        ${pick(['Leather', 'Suede', 'Mesh', 'Canvas', 'Knit'], 'i / 2')}, ${pick(['Black', 'White', 'Navy', 'Grey', 'Red'], 'i / 11')},
        3000, 5000 + (i % 200) * 100, 900, CASE WHEN i % 4 = 0 THEN 3 END, 'ST' || i, ?, ? FROM n`).run(styles, now, now);
    db.prepare(`WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ? - 1)
      INSERT INTO inventory_product (item_name, sku, size, brand, material, category, colour, barcode, reorder_point, style_id, cost_cents, selling_price_cents, stock_qty, tax_rate_bps, image_url, archived_at, created_at, updated_at)
      SELECT s.item_name, s.sku_prefix || '-' || (36 + k.j), CAST(36 + k.j AS TEXT), s.brand, s.material, s.category, s.colour,
        printf('20%011d', s.id * 100 + k.j), CASE WHEN (s.id + k.j) % 7 = 0 THEN 2 END, s.id, s.cost_cents, s.selling_price_cents,
        (s.id * 31 + k.j * 7) % 20, 900, NULL, CASE WHEN (s.id + k.j) % 50 = 0 THEN ? END, ?, ?
      FROM inventory_style s, k ORDER BY s.id, k.j`).run(sizesPerStyle, now, now, now);
  })();
}
