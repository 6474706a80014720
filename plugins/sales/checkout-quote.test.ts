// #28.1 POST /api/checkout/quote over real HTTP: the body of a checkout priced as the checkout then charges it
// (every figure equal to the invoice the same body makes), nothing written (no invoice, no stock moved), the
// checkout's own refusals (unknown product naming its line, both sale discounts), the staff discount limit
// reported rather than refused, 5-cent cash rounding, and a session needed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { addProduct } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let shoe: number;
let sock: number;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  shoe = await addProduct(t, 89.9, 10, 'Quote Runner');
  sock = await addProduct(t, 7.45, 50, 'Quote Socks');
});
test.after(async () => {
  await t.close();
});

const count = (sql: string) => t.app.db.prepare(sql).pluck().get() as number;

test('the quote is what the checkout then charges, to the cent; the quote writes nothing', async () => {
  const body = {
    items: [
      { productId: shoe, qty: 2, discount: 5 },
      { productId: sock, qty: 3 },
    ],
    invoiceDiscount: 4,
  };
  const invoices = count('SELECT count(*) FROM sales_invoice');
  const stock = count(`SELECT stock_qty FROM inventory_product WHERE id = ${shoe}`);
  const q = await h.admin.post('/api/checkout/quote', body);
  assert.is(q.status, 200, JSON.stringify(q.body));
  assert.is(count('SELECT count(*) FROM sales_invoice'), invoices, 'no invoice written');
  assert.is(count(`SELECT stock_qty FROM inventory_product WHERE id = ${shoe}`), stock, 'no stock moved');
  const quote = q.body.quote;
  assert.equal(
    quote.items.map((i: any) => [i.product_id, i.qty, i.unit_price, i.discount, i.line_total]),
    [
      [shoe, 2, 89.9, 5, 174.8],
      [sock, 3, 7.45, 0, 22.35],
    ],
  );
  assert.equal(quote.adjustments, []);

  const sale = await h.admin.post('/api/checkout', body);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  for (const field of ['subtotal', 'discount_total', 'tax_total', 'grand_total'] as const) assert.is(quote[field], inv[field], field);
  assert.is(quote.tax_rate, inv.tax_rate);
  // 174.80 + 22.35 = 197.15, less 4% (7.89) = 189.26, plus 9% GST (17.03) = 206.29.
  assert.is(quote.grand_total, 206.29);
});

test("the checkout's refusals, nothing written: an unknown product names its line; both sale discounts", async () => {
  const missing = await h.staff.post('/api/checkout/quote', {
    items: [
      { productId: sock, qty: 1 },
      { productId: 999_999, qty: 1 },
    ],
  });
  assert.is(missing.status, 404);
  assert.is(missing.body.details.field, 'items.1.productId');
  const both = await h.staff.post('/api/checkout/quote', { items: [{ productId: sock, qty: 1 }], invoiceDiscount: 5, invoiceDiscountAmount: 1 });
  assert.is(both.status, 400);
  assert.is(both.body.details.field, 'invoiceDiscountAmount');
  // Rules the till believed in that are not the shop's: refused as the checkout refuses them.
  const rate = await h.staff.post('/api/checkout/quote', { items: [{ productId: sock, qty: 1 }], taxRate: 0.07 });
  assert.equal([rate.status, rate.body.details?.field], [400, 'taxRate']);
  const mode = await h.staff.post('/api/checkout/quote', { items: [{ productId: sock, qty: 1 }], pricesIncludeGst: true });
  assert.equal([mode.status, mode.body.code], [409, 'SETTINGS_CHANGED']);
  // An empty cart is quoted (the till quotes as the cart changes, down to nothing): all zero.
  const empty = await h.staff.post('/api/checkout/quote', { items: [] });
  assert.is(empty.status, 200, JSON.stringify(empty.body));
  assert.equal([empty.body.quote.items.length, empty.body.quote.grand_total], [0, 0]);
  const anon = await h.anon.post('/api/checkout/quote', { items: [{ productId: sock, qty: 1 }] });
  assert.is(anon.status, 401);
});

test("a cashier's discount above the shop's limit is reported (the checkout would ask for a manager), an owner's is not", async () => {
  const body = { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 50 };
  const staff = await h.staff.post('/api/checkout/quote', body);
  assert.is(staff.status, 200, JSON.stringify(staff.body));
  assert.is(staff.body.quote.approval_required, true);
  assert.is(staff.body.quote.discount_percent, 50);
  const owner = await h.admin.post('/api/checkout/quote', body);
  assert.is(owner.body.quote.approval_required, false);
  const refused = await h.staff.post('/api/checkout', body);
  assert.is(refused.status, 403, 'the checkout itself agrees');
  assert.is(refused.body.code, 'APPROVAL_REQUIRED');
  const small = await h.staff.post('/api/checkout/quote', { items: [{ productId: shoe, qty: 1 }], invoiceDiscount: 1 });
  assert.is(small.body.quote.approval_required, false);
});

test('cash rounding: what a customer paying cash hands over, and the rounding', async () => {
  const r = await h.admin.patch('/api/settings', { cash_rounding: true });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const q = await h.staff.post('/api/checkout/quote', { items: [{ productId: sock, qty: 1 }] });
  assert.is(q.status, 200, JSON.stringify(q.body));
  // $7.45 + 9% GST = $8.12 (8.1205 rounded): paid in cash, $8.10.
  assert.is(q.body.quote.grand_total, 8.12);
  assert.is(q.body.quote.cash_rounding, true);
  assert.is(q.body.quote.cash_amount_due, 8.1);
  assert.is(q.body.quote.cash_rounding_amount, -0.02);
});

test.run();
