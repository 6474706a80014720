// Purchasing through the real app: suppliers CRUD, purchase orders, receiving in parts and in full, over-receiving,
// closed orders, weighted-average cost, the ledger explaining every unit (also under concurrent checkouts), the PDF.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { pdfText } from '../../core/pdf/pdf-text.js';
import { addProduct, ledgerSum, stockOf } from '../inventory/test-support.js';
import { weightedAverageCost } from './cost.js';

let t: TestApp;
let supplier: number;

test.before(async () => {
  t = await testApp();
  const r = await t.admin.post('/api/suppliers', {
    name: 'Bata Distributors',
    contact: 'Mr Lim',
    phone: '+65 6555 1234',
    email: 'orders@bata.example',
    uen: '201912345k',
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  supplier = r.body.supplier.id;
});
test.after(async () => {
  await t.close();
});

const costOf = (id: number) => t.app.db.prepare('SELECT cost_cents FROM inventory_product WHERE id = ?').pluck().get(id) as number;
const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const writes = () =>
  ['purchasing_order', 'purchasing_order_line', 'purchasing_receipt', 'purchasing_receipt_line', 'inventory_stock_movement', 'purchasing_supplier']
    .map(count)
    .concat(t.app.db.prepare('SELECT total(stock_qty) + total(cost_cents) FROM inventory_product').pluck().get() as number);
const order = async (lines: { product_id: number; qty: number; unit_cost: number }[]) => {
  const r = await t.admin.post('/api/purchase-orders', { supplier_id: supplier, lines });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.purchase_order;
};
const receive = (id: number, body: object) => t.admin.post(`/api/purchase-orders/${id}/receive`, body);

test('weightedAverageCost: half-up in cents, unit cost when there was no stock', () => {
  assert.is(weightedAverageCost(0, 5000, 3, 4000), 4000);
  assert.is(weightedAverageCost(10, 5000, 10, 4000), 4500);
  // (1 x 100 + 1 x 101) / 2 = 100.5 -> 101
  assert.is(weightedAverageCost(1, 100, 1, 101), 101);
  // (2 x 100 + 1 x 101) / 3 = 100.33 -> 100
  assert.is(weightedAverageCost(2, 100, 1, 101), 100);
  // (1 x 100 + 2 x 101) / 3 = 100.67 -> 101
  assert.is(weightedAverageCost(1, 100, 2, 101), 101);
  assert.is(weightedAverageCost(5, 0, 5, 999), 500); // 499.5 -> 500
});

test('suppliers: create, read, list with search and pagination, patch, clear, bad input', async () => {
  let r = await t.admin.get(`/api/suppliers/${supplier}`);
  assert.is(r.status, 200);
  assert.equal(
    { ...r.body.supplier, created_at: undefined, updated_at: undefined, id: undefined },
    {
      id: undefined,
      name: 'Bata Distributors',
      contact: 'Mr Lim',
      phone: '+65 6555 1234',
      email: 'orders@bata.example',
      uen: '201912345K',
      created_at: undefined,
      updated_at: undefined,
    },
  );
  r = await t.admin.post('/api/suppliers', { name: 'Asia Footwear', email: '' });
  assert.is(r.status, 201);
  assert.is(r.body.supplier.email, null);
  const other = r.body.supplier.id;
  r = await t.admin.get('/api/suppliers?search=asia');
  assert.equal(
    r.body.suppliers.map((s: any) => s.id),
    [other],
  );
  r = await t.admin.get('/api/suppliers?pageSize=1&page=2');
  assert.is(r.body.pagination.total, 2);
  assert.equal(
    r.body.suppliers.map((s: any) => s.name),
    ['Bata Distributors'],
  );
  r = await t.admin.patch(`/api/suppliers/${other}`, { phone: '+65 6000 0000', contact: 'Ms Tan' });
  assert.is(r.status, 200);
  assert.is(r.body.supplier.phone, '+65 6000 0000');
  assert.is(r.body.supplier.name, 'Asia Footwear');
  r = await t.admin.patch(`/api/suppliers/${other}`, { contact: null });
  assert.is(r.body.supplier.contact, null);
  assert.is(r.body.supplier.phone, '+65 6000 0000');
  const before = writes();
  for (const body of [
    {},
    { name: '' },
    { name: '   ' },
    { name: 'X', email: 'not-an-email' },
    { name: 'X', uen: '12' },
    { name: 'X', extra: 1 },
    { name: 'a\u202Eb' },
  ]) {
    r = await t.admin.post('/api/suppliers', body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.type(r.body.error, 'string');
  }
  assert.is((await t.admin.patch(`/api/suppliers/${other}`, { name: ' ' })).status, 400);
  assert.is((await t.admin.patch('/api/suppliers/99999', { name: 'Y' })).status, 404);
  assert.is((await t.admin.get('/api/suppliers/99999')).status, 404);
  assert.equal(writes(), before);
});

test('purchase order: created OPEN with a PO-yyyymmdd-nnnn number, lines and total in dollars; read back and listed', async () => {
  const a = await addProduct(t, 120, 0, 'Samba OG', 0);
  const b = await addProduct(t, 90, 0, 'Gazelle', 0);
  const po = await order([
    { product_id: a, qty: 3, unit_cost: 45.5 },
    { product_id: b, qty: 2, unit_cost: 30.05 },
  ]);
  assert.match(po.number, /^PO-\d{8}-\d{4}$/);
  assert.is(po.status, 'OPEN');
  assert.is(po.total, 196.6);
  assert.equal(
    po.lines.map((l: any) => [l.product_id, l.qty_ordered, l.qty_received, l.unit_cost, l.line_total]),
    [
      [a, 3, 0, 45.5, 136.5],
      [b, 2, 0, 30.05, 60.1],
    ],
  );
  assert.equal(po.supplier, { id: supplier, name: 'Bata Distributors' });
  const second = await order([{ product_id: a, qty: 1, unit_cost: 1 }]);
  assert.is(Number(second.number.slice(-4)), Number(po.number.slice(-4)) + 1, 'numbers follow each other within the day');
  assert.equal((await t.admin.get(`/api/purchase-orders/${po.id}`)).body.purchase_order, po);
  const list = (await t.admin.get(`/api/purchase-orders?supplier_id=${supplier}&status=OPEN&pageSize=1`)).body;
  assert.is(list.pagination.total, 2);
  assert.is(list.purchase_orders.length, 1);
  assert.is(list.purchase_orders[0].id, second.id, 'newest first');
  assert.is((await t.admin.get('/api/purchase-orders?status=RECEIVED')).body.purchase_orders.filter((o: any) => o.id === po.id).length, 0);
});

test('purchase order: bad input is a clear 4xx and writes nothing', async () => {
  const a = await addProduct(t, 10, 0);
  const before = writes();
  const cases: [object, number, string?][] = [
    [{ supplier_id: supplier, lines: [] }, 400],
    [{ supplier_id: supplier, lines: [{ product_id: a, qty: 0, unit_cost: 1 }] }, 400],
    [{ supplier_id: supplier, lines: [{ product_id: a, qty: 1, unit_cost: 1.005 }] }, 400],
    [{ supplier_id: supplier, lines: [{ product_id: a, qty: 1, unit_cost: -1 }] }, 400],
    [
      {
        supplier_id: supplier,
        lines: [
          { product_id: a, qty: 1, unit_cost: 1 },
          { product_id: a, qty: 2, unit_cost: 1 },
        ],
      },
      400,
      'lines[1].product_id',
    ],
    [{ supplier_id: supplier, lines: [{ product_id: 999999, qty: 1, unit_cost: 1 }] }, 400, 'lines[0].product_id'],
    [{ supplier_id: 999999, lines: [{ product_id: a, qty: 1, unit_cost: 1 }] }, 404],
    [{ supplier_id: supplier, lines: [{ product_id: a, qty: 100000, unit_cost: 9999999.99 }] }, 400, 'lines[0].qty'],
  ];
  for (const [body, status, field] of cases) {
    const r = await t.admin.post('/api/purchase-orders', body);
    assert.is(r.status, status, JSON.stringify(body) + JSON.stringify(r.body));
    if (field) assert.is(r.body.details?.field, field);
  }
  assert.is((await t.admin.get('/api/purchase-orders/999999')).status, 404);
  assert.is((await t.admin.get('/api/purchase-orders?status=DONE')).status, 400);
  assert.equal(writes(), before);
});

test('receive in part then in full: PARTIAL then RECEIVED, stock through the ledger (RECEIVED), weighted-average cost, receipts recorded', async () => {
  const a = await addProduct(t, 120, 10, 'Court Classic', 50); // 10 in stock at $50.00
  const b = await addProduct(t, 80, 0, 'Slip-on', 0);
  const po = await order([
    { product_id: a, qty: 10, unit_cost: 40 },
    { product_id: b, qty: 4, unit_cost: 25.99 },
  ]);

  let r = await receive(po.id, { lines: [{ product_id: a, qty: 4 }] });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.purchase_order.status, 'PARTIAL');
  assert.is(stockOf(t, a), 14);
  assert.is(costOf(a), 4714); // (10 x 5000 + 4 x 4000) / 14 = 4714.29
  assert.equal(r.body.receipt.lines, [{ product_id: a, qty: 4, unit_cost: 40, cost_before: 50, cost_after: 47.14 }]);
  assert.is(r.body.receipt.received_by, 'admin');

  r = await receive(po.id, {
    lines: [
      { product_id: a, qty: 6 },
      { product_id: b, qty: 4 },
    ],
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.purchase_order.status, 'RECEIVED');
  assert.equal(
    r.body.purchase_order.lines.map((l: any) => l.qty_received),
    [10, 4],
  );
  assert.is(r.body.purchase_order.receipts.length, 2);
  assert.is(stockOf(t, a), 20);
  assert.is(costOf(a), 4500); // (14 x 4714 + 6 x 4000) / 20 = 4499.8
  assert.is(costOf(b), 2599, 'no stock before: the unit cost');
  for (const p of [a, b]) assert.is(stockOf(t, p), ledgerSum(t, p), 'stock = sum of ledger');
  const moves = t.app.db
    .prepare("SELECT product_id, qty_delta, ref_type FROM inventory_stock_movement WHERE reason = 'RECEIVED' AND product_id IN (?, ?) ORDER BY id")
    .all(a, b);
  assert.equal(moves, [
    { product_id: a, qty_delta: 4, ref_type: 'purchase_receipt' },
    { product_id: a, qty_delta: 6, ref_type: 'purchase_receipt' },
    { product_id: b, qty_delta: 4, ref_type: 'purchase_receipt' },
  ]);
  const units = t.app.db
    .prepare('SELECT sum(rl.qty) FROM purchasing_receipt_line rl JOIN purchasing_receipt r ON r.id = rl.receipt_id WHERE r.order_id = ?')
    .pluck()
    .get(po.id);
  assert.is(units, 14, 'the receipts know every unit received (one label each)');
  assert.is((await t.admin.get(`/api/products/${a}`)).body.product.cost, 45);

  // A RECEIVED order takes nothing more.
  const before = writes();
  r = await receive(po.id, { lines: [{ product_id: a, qty: 1 }], allow_over: true });
  assert.is(r.status, 409);
  assert.match(r.body.error, /already fully received/);
  assert.equal(writes(), before);
});

test('over-receiving: 409 naming the line without allow_over (nothing written), accepted with it', async () => {
  const a = await addProduct(t, 50, 0, 'Trail Runner', 0);
  const b = await addProduct(t, 50, 0, 'Road Runner', 0);
  const po = await order([
    { product_id: a, qty: 2, unit_cost: 20 },
    { product_id: b, qty: 2, unit_cost: 20 },
  ]);
  const before = writes();
  let r = await receive(po.id, {
    lines: [
      { product_id: a, qty: 2 },
      { product_id: b, qty: 3 },
    ],
  });
  assert.is(r.status, 409);
  assert.match(r.body.error, /Road Runner/);
  assert.is(r.body.details.field, 'lines[1].qty');
  assert.is(r.body.details.product_id, b);
  assert.equal(writes(), before, 'the good first line was not written either');
  r = await receive(po.id, {
    lines: [
      { product_id: a, qty: 2 },
      { product_id: b, qty: 3 },
    ],
    allow_over: true,
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.purchase_order.status, 'RECEIVED');
  assert.equal(
    r.body.purchase_order.lines.map((l: any) => l.qty_received),
    [2, 3],
  );
  assert.is(stockOf(t, b), 3);
  assert.is(ledgerSum(t, b), 3);
});

test('receive: product not on the order, duplicates, unknown or cancelled order are 4xx and write nothing', async () => {
  const a = await addProduct(t, 50, 0);
  const stranger = await addProduct(t, 50, 0);
  const po = await order([{ product_id: a, qty: 5, unit_cost: 20 }]);
  const before = writes();
  let r = await receive(po.id, {
    lines: [
      { product_id: a, qty: 1 },
      { product_id: stranger, qty: 1 },
    ],
  });
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'lines[1].product_id');
  r = await receive(po.id, {
    lines: [
      { product_id: a, qty: 1 },
      { product_id: a, qty: 1 },
    ],
  });
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'lines[1].product_id');
  for (const body of [
    { lines: [] },
    { lines: [{ product_id: a, qty: 0 }] },
    { lines: [{ product_id: a, qty: 1.5 }] },
    { lines: [{ product_id: a, qty: 1 }], allow_over: 'yes' },
    { lines: [{ product_id: a, qty: 1, unit_cost: 3 }] },
  ]) {
    assert.is((await receive(po.id, body)).status, 400, JSON.stringify(body));
  }
  assert.is((await receive(999999, { lines: [{ product_id: a, qty: 1 }] })).status, 404);
  t.app.db.prepare("UPDATE purchasing_order SET status = 'CANCELLED' WHERE id = ?").run(po.id);
  const cancelled = writes();
  r = await receive(po.id, { lines: [{ product_id: a, qty: 1 }] });
  assert.is(r.status, 409);
  assert.match(r.body.error, /cancelled/);
  assert.equal(writes(), cancelled);
  t.app.db.prepare("UPDATE purchasing_order SET status = 'OPEN' WHERE id = ?").run(po.id);
  assert.equal(writes(), before);
});

test('concurrent receipts and checkouts never lose a unit: stock = sum of the ledger = start + received - sold', async () => {
  const p = await addProduct(t, 10, 5, 'Canvas Low', 3);
  const po = await order([{ product_id: p, qty: 200, unit_cost: 3 }]);
  const jobs: Promise<{ status: number }>[] = [];
  for (let i = 0; i < 40; i++) {
    jobs.push(receive(po.id, { lines: [{ product_id: p, qty: 5 }] }));
    jobs.push(t.staff.post('/api/checkout', { items: [{ productId: p, qty: 2 }], payments: [{ method: 'CASH', amount: 100 }] }));
  }
  const replies = await Promise.all(jobs);
  const received = replies.filter((r, i) => i % 2 === 0 && r.status === 200).length * 5;
  const sold = replies.filter((r, i) => i % 2 === 1 && r.status === 201).length * 2;
  for (const r of replies) assert.ok([200, 201, 409].includes(r.status), `status ${r.status}`);
  assert.is(received, 200);
  assert.is(stockOf(t, p), 5 + received - sold);
  assert.is(stockOf(t, p), ledgerSum(t, p));
  assert.is((await t.admin.get(`/api/purchase-orders/${po.id}`)).body.purchase_order.status, 'RECEIVED');
});

test('the PO PDF: shop, supplier, number and every line (SKU, name, size, qty, unit cost, line total), total; cookie works', async () => {
  const a = await addProduct(t, 120, 0, 'Samba OG Black', 0);
  const b = await addProduct(t, 90, 0, '运动鞋 Runner', 0);
  const po = await order([
    { product_id: a, qty: 3, unit_cost: 45.5 },
    { product_id: b, qty: 12, unit_cost: 30 },
  ]);
  const r = await t.admin.get(`/api/purchase-orders/${po.id}/pdf`);
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), /application\/pdf/);
  const { text } = await pdfText(r.raw);
  for (const s of [
    'Purchase Order',
    po.number,
    'Bata Distributors',
    'Mr Lim',
    'UEN: 201912345K',
    'Samba OG Black',
    '运动鞋 Runner',
    po.lines[0].sku,
    po.lines[1].sku,
    '$45.50',
    '$136.50',
    '$30.00',
    '$360.00',
    'Total:',
    '$496.50',
    ' 12 ',
    ' 42 ',
  ]) {
    assert.ok(text.includes(s), `PDF shows ${s}: ${text}`);
  }
  const cookie = await t.app.inject({ method: 'GET', url: `/api/purchase-orders/${po.id}/pdf`, cookies: { kedai_session: t.admin.token } });
  assert.is(cookie.statusCode, 200, cookie.body.slice(0, 200));
  assert.is((await t.admin.get('/api/purchase-orders/999999/pdf')).status, 404);
});

test('roles: USER gets 403 on every purchasing route, signed-out 401, and nothing is written', async () => {
  const a = await addProduct(t, 10, 0);
  const po = await order([{ product_id: a, qty: 1, unit_cost: 1 }]);
  const before = writes();
  const calls: [string, string, object?][] = [
    ['GET', '/api/suppliers'],
    ['POST', '/api/suppliers', { name: 'Sneaky' }],
    ['GET', `/api/suppliers/${supplier}`],
    ['PATCH', `/api/suppliers/${supplier}`, { name: 'Sneaky' }],
    ['GET', '/api/purchase-orders'],
    ['POST', '/api/purchase-orders', { supplier_id: supplier, lines: [{ product_id: a, qty: 1, unit_cost: 1 }] }],
    ['GET', `/api/purchase-orders/${po.id}`],
    ['POST', `/api/purchase-orders/${po.id}/receive`, { lines: [{ product_id: a, qty: 1 }] }],
    ['GET', `/api/purchase-orders/${po.id}/pdf`],
  ];
  for (const [method, url, body] of calls) {
    const staff = method === 'GET' ? await t.staff.get(url) : method === 'POST' ? await t.staff.post(url, body) : await t.staff.patch(url, body);
    assert.is(staff.status, 403, `${method} ${url} as USER`);
    const anon = method === 'GET' ? await t.anon.get(url) : method === 'POST' ? await t.anon.post(url, body) : await t.anon.patch(url, body);
    assert.is(anon.status, 401, `${method} ${url} signed out`);
  }
  assert.equal(writes(), before);
});

test.run();
