// Checkout through the API: cent-exact totals, GST once, stock under concurrent tills, idempotency,
// credit limits, due dates, numbering, and refusals that write nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { addDays, localDate } from '../../core/clock.js';
import { checkout } from './actions/checkout.js';
import { addCustomer, addProduct, ledgerSum, salesCounts, stockOf } from './test-support.js';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => {
  await t.close();
});

test('19.99 x 3 with a 10% invoice discount: subtotal 59.97, discount 6.00, GST 4.86, total 58.83', async () => {
  const id = await addProduct(t, 19.99, 10, 'Canvas Sneaker');
  const r = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 3, unitPrice: 1 }], invoiceDiscount: 10, taxRate: 0.09 });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(r.body.invoiceId, inv.id);
  assert.is(r.body.number, inv.number);
  assert.match(inv.number, /^INV-\d{8}-0001$/);
  assert.is(inv.number.slice(4, 12), localDate(new Date(), 'Asia/Singapore').replace(/-/g, ''));
  assert.is(inv.subtotal, 59.97);
  assert.is(inv.discount_total, 6);
  assert.is(inv.tax_total, 4.86);
  assert.is(inv.grand_total, 58.83);
  assert.is(inv.tax_rate, 0.09);
  assert.is(inv.payment_status, 'PAID');
  assert.is(inv.payment_method, 'CASH');
  assert.is(inv.amount_paid, 58.83);
  assert.is(inv.outstanding, 0);
  assert.is(inv.customer.name, 'Walk-in Customer');
  assert.is(inv.customer.id, null);
  assert.is(inv.created_by, 'staff');
  assert.equal(
    inv.items.map((i: any) => [i.product_id, i.description, i.qty, i.unit_price, i.line_total, i.size]),
    [[id, 'Canvas Sneaker', 3, 19.99, 59.97, '42']],
  );
  assert.equal(
    inv.payments.map((p: any) => [p.method, p.amount]),
    [['CASH', 58.83]],
  );
  assert.is(stockOf(t, id), 7);
  const move = t.app.db.prepare("SELECT * FROM inventory_stock_movement WHERE product_id = ? AND reason = 'SALE'").get(id) as any;
  assert.is(move.qty_delta, -3);
  assert.is(move.ref_type, 'invoice');
  assert.is(move.ref_id, String(inv.id));
  // Cost is captured on the line for gross-profit reports.
  const line = t.app.db.prepare('SELECT unit_cost_cents FROM sales_invoice_line WHERE invoice_id = ?').get(inv.id) as any;
  assert.is(line.unit_cost_cents, 0);
});

test('a line discount comes off that line before GST; cost is captured at sale time', async () => {
  const id = await addProduct(t, 100, 5, 'Leather Boot', 42.5);
  const r = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 2, discount: 15.5 }] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.items[0].discount, 15.5);
  assert.is(inv.items[0].line_total, 184.5);
  assert.is(inv.subtotal, 184.5);
  assert.is(inv.discount_total, 15.5);
  assert.is(inv.tax_total, 16.61); // 16.605 half-up
  assert.is(inv.grand_total, 201.11);
  const line = t.app.db.prepare('SELECT unit_cost_cents FROM sales_invoice_line WHERE invoice_id = ?').get(inv.id) as any;
  assert.is(line.unit_cost_cents, 4250);
  const over = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1, discount: 100.01 }] });
  assert.is(over.status, 400);
  assert.is(over.body.details.field, 'items.0.discount');
});

test('GST is charged once on the invoice, not rounded per line (20 lines of $0.05)', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) ids.push(await addProduct(t, 0.05, 3, `Shoelace ${i}`));
  const r = await t.staff.post('/api/checkout', { items: ids.map((productId) => ({ productId, qty: 1 })) });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.invoice.subtotal, 1);
  assert.is(r.body.invoice.tax_total, 0.09); // per line it would be 20 x round(0.0045) = 0.00
  assert.is(r.body.invoice.grand_total, 1.09);
  assert.is(r.body.invoice.items.length, 20);
});

test('lines of the same product merge', async () => {
  const id = await addProduct(t, 10, 10);
  const r = await t.staff.post('/api/checkout', {
    items: [
      { productId: id, qty: 1 },
      { productId: id, qty: 2 },
    ],
  });
  assert.is(r.status, 201);
  assert.equal(
    r.body.invoice.items.map((i: any) => i.qty),
    [3],
  );
  assert.is(stockOf(t, id), 7);
});

test('a taxRate other than the configured 9% is a 400 naming taxRate, and writes nothing', async () => {
  const id = await addProduct(t, 10, 5);
  const before = salesCounts(t);
  const r = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }], taxRate: 0.07 });
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'taxRate');
  assert.equal(salesCounts(t), before);
  assert.is(stockOf(t, id), 5);
});

test('40 concurrent tills for the last 5 units: exactly 5 sales, stock 0, ledger agrees', async () => {
  const id = await addProduct(t, 25, 5, 'Last Pair Runner');
  const before = t.app.db.prepare('SELECT count(*) FROM sales_invoice').pluck().get() as number;
  const replies = await Promise.all(Array.from({ length: 40 }, () => t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }] })));
  const ok = replies.filter((r) => r.status === 201);
  const refused = replies.filter((r) => r.status === 409);
  assert.is(ok.length, 5);
  assert.is(refused.length, 35);
  for (const r of refused) {
    assert.is(r.body.error, 'Insufficient stock for Last Pair Runner');
    assert.is(r.body.code, 'INSUFFICIENT_STOCK');
  }
  assert.is(stockOf(t, id), 0);
  assert.is(ledgerSum(t, id), 0);
  assert.is(t.app.db.prepare('SELECT count(*) FROM sales_invoice').pluck().get(), before + 5);
  assert.is(t.app.db.prepare('SELECT sum(qty) FROM sales_invoice_line WHERE product_id = ?').pluck().get(id), 5);
  // Numbers are unique and consecutive: refused sales used no number.
  const seqs = ok.map((r) => Number(r.body.number.slice(-4))).sort((a, b) => a - b);
  for (let i = 1; i < seqs.length; i++) assert.is(seqs[i], seqs[i - 1] + 1);
});

test('quantity above stock: 409 with the item name, nothing written', async () => {
  const a = await addProduct(t, 10, 5, 'Plenty Slipper');
  const b = await addProduct(t, 10, 1, 'Scarce Sandal');
  const before = salesCounts(t);
  const r = await t.staff.post('/api/checkout', {
    items: [
      { productId: a, qty: 2 },
      { productId: b, qty: 2 },
    ],
  });
  assert.is(r.status, 409);
  assert.is(r.body.error, 'Insufficient stock for Scarce Sandal');
  assert.equal(salesCounts(t), before);
  assert.is(stockOf(t, a), 5);
  assert.is(stockOf(t, b), 1);
});

test('Idempotency-Key: a retry returns the first sale and writes nothing more', async () => {
  const id = await addProduct(t, 30, 5);
  const body = { items: [{ productId: id, qty: 2 }] };
  const first = await t.staff.post('/api/checkout', body, { 'idempotency-key': 'till-1-abc' });
  assert.is(first.status, 201);
  const before = salesCounts(t);
  const again = await t.staff.post('/api/checkout', body, { 'idempotency-key': 'till-1-abc' });
  assert.is(again.status, 201);
  assert.is(again.body.invoiceId, first.body.invoiceId);
  assert.is(again.body.number, first.body.number);
  assert.equal(again.body.invoice, first.body.invoice);
  assert.is(again.headers['idempotent-replayed'], 'true');
  assert.equal(salesCounts(t), before);
  assert.is(stockOf(t, id), 3);
  const other = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }] }, { 'idempotency-key': 'till-1-abc' });
  assert.is(other.status, 409);
  assert.equal(salesCounts(t), before);
  const fresh = await t.staff.post('/api/checkout', body, { 'idempotency-key': 'till-1-def' });
  assert.is(fresh.status, 201);
  assert.is.not(fresh.body.invoiceId, first.body.invoiceId);
  // A till that fires the same request several times at once still makes one sale.
  const burst = await Promise.all(
    Array.from({ length: 5 }, () => t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }] }, { 'idempotency-key': 'till-1-burst' })),
  );
  assert.equal(
    burst.map((r) => r.status),
    [201, 201, 201, 201, 201],
  );
  assert.is(new Set(burst.map((r) => r.body.invoiceId)).size, 1);
  assert.is(stockOf(t, id), 0);
});

test('credit sale: UNPAID, CREDIT, due date = today + terms; above available credit: 409 with the spec (docs/spec.md) message', async () => {
  const id = await addProduct(t, 50, 20, 'School Shoe');
  const cust = await addCustomer(t, 'Credit School', 200, 30);
  const before = salesCounts(t);
  const tooMuch = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 4 }], customerId: cust }); // 218.00
  assert.is(tooMuch.status, 409);
  assert.is(tooMuch.body.error, 'Insufficient credit. Available: $200.00, Required: $218.00');
  assert.equal(salesCounts(t), before);

  const ok = await t.staff.post('/api/checkout', {
    items: [{ productId: id, qty: 2 }],
    customerId: cust,
    payments: [{ method: 'CREDIT', amount: 109 }],
    paymentStatus: 'UNPAID',
  });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  const inv = ok.body.invoice;
  assert.is(inv.payment_status, 'UNPAID');
  assert.is(inv.payment_method, 'CREDIT');
  assert.is(inv.grand_total, 109);
  assert.is(inv.outstanding, 109);
  assert.equal(inv.payments, []);
  const today = localDate(new Date(), 'Asia/Singapore');
  assert.is(inv.business_date, today);
  assert.is(inv.due_date, addDays(today, 30));
  assert.is(inv.customer.name, 'Credit School');
  assert.is(inv.customer.company, 'Credit School Pte Ltd');
  assert.is(inv.customer.id, cust);
  const c = await t.staff.get(`/api/customers/${cust}`);
  assert.is(c.body.customer.outstanding_balance, 109);

  const second = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 2 }], customerId: cust });
  assert.is(second.status, 409);
  assert.is(second.body.error, 'Insufficient credit. Available: $91.00, Required: $109.00');
});

test('walk-in cash: tendered gives change; mixed NETS + cash; CREDIT without a customer is refused', async () => {
  const id = await addProduct(t, 19.99, 20);
  const cash = await t.staff.post('/api/checkout', {
    items: [{ productId: id, qty: 3 }],
    invoiceDiscount: 10,
    payments: [{ method: 'CASH', amount: 58.83 }],
    tendered: 100,
  });
  assert.is(cash.status, 201);
  assert.is(cash.body.invoice.tendered, 100);
  assert.is(cash.body.invoice.change, 41.17);
  assert.equal(
    cash.body.invoice.payments.map((p: any) => p.amount),
    [58.83],
  );

  const mixed = await t.staff.post('/api/checkout', {
    items: [{ productId: id, qty: 3 }],
    invoiceDiscount: 10,
    payments: [
      { method: 'NETS', amount: 20, reference: 'N-1' },
      { method: 'CASH', amount: 50 },
    ],
  });
  assert.is(mixed.status, 201, JSON.stringify(mixed.body));
  const m = mixed.body.invoice;
  assert.is(m.payment_method, 'MIXED');
  assert.is(m.payment_status, 'PAID');
  assert.equal(m.payments.map((p: any) => [p.method, p.amount]).sort(), [
    ['CASH', 38.83],
    ['NETS', 20],
  ]);
  assert.is(m.change, 11.17);
  assert.is(m.amount_paid, 58.83);

  const paynow = await t.staff.post('/api/checkout', {
    items: [{ productId: id, qty: 1 }],
    payments: [{ method: 'PAYNOW', amount: 21.79, reference: 'PN-9' }],
  });
  assert.is(paynow.status, 201);
  assert.is(paynow.body.invoice.payment_method, 'PAYNOW');

  const before = salesCounts(t);
  const credit = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }], payments: [{ method: 'CREDIT', amount: 21.79 }] });
  assert.is(credit.status, 400);
  assert.is(credit.body.details.field, 'customerId');
  const netsOver = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }], payments: [{ method: 'NETS', amount: 30 }] });
  assert.is(netsOver.status, 400);
  assert.equal(salesCounts(t), before);
});

test('bad input: 400 naming the field, nothing written', async () => {
  const id = await addProduct(t, 10, 5);
  const before = salesCounts(t);
  const cases: [unknown, string, string?][] = [
    [{ items: [{ productId: id, qty: 1 }], surprise: true }, 'surprise'],
    [{ items: [{ productId: id, qty: 1, colour: 'red' }] }, 'items.0.colour'],
    [{ items: [{ productId: id, qty: -1 }] }, 'items.0.qty'],
    [{ items: [{ productId: id, qty: 0 }] }, 'items.0.qty'],
    [{ items: [{ productId: id, qty: 1.5 }] }, 'items.0.qty'],
    [{ items: [] }, 'items', 'Cart is empty'],
    [{}, 'items'],
    [{ items: [{ productId: id, qty: 1 }], payments: [{ method: 'CASH', amount: 5 }] }, 'payments', 'Payments do not cover the total'],
    [{ items: [{ productId: id, qty: 1 }], payments: [{ method: 'CARD', amount: 10.9 }] }, 'payments.0.method'],
    [{ items: [{ productId: id, qty: 1 }], payments: [{ method: 'CASH', amount: 10.999 }] }, 'payments.0.amount'],
    [{ items: [{ productId: id, qty: 1 }], tendered: 5 }, 'tendered'],
    [{ items: [{ productId: id, qty: 1 }], invoiceDiscount: 101 }, 'invoiceDiscount'],
    [{ items: [{ productId: id, qty: 1 }], walkInCompanyName: 'x'.repeat(1_000_000) }, 'walkInCompanyName'],
    [{ items: [{ productId: '1', qty: 1 }] }, 'items.0.productId'],
  ];
  for (const [body, field, message] of cases) {
    const r = await t.staff.post('/api/checkout', body);
    assert.is(r.status, 400, `${JSON.stringify(body).slice(0, 80)} -> ${r.status} ${JSON.stringify(r.body)}`);
    assert.is(r.body.details.field, field);
    if (message) assert.is(r.body.error, message);
  }
  const unknown = await t.staff.post('/api/checkout', { items: [{ productId: 999_999, qty: 1 }] });
  assert.is(unknown.status, 404);
  assert.is(unknown.body.error, 'Product not found');
  const noCustomer = await t.staff.post('/api/checkout', { items: [{ productId: id, qty: 1 }], customerId: 999_999 });
  assert.is(noCustomer.status, 404);
  assert.is(noCustomer.body.error, 'Customer not found');
  const archived = await addProduct(t, 10, 2);
  assert.is((await t.admin.post(`/api/checkout`, { items: [{ productId: archived, qty: 1 }] })).status, 201);
  assert.is((await t.admin.delete(`/api/products/${archived}`)).status, 200);
  const before2 = salesCounts(t);
  assert.is((await t.staff.post('/api/checkout', { items: [{ productId: archived, qty: 1 }] })).status, 404);
  assert.equal(salesCounts(t), before2);
  assert.is(stockOf(t, id), 5);
  void before;
});

test('numbering: INV-<shop-local yyyymmdd>-<seq>, per day, no gaps after a refused sale', async () => {
  const id = await addProduct(t, 10, 10);
  const scarce = await addProduct(t, 10, 0, 'Sold Out Clog');
  const ctx = (iso: string) => ({ userId: null, timeZone: 'Asia/Singapore', at: new Date(iso) });
  const sale = (iso: string, productId = id) => checkout(t.app.db, { items: [{ productId, qty: 1 }] }, ctx(iso));
  assert.is(sale('2025-03-01T02:00:00Z').number, 'INV-20250301-0001');
  assert.throws(() => sale('2025-03-01T03:00:00Z', scarce), /Insufficient stock for Sold Out Clog/);
  assert.is(sale('2025-03-01T04:00:00Z').number, 'INV-20250301-0002');
  // 16:30 UTC is 00:30 the next day in Singapore: a new day, a new sequence.
  assert.is(sale('2025-03-01T16:30:00Z').number, 'INV-20250302-0001');
  assert.is(sale('2025-03-01T15:59:59Z').number, 'INV-20250301-0003');
  const inv = t.app.db.prepare("SELECT business_date, created_at FROM sales_invoice WHERE number = 'INV-20250302-0001'").get() as any;
  assert.is(inv.business_date, '2025-03-02');
  assert.is(inv.created_at, '2025-03-01T16:30:00.000Z');
});

test('anonymous checkout is 401 and writes nothing', async () => {
  const before = salesCounts(t);
  const r = await t.anon.post('/api/checkout', { items: [{ productId: 1, qty: 1 }] });
  assert.is(r.status, 401);
  assert.equal(salesCounts(t), before);
});

test('Idempotency-Key belongs to its user: another user replaying it gets 409, never the first invoice (#13.13)', async () => {
  const id = await addProduct(t, 25, 10, 'Key Sandal');
  const body = { items: [{ productId: id, qty: 1 }] };
  const first = await t.staff.post('/api/checkout', body, { 'idempotency-key': 'shared-key-1' });
  assert.is(first.status, 201);
  const before = salesCounts(t);
  const other = await t.admin.post('/api/checkout', body, { 'idempotency-key': 'shared-key-1' });
  assert.is(other.status, 409);
  assert.is(other.body.code, 'IDEMPOTENCY_KEY_REUSED');
  assert.match(other.body.error, /another user/);
  assert.not.ok(JSON.stringify(other.body).includes(first.body.number), 'the reply says nothing about the first sale');
  assert.is(other.body.invoice, undefined);
  assert.equal(salesCounts(t), before);
  assert.is(stockOf(t, id), 9);
  // The owner's own retry still replays.
  const again = await t.staff.post('/api/checkout', body, { 'idempotency-key': 'shared-key-1' });
  assert.is(again.status, 201);
  assert.is(again.body.invoiceId, first.body.invoiceId);
});

test('huge totals: 409 AMOUNT_TOO_LARGE or 400, never a 500, nothing written (#13.11)', async () => {
  // The most a product may cost through the API is the invoice limit, $9,999,999.99.
  const over = await t.admin.post('/api/products', { item_name: 'Too Dear', selling_price: 10_000_000, stock_qty: 1 });
  assert.is(over.status, 400);
  assert.is(over.body.details.field, 'selling_price');
  const dear = await addProduct(t, 9_999_999.99, 1_000_000, 'Gold Boot');
  const dear2 = await addProduct(t, 9_999_999.99, 1_000_000, 'Gold Boot 2');
  // A catalogue row older than the limit (written straight into the table): still a clear 409.
  const legacy = await addProduct(t, 1, 1_000_000, 'Legacy Boot');
  t.app.db.prepare('UPDATE inventory_product SET selling_price_cents = ? WHERE id = ?').run(10_000_000_000, legacy);
  const before = salesCounts(t);
  const cases: [unknown, number, RegExp][] = [
    [{ items: Array.from({ length: 200 }, () => ({ productId: legacy, qty: 100_000 })) }, 400, /at most 100000 units/],
    [{ items: [{ productId: legacy, qty: 100_000 }] }, 409, /largest amount Kedai accepts/],
    [{ items: [{ productId: legacy, qty: 1 }] }, 409, /largest amount/],
    [{ items: [{ productId: dear, qty: 2 }] }, 409, /largest amount/],
    [
      {
        items: [
          { productId: dear, qty: 1 },
          { productId: dear2, qty: 1 },
        ],
      },
      409,
      /The invoice total exceeds/,
    ],
    // $9,999,999.99 plus 9% GST is over the limit too.
    [{ items: [{ productId: dear, qty: 1 }] }, 409, /The invoice total exceeds/],
    [{ items: [{ productId: dear, qty: 100_001 }] }, 400, /qty/],
    [{ items: [{ productId: dear, qty: 1, discount: 10_000_000 }] }, 400, /discount/],
  ];
  for (const [body, status, message] of cases) {
    const r = await t.staff.post('/api/checkout', body);
    assert.is(r.status, status, JSON.stringify(r.body));
    assert.match(r.body.error, message);
  }
  assert.equal(salesCounts(t), before);
  // Just under the limit works: $9,174,311.92 + 9% GST = $9,999,999.99 (discounted to fit).
  // (Above $1,000.00 a walk-in names the buyer: #17.7's full tax invoice.)
  const ok = await t.staff.post('/api/checkout', {
    items: [{ productId: dear, qty: 1, discount: 825_688.07 }],
    buyer: { name: 'Gold Buyer', address: '1 Vault Road' },
  });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(ok.body.invoice.grand_total, 9_999_999.99);
});

test.run();
