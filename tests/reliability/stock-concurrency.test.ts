// Goods in, goods out and a count, all at once, against the real server (a separate process, real HTTP): two
// tills sell a style's sizes while the owner receives a purchase order in small deliveries and posts a stock
// take of the same style in the middle. Afterwards every size's stock must be exactly what the acknowledged
// answers say (opening + received - sold + posted variance), the ledger must explain every unit, and the
// database checks (stock = ledger, RECEIVED = receipt lines, STOCK_TAKE = posted variances) must hold.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, TILL, TSX, call, createAccounts, signIn, startServer, tempDataDir, type Server } from './support-server.js';
import { checkDatabase, queryDatabase } from './support-db-checks.js';

let dataDir = '';
let server: Server | undefined;

test.after(async () => {
  await server?.stop();
});

test('receive + checkout + stock-take post at once: no unit lost or made up', async () => {
  dataDir = tempDataDir('stock-concurrency');
  createAccounts(TSX, dataDir);
  server = await startServer(TSX, dataDir);
  const owner = await signIn(server.url, ADMIN);
  const till = await signIn(server.url, TILL);
  const as = (token: string) => (method: string, url: string, body?: unknown) => call(server!.url, method, url, { token, body });
  const admin = as(owner);
  const staff = as(till);

  let r = await admin('POST', '/api/styles', {
    item_name: 'Gazelle',
    brand: 'Adidas',
    category: 'Sneakers',
    colour: 'Green',
    cost: 50,
    selling_price: 120,
    sku_prefix: 'GZL',
    sizes: ['40', '41', '42', '43'].map((size) => ({ size, stock_qty: 20 })),
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const styleId = r.body.style.id as number;
  const sizes = (r.body.style.products as { id: number }[]).map((p) => p.id);
  r = await admin('POST', '/api/suppliers', { name: 'Adidas Singapore' });
  const supplierId = r.body.supplier.id;
  r = await admin('POST', '/api/purchase-orders', { supplier_id: supplierId, lines: sizes.map((id) => ({ product_id: id, qty: 30, unit_cost: 48 })) });
  const poId = r.body.purchase_order.id as number;
  r = await admin('POST', '/api/stock-takes', { scope: { style_id: styleId } });
  const takeId = r.body.stock_take.id as number;
  // The shelf count: two pairs of size 40 missing, one extra 43 found.
  const counted = [18, 20, 20, 21];
  for (const [i, id] of sizes.entries())
    assert.is((await admin('POST', `/api/stock-takes/${takeId}/counts`, { product_id: id, counted_qty: counted[i] })).status, 200);

  const sold = new Map<number, number>();
  const received = new Map<number, number>();
  const tally = (m: Map<number, number>, id: number, n: number) => m.set(id, (m.get(id) ?? 0) + n);
  const statuses: number[] = [];
  const sell = async (k: number) => {
    const id = sizes[k % sizes.length];
    const res = await staff('POST', '/api/checkout', { items: [{ productId: id, qty: 1 + (k % 2) }] });
    statuses.push(res.status);
    if (res.status === 201) tally(sold, id, 1 + (k % 2));
    else assert.is(res.body.code, 'INSUFFICIENT_STOCK', JSON.stringify(res.body));
  };
  const receive = async (k: number) => {
    const id = sizes[k % sizes.length];
    const res = await admin('POST', `/api/purchase-orders/${poId}/receive`, { lines: [{ product_id: id, qty: 2 }] });
    statuses.push(res.status);
    assert.is(res.status, 200, JSON.stringify(res.body));
    tally(received, id, 2);
  };
  let posted = 0;
  const post = async () => {
    const res = await admin('POST', `/api/stock-takes/${takeId}/post`, {});
    statuses.push(res.status);
    assert.is(res.status, 200, JSON.stringify(res.body));
    posted++;
  };
  // Two tills and the back office, interleaved on the one server.
  const tillA = (async () => {
    for (let k = 0; k < 30; k++) await sell(k);
  })();
  const tillB = (async () => {
    for (let k = 30; k < 60; k++) await sell(k);
  })();
  const office = (async () => {
    for (let k = 0; k < 40; k++) {
      await receive(k);
      if (k === 15) await post();
    }
  })();
  await Promise.all([tillA, tillB, office]);
  assert.ok(
    statuses.every((s) => s < 500),
    JSON.stringify(statuses),
  );
  assert.is(posted, 1);

  for (const [i, id] of sizes.entries()) {
    const p = (await admin('GET', `/api/products/${id}`)).body.product;
    const variance = counted[i] - 20;
    assert.is(
      p.stock_qty,
      20 + (received.get(id) ?? 0) - (sold.get(id) ?? 0) + variance,
      `size ${p.size}: opening 20 + received ${received.get(id)} - sold ${sold.get(id)} + variance ${variance}`,
    );
  }
  r = await admin('GET', `/api/purchase-orders/${poId}`);
  assert.is(r.body.purchase_order.status, 'PARTIAL');
  assert.is(r.body.purchase_order.qty_received, 80);
  await server.stop();
  server = undefined;
  const file = path.join(dataDir, 'kedai.db');
  const report = checkDatabase(file);
  assert.equal(report.problems, [], 'database checks');
  const byReason = queryDatabase(
    file,
    `SELECT reason, sum(qty_delta) AS units FROM inventory_stock_movement m JOIN inventory_product p ON p.id = m.product_id
    WHERE p.style_id = ${styleId} GROUP BY reason ORDER BY reason`,
  );
  const soldTotal = [...sold.values()].reduce((a, b) => a + b, 0);
  assert.equal(byReason, [
    { reason: 'INITIAL', units: 80 },
    { reason: 'RECEIVED', units: 80 },
    { reason: 'SALE', units: -soldTotal },
    { reason: 'STOCK_TAKE', units: -1 },
  ]);
});

test.run();
