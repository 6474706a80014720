// Returns through the real app: refunds to the cent (GST share included), never over-returning (also
// concurrently), stock and ledger, the spec's messages, roles, and the void block.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { cents, makeProduct, sell, stockOf } from '../credit-notes/test-support.js';

let t: TestApp;
let shoe: number; // $59.90
let boot: number; // $120.00
let sock: number; // $15.50

test.before(async () => {
  t = await testApp();
  shoe = await makeProduct(t, 'Trail Runner', 59.9, 20);
  boot = await makeProduct(t, 'Leather Boot', 120, 10);
  sock = await makeProduct(t, 'Ankle Sock', 15.5, 50);
});
test.after(async () => {
  await t.close();
});

const line = (inv: { items: { id: number; product_id: number }[] }, productId: number) => inv.items.find((i) => i.product_id === productId)!;

test('partial return of a 3-line invoice with discounts refunds its share plus GST to the cent', async () => {
  // Lines: shoe 2 x 59.90 - 5.00 = 114.80; boot 120.00; sock 3 x 15.50 = 46.50. Subtotal 281.30,
  // 10% invoice discount 28.13 -> taxable 253.17, GST 9% = 22.7853 -> 22.79, grand total 275.96.
  const inv = await sell(
    t,
    [
      { productId: shoe, qty: 2, discount: 5 },
      { productId: boot, qty: 1 },
      { productId: sock, qty: 3 },
    ],
    { invoiceDiscount: 10 },
  );
  assert.is(inv.grand_total, 275.96);
  const before = await stockOf(t, shoe);

  // Return 1 of the 2 shoes: half of 114.80 after the 10% discount = 51.66, plus its GST 4.65 -> 56.31.
  const r = await t.staff.post('/api/returns', {
    invoice_id: inv.id,
    items: [
      { product_id: shoe, original_qty: 2, returned_qty: 1, return_reason: 'Wrong Size', refund_amount: 999 },
      { product_id: boot, original_qty: 1, returned_qty: 0, return_reason: '', refund_amount: 0 },
    ],
    notes: 'Customer needs a 43',
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.returns.length, 1);
  const ret = r.body.returns[0];
  assert.is(ret.refund_amount, 56.31);
  assert.is(ret.tax_amount, 4.65);
  assert.is(ret.returned_qty, 1);
  assert.is(ret.original_qty, 2);
  assert.is(ret.status, 'COMPLETED');
  assert.is(ret.reason, 'Wrong Size');
  assert.is(ret.notes, 'Customer needs a 43');
  assert.match(ret.id, /^[0-9a-f-]{36}$/);
  assert.is(ret.invoice.number, inv.number);
  assert.is(ret.invoice.customer.name, 'Walk-in Customer');
  assert.is(ret.product.item_name, 'Trail Runner');

  const note = r.body.creditNote;
  assert.is(note.status, 'ACTIVE');
  assert.is(note.amount, 56.31);
  assert.is(note.subtotal, 51.66);
  assert.is(note.tax, 4.65);
  assert.is(note.applied_amount, 0);
  assert.is(note.available, 56.31);
  assert.match(note.number, /^CN-\d{8}-0001$/);
  assert.is(note.invoice.number, inv.number);
  assert.is(ret.creditNote.number, note.number);
  assert.is(ret.creditNote.status, 'ACTIVE');

  // The goods are back on the shelf, with a RETURN ledger row pointing at the return.
  assert.is(await stockOf(t, shoe), before + 1);
  const moves = t.app.db.prepare(`SELECT * FROM inventory_stock_movement WHERE reason = 'RETURN' AND ref_id = ?`).all(ret.id) as any[];
  assert.is(moves.length, 1);
  assert.is(moves[0].qty_delta, 1);
  assert.is(moves[0].product_id, shoe);
  assert.is(moves[0].ref_type, 'return');
  assert.is(moves[0].stock_after, before + 1);

  // The second shoe: the rest of the line's share, so the line refunds exactly 103.32 + 9.30 overall.
  const r2 = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }] });
  assert.is(r2.status, 201);
  assert.is(cents(r2.body.returns[0].refund_amount) + cents(ret.refund_amount), 10332 + 930);
  // Nothing left of that line.
  const again = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }] });
  assert.is(again.status, 409);
});

test('a full return of a whole invoice refunds exactly its grand total, in one go or in parts', async () => {
  const inv = await sell(
    t,
    [
      { productId: shoe, qty: 3 },
      { productId: sock, qty: 1, discount: 0.33 },
      { productId: boot, qty: 1 },
    ],
    { invoiceDiscount: 7.5 },
  );
  const r = await t.staff.post('/api/returns', {
    invoice_id: inv.id,
    items: inv.items.map((i) => ({ product_id: i.product_id, original_qty: i.qty, returned_qty: i.qty, return_reason: 'Customer Changed Mind' })),
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const total = r.body.returns.reduce((s: number, x: any) => s + cents(x.refund_amount), 0);
  assert.is(total, cents(inv.grand_total));
  assert.is(cents(r.body.creditNote.amount), cents(inv.grand_total));
  assert.is(cents(r.body.creditNote.tax), cents(inv.tax_total));

  // In parts: 1 shoe, then 2 shoes and everything else.
  const inv2 = await sell(
    t,
    [
      { productId: shoe, qty: 3 },
      { productId: sock, qty: 7 },
    ],
    { invoiceDiscount: 3.33 },
  );
  const a = await t.staff.post('/api/returns', {
    invoice_id: inv2.id,
    items: [
      { product_id: shoe, returned_qty: 1, return_reason: 'Other' },
      { product_id: sock, returned_qty: 3, return_reason: 'Other' },
    ],
  });
  const b = await t.staff.post('/api/returns', {
    invoice_id: inv2.id,
    items: [
      { product_id: shoe, returned_qty: 2, return_reason: 'Other' },
      { product_id: sock, returned_qty: 4, return_reason: 'Other' },
    ],
  });
  assert.is(a.status, 201);
  assert.is(b.status, 201);
  const sum = [...a.body.returns, ...b.body.returns].reduce((s: number, x: any) => s + cents(x.refund_amount), 0);
  assert.is(sum, cents(inv2.grand_total));
  // A fully returned invoice is no longer offered for returns.
  const list = await t.staff.get('/api/returns/invoices?pageSize=200');
  assert.not.ok(list.body.invoices.some((i: any) => i.id === inv2.id));
});

test('two returns of one line never exceed the quantity sold, also when sent at once', async () => {
  const inv = await sell(t, [{ productId: sock, qty: 3 }]);
  const first = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: sock, returned_qty: 2, return_reason: 'Defective' }] });
  assert.is(first.status, 201);
  const over = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: sock, returned_qty: 2, return_reason: 'Defective' }] });
  assert.is(over.status, 409);
  assert.match(over.body.error, /only 1 of 3 left to return/);

  const inv2 = await sell(t, [{ productId: sock, qty: 3 }]);
  const stock = await stockOf(t, sock);
  const results = await Promise.all(
    Array.from({ length: 6 }, () =>
      t.staff.post('/api/returns', { invoice_id: inv2.id, items: [{ product_id: sock, returned_qty: 1, return_reason: 'Defective' }] }),
    ),
  );
  assert.is(results.filter((x) => x.status === 201).length, 3);
  assert.is(results.filter((x) => x.status === 409).length, 3);
  assert.is(await stockOf(t, sock), stock + 3);
  const returned = t.app.db.prepare('SELECT sum(returned_qty) FROM returns_return WHERE invoice_id = ?').pluck().get(inv2.id);
  assert.is(returned, 3);
  // The invoice's credit notes add up to exactly what was charged.
  const credited = t.app.db.prepare('SELECT sum(amount_cents) FROM credit_notes_note WHERE invoice_id = ?').pluck().get(inv2.id);
  assert.is(credited, cents(inv2.grand_total));
});

test("the spec's validation messages, and a bad request writes nothing", async () => {
  const inv = await sell(t, [{ productId: boot, qty: 1 }]);
  const count = () => t.app.db.prepare('SELECT count(*) FROM returns_return').pluck().get();
  const notes = () => t.app.db.prepare('SELECT count(*) FROM credit_notes_note').pluck().get();
  const n0 = count();
  const c0 = notes();
  const cases: [unknown, string][] = [
    [{ items: [{ product_id: boot, returned_qty: 1, return_reason: 'Defective' }] }, 'Please select an invoice'],
    [{ invoice_id: '', items: [{ product_id: boot, returned_qty: 1, return_reason: 'Defective' }] }, 'Please select an invoice'],
    [{ invoice_id: null, items: [] }, 'Please select an invoice'],
    [{ invoice_id: inv.id, items: [] }, 'Please select items to return by entering quantities greater than 0'],
    [
      { invoice_id: inv.id, items: [{ product_id: boot, original_qty: 1, returned_qty: 0, return_reason: 'Defective', refund_amount: 0 }] },
      'Please select items to return by entering quantities greater than 0',
    ],
    [{ invoice_id: inv.id, items: [{ product_id: boot, returned_qty: 1, return_reason: '' }] }, 'Please provide return reasons for all items'],
    [{ invoice_id: inv.id, items: [{ product_id: boot, returned_qty: 1 }] }, 'Please provide return reasons for all items'],
  ];
  for (const [body, message] of cases) {
    const r = await t.staff.post('/api/returns', body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.is(r.body.error, message);
  }
  const bad = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: boot, returned_qty: 1, return_reason: 'Too expensive' }] });
  assert.is(bad.status, 400);
  const notOnInvoice = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Other' }] });
  assert.is(notOnInvoice.status, 400);
  const missing = await t.staff.post('/api/returns', { invoice_id: 999999, items: [{ product_id: boot, returned_qty: 1, return_reason: 'Other' }] });
  assert.is(missing.status, 404);
  const tooMany = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: boot, returned_qty: 2, return_reason: 'Other' }] });
  assert.is(tooMany.status, 409);
  const unknownField = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [], hack: 1 });
  assert.is(unknownField.status, 400);
  const huge = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [], notes: 'x'.repeat(5000) });
  assert.is(huge.status, 400);
  assert.is(huge.body.details.field, 'notes');
  assert.is(count(), n0);
  assert.is(notes(), c0);
});

test('a VOID invoice cannot be returned, and an invoice with returns cannot be voided', async () => {
  const inv = await sell(t, [{ productId: boot, qty: 1 }]);
  const v = await t.admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Rang up twice' });
  assert.is(v.status, 200);
  const r = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: boot, returned_qty: 1, return_reason: 'Other' }] });
  assert.is(r.status, 409);
  const list = await t.staff.get('/api/returns/invoices?pageSize=200');
  assert.not.ok(list.body.invoices.some((i: any) => i.id === inv.id));

  const inv2 = await sell(t, [{ productId: boot, qty: 2 }]);
  assert.is((await t.staff.post('/api/returns', { invoice_id: inv2.id, items: [{ product_id: boot, returned_qty: 1, return_reason: 'Other' }] })).status, 201);
  const blocked = await t.admin.post(`/api/invoices/${inv2.id}/void`, { reason: 'Mistake' });
  assert.is(blocked.status, 409);
  assert.is(blocked.body.error, 'Cannot void an invoice with returns or credit notes applied');
});

test('GET /api/returns lists with invoice, product, credit note; filters by status and searches', async () => {
  const r = await t.staff.get('/api/returns');
  assert.is(r.status, 200);
  assert.ok(r.body.returns.length > 0);
  assert.is(r.body.pagination.page, 1);
  assert.is(r.body.pagination.pageSize, 50);
  assert.is(r.body.pagination.total, r.body.summary.total);
  const row = r.body.returns.find((x: any) => x.product.item_name === 'Trail Runner');
  for (const key of ['id', 'invoice', 'product', 'returned_qty', 'original_qty', 'refund_amount', 'status', 'reason', 'notes', 'creditNote', 'created_at']) {
    assert.ok(key in row, key);
  }
  assert.ok(row.product.sku);
  // Newest first.
  const times = r.body.returns.map((x: any) => x.created_at);
  assert.equal(times, [...times].sort().reverse());
  assert.is(r.body.summary.completed, r.body.summary.total);
  assert.is(
    cents(r.body.summary.total_refund),
    r.body.returns.reduce((s: number, x: any) => s + cents(x.refund_amount), 0),
  );

  assert.is((await t.staff.get('/api/returns?status=PENDING')).body.returns.length, 0);
  assert.is((await t.staff.get('/api/returns?status=COMPLETED')).body.pagination.total, r.body.pagination.total);
  assert.is((await t.staff.get('/api/returns?status=NOPE')).status, 400);

  const byProduct = await t.staff.get('/api/returns?search=trail%20RUNNER');
  assert.ok(byProduct.body.returns.length >= 2);
  assert.ok(byProduct.body.returns.every((x: any) => x.product.item_name === 'Trail Runner'));
  const invNumber = row.invoice.number;
  const byInvoice = await t.staff.get(`/api/returns?search=${invNumber.toLowerCase()}`);
  assert.ok(byInvoice.body.returns.every((x: any) => x.invoice.number === invNumber));
  assert.is((await t.staff.get('/api/returns?search=walk-in')).body.pagination.total, r.body.pagination.total);
  assert.is((await t.staff.get('/api/returns?search=nobody-like-this')).body.returns.length, 0);

  const paged = await t.staff.get('/api/returns?pageSize=2&page=2');
  assert.is(paged.body.returns.length, 2);
  assert.is(paged.body.returns[0].id, r.body.returns[2].id);
});

test('GET /api/returns/invoices: returnable invoices with lines, returned and returnable quantities', async () => {
  const inv = await sell(t, [
    { productId: shoe, qty: 2 },
    { productId: sock, qty: 4 },
  ]);
  await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: sock, returned_qty: 1, return_reason: 'Other' }] });
  const r = await t.staff.get('/api/returns/invoices');
  assert.is(r.status, 200);
  assert.is(r.body.invoices[0].id, inv.id, 'newest first');
  const got = r.body.invoices[0];
  assert.is(got.customer.name, 'Walk-in Customer');
  assert.is(got.number, inv.number);
  const sockLine = got.items.find((i: any) => i.product_id === sock);
  assert.is(sockLine.qty, 4);
  assert.is(sockLine.returned_qty, 1);
  assert.is(sockLine.returnable_qty, 3);
  assert.is(sockLine.unit_price, 15.5);
  assert.is(sockLine.line_total, 62);
  assert.ok(sockLine.sku);
  assert.is(sockLine.description, 'Ankle Sock');
  assert.is(sockLine.id, line(inv, sock).id);
  // invoice_line_id names the line exactly.
  const byLine = await t.staff.post('/api/returns', { invoice_id: inv.id, items: [{ invoice_line_id: sockLine.id, returned_qty: 3, return_reason: 'Other' }] });
  assert.is(byLine.status, 201);
  const after = await t.staff.get('/api/returns/invoices');
  const left = after.body.invoices.find((i: any) => i.id === inv.id);
  assert.is(left.items.find((i: any) => i.product_id === sock).returnable_qty, 0);
});

test('roles: staff creates and lists returns; anonymous is refused', async () => {
  assert.is((await t.anon.get('/api/returns')).status, 401);
  assert.is((await t.anon.get('/api/returns/invoices')).status, 401);
  assert.is((await t.anon.post('/api/returns', { invoice_id: 1, items: [] })).status, 401);
  assert.is((await t.staff.get('/api/returns')).status, 200);
  assert.is((await t.staff.get('/api/returns/invoices')).status, 200);
});

test.run();
