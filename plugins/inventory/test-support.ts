// Helpers for tests of inventory and of the plugins that depend on it: a product through the real API, and its
// stock read against its ledger.
import * as assert from 'uvu/assert';
import type { TestApp } from '../../tests/helpers/app.js';

let skuCounter = 0;

/** Adds a product through the API (ADMIN) and returns its id. */
export async function addProduct(t: TestApp, price: number, stock: number, name = `Shoe ${++skuCounter}`, cost = 0): Promise<number> {
  const r = await t.admin.post('/api/products', { item_name: name, sku: `T-${Date.now()}-${++skuCounter}`, size: '42', selling_price: price, cost, stock_qty: stock, category: 'Test' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product.id;
}

/** Current stock of a product, straight from the table. */
export const stockOf = (t: TestApp, id: number) => t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').pluck().get(id) as number;
/** Sum of a product's ledger movements (must always equal its stock). */
export const ledgerSum = (t: TestApp, id: number) => t.app.db.prepare('SELECT ifnull(sum(qty_delta), 0) FROM inventory_stock_movement WHERE product_id = ?').pluck().get(id) as number;
