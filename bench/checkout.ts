// Checkout throughput: sales per second through real HTTP (app.listen on port 0, HTTP clients in a worker
// thread: one till, then a few concurrent tills) next to the raw SQLite rate of the same writes (one IMMEDIATE
// transaction per sale, better-sqlite3, no HTTP), in the same run on the same database (so the reports'
// triggers fire in both). Bars (#27.4): 4 tills >= 60% of raw, server CPU per sale < 2x raw's. Beside them, raw SQLite
// with 4 sales a commit: the rate a group commit (one fsync covering several acknowledged sales) could reach.
// The machine is shared, so the variants run interleaved in short blocks (raw, action, 1 till, N tills, again
// and again): a burst of load from other processes hits them all alike. Each rate is total sales / total time.
// Beside wall time, the server thread's CPU time per sale (from /proc schedstat) is given: it does not depend
// on how busy the machine is.
// Run: node --import ./core/dev/register.mjs --import tsx bench/checkout.ts [blocks] [sales per block]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../core/config.js';
import { buildApp } from '../core/app.js';
import { usersRepo } from '../core/auth/users.js';
import { localDate } from '../core/clock.js';
import { nowIso, writeTx, type Db } from '../core/db.js';
import { plugins } from '../app/plugins.js';
import { setAppWorkers } from '../app/worker-location.js';
import { inventoryRepo } from '../plugins/inventory/repo.js';
import { moveStock } from '../plugins/inventory/stock.js';
import { checkout } from '../plugins/sales/actions/checkout.js';

const PRODUCTS = 50;
/** #27.4: N tills at this share of raw SQLite's rate or better, the server's CPU per sale under this multiple of raw's. */
export const CHECKOUT_BARS = { rateOfRaw: 0.6, cpuOfRaw: 2 };
const WARM_UP = 200;

type Item = { productId: number; qty: number };

/** The same reads and writes checkout does, straight on better-sqlite3, one IMMEDIATE transaction per sale. */
function rawSaler(db: Db) {
  const product = db.prepare('SELECT * FROM inventory_product WHERE id = ?');
  const settings = db.prepare('SELECT key, value FROM core_setting');
  const nextSeq = db.prepare('SELECT ifnull(max(seq), 0) + 1 FROM sales_invoice WHERE business_date = ?').pluck();
  const insInvoice = db.prepare(`INSERT INTO sales_invoice (number, business_date, seq, customer_id, customer_name, subtotal_cents,
      line_discount_cents, invoice_discount_bps, invoice_discount_cents, discount_total_cents, tax_rate_bps, tax_total_cents,
      grand_total_cents, payment_status, payment_method, tendered_cents, change_cents, created_by, created_at)
    VALUES (?, ?, ?, NULL, 'Walk-in Customer', ?, 0, 0, 0, 0, 900, ?, ?, 'UNPAID', 'CASH', ?, 0, ?, ?)`);
  const move = db.prepare('UPDATE inventory_product SET stock_qty = stock_qty + ?, updated_at = ? WHERE id = ? AND stock_qty + ? >= 0 RETURNING stock_qty');
  const ledger = db.prepare(`INSERT INTO inventory_stock_movement (product_id, reason, qty_delta, stock_after, ref_type, ref_id, note, user_id, created_at)
    VALUES (?, 'SALE', ?, ?, 'invoice', ?, ?, ?, ?)`);
  const insLine = db.prepare(`INSERT INTO sales_invoice_line (invoice_id, line_no, product_id, sku, description, size, category, qty,
      unit_price_cents, unit_cost_cents, discount_cents, line_total_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`);
  const insPayment = db.prepare(`INSERT INTO sales_payment (invoice_id, method, amount_cents, reference, paid_at, created_by)
    VALUES (?, 'CASH', ?, NULL, ?, ?)`);
  // The sale's money in the ledger (#25): one at-sale row for its cash (its day-sum trigger fires as at the till).
  const insLedger = db.prepare(`INSERT INTO ledger_entry (kind, method, amount_cents, invoice_id, at_sale, user_id, at, business_date, reference)
    VALUES ('SALE_PAYMENT', 'CASH', ?, ?, 1, ?, ?, ?, ?)`);
  const sale = db.transaction((items: Item[]) => {
    settings.all();
    const now = new Date().toISOString();
    const day = localDate(new Date(), 'Asia/Singapore');
    const rows = items.map((i) => ({
      ...i,
      p: product.get(i.productId) as {
        id: number;
        item_name: string;
        sku: string;
        size: string;
        category: string;
        selling_price_cents: number;
        cost_cents: number;
      },
    }));
    const subtotal = rows.reduce((s, r) => s + r.qty * r.p.selling_price_cents, 0);
    const tax = Math.floor((subtotal * 900 + 5000) / 10000);
    const seq = nextSeq.get(day) as number;
    const number = `RAW-${day.replace(/-/g, '')}-${String(seq).padStart(4, '0')}`;
    const id = Number(insInvoice.run(number, day, seq, subtotal, tax, subtotal + tax, subtotal + tax, 1, now).lastInsertRowid);
    rows.forEach((r, k) => {
      const after = move.get(-r.qty, now, r.productId, -r.qty) as { stock_qty: number };
      ledger.run(r.productId, -r.qty, after.stock_qty, String(id), number, 1, now);
      insLine.run(
        id,
        k + 1,
        r.productId,
        r.p.sku,
        r.p.item_name,
        r.p.size,
        r.p.category,
        r.qty,
        r.p.selling_price_cents,
        r.p.cost_cents,
        r.qty * r.p.selling_price_cents,
      );
    });
    insPayment.run(id, subtotal + tax, now, 1);
    insLedger.run(subtotal + tax, id, 1, now, day, number);
    return id;
  });
  // Group commit's floor (#27.4): the same sales, `n` to a transaction, so one fsync covers them all (each sale a
  // savepoint of its own, as a group commit would need to refuse one sale without the others).
  const group = db.transaction((carts: Item[][]) => carts.map((items) => sale(items)));
  return { one: (items: Item[]) => sale.immediate(items), group: (carts: Item[][]) => group.immediate(carts) };
}

// The tills: `clients` loops of HTTP POSTs, each waiting for its sale before the next, each on its own
// keep-alive connection. They run in a worker thread, like tills on other machines, so their work is not
// billed to the server's event loop; but on this 2-core machine their CPU still comes out of the server's.
// So the till is a minimal HTTP/1.1 client on a socket (request text out, status + content-length framed
// reply in): measured per sale, Node's fetch costs ~1.2 ms of CPU and node:http ~0.6 ms, against the
// server's ~1.2 ms, which would make the bench measure the client as much as the server.
const CLIENT_CODE = `
const { parentPort } = require('node:worker_threads');
const net = require('node:net');

/** One keep-alive connection: post() sends a request and resolves when its whole reply is in. */
function connect(host, port) {
  const socket = net.connect(port, host);
  socket.setNoDelay(true);
  let buf = Buffer.alloc(0);
  let waiting = null;
  let closed = null;
  const fail = (err) => { closed = err; if (waiting) { const w = waiting; waiting = null; w.reject(err); } };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    if (!waiting) return;
    const end = buf.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const head = buf.toString('latin1', 0, end);
    const length = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
    if (!length) return fail(new Error('reply without content-length: ' + head));
    const total = end + 4 + Number(length[1]);
    if (buf.length < total) return;
    const status = Number(head.slice(9, 12));
    const body = buf.toString('utf8', end + 4, total);
    buf = buf.subarray(total);
    const w = waiting;
    waiting = null;
    if (status === 201) w.resolve(); else w.reject(new Error('checkout failed: ' + status + ' ' + body));
  });
  const ready = new Promise((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
  return {
    ready,
    get closed() { return closed; },
    post(head, body) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(head + 'content-length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
      });
    },
  };
}

const pool = [];
async function run({ address, token, productIds, count, clients, seed }) {
  const url = new URL(address);
  const head = 'POST /api/checkout HTTP/1.1\\r\\nhost: ' + url.host + '\\r\\ncontent-type: application/json\\r\\nauthorization: Bearer ' + token + '\\r\\n';
  for (let i = 0; i < clients; i++) {
    if (!pool[i] || pool[i].closed) pool[i] = connect(url.hostname, Number(url.port));
    await pool[i].ready;
  }
  let n = seed;
  const cart = () => { n++; return [0, 1, 2].map((k) => ({ productId: productIds[(n * 7 + k * 13) % productIds.length], qty: 1 + ((n + k) % 2) })); };
  let left = count;
  const t0 = performance.now();
  await Promise.all(pool.slice(0, clients).map(async (conn) => { while (left > 0) { left--; await conn.post(head, JSON.stringify({ items: cart() })); } }));
  return performance.now() - t0;
}
parentPort.on('message', (job) => run(job).then((ms) => parentPort.postMessage({ ms }), (err) => parentPort.postMessage({ error: String(err) })));
`;

/** CPU time (ms) this process's main thread has used: the server's event loop, or the raw loop. */
function mainThreadCpuMs(): number {
  return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

export interface CheckoutVariant {
  sales: number;
  ms: number;
  perSecond: number;
  /** Main-thread CPU per sale (ms): the raw loop, the action loop, or the HTTP server. */
  cpuMsPerSale: number;
}

export interface CheckoutBenchResult {
  blocks: number;
  block: number;
  clients: number;
  invoices: number;
  negativeStock: number;
  raw: CheckoutVariant;
  /** Raw SQLite with `clients` sales per transaction: the rate group commit could reach (one fsync per group). */
  rawGroup: CheckoutVariant;
  action: CheckoutVariant;
  http1: CheckoutVariant;
  httpN: CheckoutVariant;
  /** HTTP rate / raw rate. */
  ratio1: number;
  ratioN: number;
  /** Server CPU per sale with N tills / raw CPU per sale. */
  cpuRatioN: number;
  /** Lowest and highest per-block ratio of the 1-till variant (how much the load moved). */
  ratio1Range: [number, number];
  loadAverage: number[];
}

/** Runs the interleaved checkout bench: `blocks` rounds of `block` sales per variant. */
export async function runCheckoutBench(
  opts: { blocks?: number; block?: number; clients?: number; log?: (s: string) => void } = {},
): Promise<CheckoutBenchResult> {
  const blocks = opts.blocks ?? 20;
  const block = opts.block ?? 50;
  const clients = opts.clients ?? 4;
  const log = opts.log ?? (() => undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-bench-checkout-'));
  const config = loadConfig([], {}, { dataDir, demo: false, scryptLogN: 10, uiDir: null, logLevel: 'silent' });
  setAppWorkers();
  const app = await buildApp(config, plugins);
  const worker = new Worker(CLIENT_CODE, { eval: true });
  try {
    const db = app.db;
    usersRepo(db, config.scryptLogN).create('bench', 'bench-password', 'USER');
    // A catalogue with plenty of stock, so every sale succeeds.
    const productIds: number[] = writeTx(db, () => {
      const repo = inventoryRepo(db);
      const ids: number[] = [];
      for (let i = 0; i < PRODUCTS; i++) {
        const id = repo.insert(
          {
            item_name: `Bench Shoe ${i}`,
            sku: `BENCH-${i}`,
            size: '42',
            brand: 'Bench',
            material: 'Mesh',
            category: 'Running',
            cost_cents: 4000 + i,
            selling_price_cents: 8990 + i * 10,
            tax_rate_bps: 900,
            image_url: null,
          },
          nowIso(),
        );
        moveStock(db, { productId: id, delta: 1_000_000, reason: 'INITIAL' });
        ids.push(id);
      }
      return ids;
    });
    let n = 0;
    /** A 3-line cart of different products. */
    const cart = (): Item[] => {
      n++;
      return [0, 1, 2].map((k) => ({ productId: productIds[(n * 7 + k * 13) % PRODUCTS], qty: 1 + ((n + k) % 2) }));
    };
    const rawSale = rawSaler(db);
    const groupLoop = (count: number) => {
      const t0 = performance.now();
      for (let done = 0; done < count; done += clients) rawSale.group(Array.from({ length: Math.min(clients, count - done) }, cart));
      return performance.now() - t0;
    };
    const actionSale = (items: Item[]) => checkout(db, { items }, { userId: 1, timeZone: config.timeZone });

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    let seed = 1_000_000;
    const workerSales = (count: number, tills: number) =>
      new Promise<number>((resolve, reject) => {
        worker.once('message', (m: { ms?: number; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.ms!)));
        worker.postMessage({ address, token, productIds, count, clients: tills, seed: (seed += 100_000) });
      });
    const syncLoop = (fn: (items: Item[]) => unknown) => (count: number) => {
      const t0 = performance.now();
      for (let i = 0; i < count; i++) fn(cart());
      return performance.now() - t0;
    };
    const variants = {
      raw: syncLoop(rawSale.one),
      rawGroup: groupLoop,
      action: syncLoop(actionSale),
      http1: (count: number) => workerSales(count, 1),
      httpN: (count: number) => workerSales(count, clients),
    };
    type Name = keyof typeof variants;
    const totals = Object.fromEntries(Object.keys(variants).map((k) => [k, { sales: 0, ms: 0, cpu: 0 }])) as Record<
      Name,
      { sales: number; ms: number; cpu: number }
    >;

    // Warm-up (JIT, statement caches, keep-alive sockets) before anything is timed.
    for (const run of Object.values(variants)) await run(WARM_UP);

    const blockRatios: number[] = [];
    for (let b = 1; b <= blocks; b++) {
      const ms: Partial<Record<Name, number>> = {};
      for (const name of Object.keys(variants) as Name[]) {
        const cpu0 = mainThreadCpuMs();
        ms[name] = await variants[name](block);
        totals[name].cpu += mainThreadCpuMs() - cpu0;
        totals[name].ms += ms[name]!;
        totals[name].sales += block;
      }
      blockRatios.push(ms.raw! / ms.http1!);
      log(
        `  block ${String(b).padStart(2)}: raw ${((block * 1000) / ms.raw!).toFixed(0)}/s, raw ${clients} a commit ${((block * 1000) / ms.rawGroup!).toFixed(0)}/s, action ${((block * 1000) / ms.action!).toFixed(0)}/s, ` +
          `1 till ${((block * 1000) / ms.http1!).toFixed(0)}/s, ${clients} tills ${((block * 1000) / ms.httpN!).toFixed(0)}/s  [load ${os.loadavg()[0].toFixed(1)}]`,
      );
    }
    const variant = (name: Name): CheckoutVariant => ({
      sales: totals[name].sales,
      ms: totals[name].ms,
      perSecond: (totals[name].sales * 1000) / totals[name].ms,
      cpuMsPerSale: totals[name].cpu / totals[name].sales,
    });
    const raw = variant('raw');
    const http1 = variant('http1');
    const httpN = variant('httpN');
    return {
      blocks,
      block,
      clients,
      invoices: db.prepare('SELECT count(*) FROM sales_invoice').pluck().get() as number,
      negativeStock: db.prepare('SELECT count(*) FROM inventory_product WHERE stock_qty < 0').pluck().get() as number,
      raw,
      rawGroup: variant('rawGroup'),
      action: variant('action'),
      http1,
      httpN,
      ratio1: http1.perSecond / raw.perSecond,
      ratioN: httpN.perSecond / raw.perSecond,
      cpuRatioN: httpN.cpuMsPerSale / raw.cpuMsPerSale,
      ratio1Range: [Math.min(...blockRatios), Math.max(...blockRatios)],
      loadAverage: os.loadavg(),
    };
  } finally {
    await worker.terminate();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const blocks = process.argv[2] ? Number(process.argv[2]) : undefined;
  const block = process.argv[3] ? Number(process.argv[3]) : undefined;
  console.log(
    `machine load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${os.availableParallelism()} cores`,
  );
  const r = await runCheckoutBench({ blocks, block, log: console.log });
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const line = (label: string, v: CheckoutVariant, extra = '') =>
    console.log(`  ${label.padEnd(38)} ${v.perSecond.toFixed(0).padStart(5)} sales/s   ${v.cpuMsPerSale.toFixed(2)} ms CPU/sale${extra}`);
  console.log(`checkout bench: ${r.blocks} blocks x ${r.block} sales per variant, 3-line carts, synchronous=FULL WAL, ${r.invoices} invoices written`);
  line('raw SQLite (same writes, no HTTP)', r.raw);
  line(`raw SQLite, ${r.clients} sales a commit (group commit)`, r.rawGroup, `   ${(r.rawGroup.perSecond / r.raw.perSecond).toFixed(1)}x raw`);
  line('checkout action (no HTTP)', r.action);
  line('HTTP, 1 till', r.http1, `   ${pct(r.ratio1)} of raw (blocks ${pct(r.ratio1Range[0])}..${pct(r.ratio1Range[1])})`);
  line(`HTTP, ${r.clients} concurrent tills`, r.httpN, `   ${pct(r.ratioN)} of raw`);
  console.log(`  (CPU/sale is the main thread: the loop itself for raw and action, the server's event loop for HTTP)`);
  const pass = r.ratioN >= CHECKOUT_BARS.rateOfRaw && r.cpuRatioN < CHECKOUT_BARS.cpuOfRaw && r.negativeStock === 0;
  console.log(
    `bars (#27.4): ${r.clients} tills >= ${pct(CHECKOUT_BARS.rateOfRaw)} of raw (${pct(r.ratioN)}), server CPU/sale < ${CHECKOUT_BARS.cpuOfRaw}x raw (${r.cpuRatioN.toFixed(2)}x) -> ${pass ? 'PASS' : 'FAIL'}${r.negativeStock ? ' (NEGATIVE STOCK!)' : ''}  [load ${r.loadAverage.map((l) => l.toFixed(1)).join(' / ')}]`,
  );
  process.exitCode = pass ? 0 : 1;
}
