// The checkout reply is built from the rows the sale just wrote (no second read): it must be exactly the
// invoice as stored, i.e. what GET /api/invoices/:id returns, for every kind of sale.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { addCustomer, addProduct } from './test-support.js';

let t: TestApp;
let shoe = 0;
let sock = 0;
let customer = 0;
test.before(async () => {
  t = await testApp();
  shoe = await addProduct(t, 129.9, 1000, 'Trail Runner', 61.2);
  sock = await addProduct(t, 7.35, 1000, 'Ankle Socks', 2);
  customer = await addCustomer(t, 'Ahmad Traders', 5000, 30);
});
test.after(async () => {
  await t.close();
});

// Bodies are functions: the product and customer ids exist only once test.before has run.
const sales: [string, 'staff' | 'admin', () => Record<string, unknown>][] = [
  ['plain cash sale, no payments sent', 'staff', () => ({ items: [{ productId: shoe, qty: 1 }] })],
  [
    'cash with change, line and invoice discounts',
    'admin',
    () => ({
      items: [
        { productId: shoe, qty: 2, discount: 10 },
        { productId: sock, qty: 3 },
      ],
      invoiceDiscount: 12.5,
      tendered: 300,
    }),
  ],
  [
    'NETS and cash (mixed), references, walk-in company',
    'staff',
    () => ({
      items: [
        { productId: sock, qty: 4 },
        { productId: shoe, qty: 1 },
      ],
      walkInCompanyName: '  Lim Shoe Repair  ',
      payments: [
        { method: 'NETS', amount: 100, reference: ' APPR-77 ' },
        { method: 'CASH', amount: 100 },
      ],
    }),
  ],
  ['PayNow for the total', 'staff', () => ({ items: [{ productId: sock, qty: 1 }], payments: [{ method: 'PAYNOW', amount: 8.01, reference: 'PN123' }] })],
  [
    'credit sale, part paid now',
    'admin',
    () => ({
      items: [{ productId: shoe, qty: 3 }],
      customerId: customer,
      payments: [
        { method: 'CASH', amount: 50 },
        { method: 'CREDIT', amount: 374.79 },
      ],
    }),
  ],
  [
    'credit sale, all on account',
    'staff',
    () => ({
      items: [
        { productId: sock, qty: 2 },
        { productId: sock, qty: 1 },
      ],
      customerId: customer,
    }),
  ],
  // #16: staff need a manager's approval above the discount limit; an ADMIN does not.
  ['a 100% discount: nothing to pay', 'admin', () => ({ items: [{ productId: sock, qty: 1 }], invoiceDiscount: 100 })],
  [
    'a staff discount the owner approved',
    'staff',
    () => ({
      items: [{ productId: sock, qty: 1 }],
      invoiceDiscount: 50,
      discountReason: 'Damaged box',
      approval: { username: 'admin', password: 'admin123' },
    }),
  ],
];

for (const [name, who, body] of sales) {
  test(`reply = stored invoice: ${name}`, async () => {
    const r = await t[who].post('/api/checkout', body());
    assert.is(r.status, 201, JSON.stringify(r.body));
    const stored = await t.admin.get(`/api/invoices/${r.body.invoiceId}`);
    assert.is(stored.status, 200);
    assert.equal(r.body.invoice, stored.body.invoice);
    // The serialized text too: same fields in the same order.
    assert.is(JSON.stringify(r.body.invoice), JSON.stringify(stored.body.invoice));
    assert.is(r.body.invoice.created_by, who);
    assert.ok(r.body.invoice.items.length > 0);
  });
}

test('an idempotent replay answers with the stored invoice', async () => {
  const headers = { 'idempotency-key': 'reply-test-1' };
  const first = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }] }, headers);
  assert.is(first.status, 201);
  const again = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }] }, headers);
  assert.is(again.status, 201);
  assert.is(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.body, first.body);
});

test("the reply carries each sold product's stock after the sale (the till updates its cards from it)", async () => {
  const before = (await t.staff.get(`/api/products/${sock}`)).body.product.stock_qty;
  const r = await t.staff.post('/api/checkout', {
    items: [
      { productId: sock, qty: 2 },
      { productId: sock, qty: 1 },
      { productId: shoe, qty: 1 },
    ],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const shoeNow = (await t.staff.get(`/api/products/${shoe}`)).body.product.stock_qty;
  assert.equal(r.body.stock, [
    { product_id: sock, stock_qty: before - 3 },
    { product_id: shoe, stock_qty: shoeNow },
  ]);
});

test.run();
