// Helpers for the promotions tests: a product with a brand and a category, and a promotion, through the real API.
import * as assert from 'uvu/assert';
import type { Client, TestApp } from '../../tests/helpers/app.js';

let n = 0;

/** Adds a product (size 42, 100 in stock) through the API and returns its id and its style's id. */
export async function addShoe(t: TestApp, price: number, brand: string | null = 'Acme', category: string | null = 'Sneakers') {
  const r = await t.admin.post('/api/products', {
    item_name: `Promo Shoe ${++n}`,
    sku: `PR-${Date.now()}-${n}`,
    size: '42',
    selling_price: price,
    cost: 0,
    stock_qty: 100,
    brand,
    category,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return { id: r.body.product.id as number, styleId: r.body.product.style_id as number };
}

/** Creates a promotion (201 expected) and returns it. */
export async function addPromotion(admin: Client, body: Record<string, unknown>) {
  const r = await admin.post('/api/promotions', body);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.promotion;
}
