// Pulling the plug: ten times, the real server (a separate process) takes a stream of sales from 2-4 tills
// and is killed with SIGKILL at a random moment, then started again on the same data folder (its
// kedai.lock still names the dead process). Every sale a till was told about (201 with an invoice number)
// must be there after the restart, a sale in flight at the kill is there exactly once or not at all (the
// till retries it with its Idempotency-Key), and the database stays whole: integrity_check ok, stock =
// ledger, no invoice without its lines. Then one clean stop (SIGTERM) under the same stream: exit 0, lock
// released, nothing half-done. The server runs as an esbuild bundle of app/server.ts (support-server.ts) so
// twelve starts fit the time budget. KEDAI_CRASH_ROUNDS changes the number of kills; KEDAI_SEED repeats a run.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ADMIN,
  NoAnswer,
  TILL,
  bundleServer,
  call,
  cents,
  createAccounts,
  random,
  runSeed,
  signIn,
  startServer,
  tempDataDir,
  type Runner,
  type Server,
} from './support-server.js';
import { checkDatabase, queryDatabase } from './support-db-checks.js';

const ROUNDS = Number(process.env.KEDAI_CRASH_ROUNDS ?? 10);
const SEED = runSeed();
const rng = random(SEED);
const REASONS = ['Defective', 'Wrong Size', 'Other'];

interface Sent {
  key: string;
  body: Record<string, unknown>;
}
interface Acked {
  key: string;
  invoiceId: number;
  number: string;
  lines: { productId: number; qty: number }[];
  round: number;
}

let runner: Runner;
let removeBundle = () => {};
let dataDir = '';
let dbFile = '';
let server: Server | undefined;
let ownerToken = '';
let tillToken = '';
const products: { id: number; initial: number }[] = [];
const customers: number[] = [];

const acked = new Map<string, Acked>();
/** Sales sent whose answer never came (the server died): retried with the same key after the restart. */
let inFlight: Sent[] = [];
const ackedReturns = new Map<string, { productId: number; qty: number }>();
let unknownReturnQty = 0;
const ackedPayments: { id: number; amountCents: number }[] = [];
let unknownPayments = 0;
/** Set for the clean-stop round: a server that is closing may answer 503 (before any handler ran). */
let closing = false;
/** Why sales got no answer during the clean stop (connection refused: never received). */
const stopNoAnswer: string[] = [];
const figures = {
  unavailable: 0,
  sent: 0,
  rejected: 0,
  inFlight: 0,
  inFlightCommitted: 0,
  inFlightRetriedNew: 0,
  returns: 0,
  payments: 0,
  startMs: [] as number[],
};
const problems: string[] = [];

function saleBody(): Record<string, unknown> {
  const items = Array.from({ length: rng.int(1, 3) }, () => ({ productId: rng.pick(products).id, qty: rng.int(1, 3) }));
  return rng.next() < 0.25 ? { items, customerId: rng.pick(customers) } : { items, ...(rng.next() < 0.5 ? { tendered: 1000 } : {}) };
}

function recordAck(key: string, body: any, round: number) {
  const earlier = acked.get(key);
  if (earlier && earlier.invoiceId !== body.invoiceId) problems.push(`key ${key}: invoice ${earlier.number}, then ${body.number}`);
  acked.set(key, {
    key,
    invoiceId: body.invoiceId,
    number: body.number,
    round,
    lines: body.invoice.items.map((l: any) => ({ productId: l.product_id, qty: l.qty })),
  });
}

/** Posts one sale; false when the server did not answer (it is dead: the till stops). */
async function postSale(sale: Sent, round: number, retry = false): Promise<boolean> {
  try {
    const r = await call(server!.url, 'POST', '/api/checkout', { token: tillToken, body: sale.body, headers: { 'idempotency-key': sale.key } });
    if (r.status === 201) {
      recordAck(sale.key, r.body, round);
      if (retry) r.headers.get('idempotent-replayed') === 'true' ? figures.inFlightCommitted++ : figures.inFlightRetriedNew++;
    } else if (r.status === 409 && ['INSUFFICIENT_STOCK', 'INSUFFICIENT_CREDIT'].includes(r.body.code)) figures.rejected++;
    else if (r.status === 503 && closing && !retry) {
      figures.unavailable++;
      inFlight.push(sale);
      return false;
    } else problems.push(`checkout ${JSON.stringify(sale.body)} -> ${r.status} ${JSON.stringify(r.body)}`);
    return true;
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
    if (retry) problems.push(`retry of ${sale.key} got no answer: ${err.message}`);
    else {
      inFlight.push(sale);
      if (closing) stopNoAnswer.push(err.message);
    }
    return false;
  }
}

async function postReturn(): Promise<boolean> {
  const all = [...acked.values()];
  if (!all.length) return true;
  const sale = rng.pick(all);
  const line = rng.pick(sale.lines);
  const body = { invoice_id: sale.invoiceId, items: [{ product_id: line.productId, returned_qty: 1, return_reason: rng.pick(REASONS) }] };
  try {
    const r = await call(server!.url, 'POST', '/api/returns', { token: tillToken, body });
    if (r.status === 201) for (const ret of r.body.returns) ackedReturns.set(ret.id, { productId: ret.product_id, qty: ret.returned_qty });
    else if (r.status === 503 && closing) {
      unknownReturnQty += 1;
      return false;
    } else if (!(r.status === 409 && r.body.code === 'RETURN_EXCEEDS_SOLD'))
      problems.push(`return ${JSON.stringify(body)} -> ${r.status} ${JSON.stringify(r.body)}`);
    return true;
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
    unknownReturnQty += 1;
    return false;
  }
}

async function postPayment(): Promise<boolean> {
  const customer = rng.pick(customers);
  try {
    const r = await call(server!.url, 'POST', `/api/customers/${customer}/payments`, { token: tillToken, body: { method: 'CASH', amount: 5 } });
    if (r.status === 201) ackedPayments.push({ id: r.body.payment.id, amountCents: cents(r.body.payment.amount) });
    else if (r.status === 503 && closing) {
      unknownPayments++;
      return false;
    } else if (!(r.status === 409 && r.body.code === 'AMOUNT_TOO_LARGE')) problems.push(`payment -> ${r.status} ${JSON.stringify(r.body)}`);
    return true;
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
    unknownPayments++;
    return false;
  }
}

/** One till: sales (now and then a return or a customer payment) until the server stops answering. */
async function till(round: number) {
  for (let step = 0; step < 100_000; step++) {
    const r = rng.next();
    let alive: boolean;
    if (r < 0.85) {
      figures.sent++;
      alive = await postSale({ key: randomUUID(), body: saleBody() }, round);
    } else if (r < 0.95) alive = await postReturn();
    else alive = await postPayment();
    if (!alive) return;
  }
}

const lockPid = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n')[0] : null);

/**
 * Starts the server on the data folder; after a kill, first proves the stale lock did not stop it. With
 * `afterReboot`, the lock is made to look written before a reboot (power cut) and to name a pid that now
 * belongs to another live program (this test process): the server must start all the same.
 */
async function restart(round: number, afterReboot = false) {
  const lock = path.join(dataDir, 'kedai.lock');
  if (server) assert.is(lockPid(lock), String(server.pid), `round ${round}: the killed server's kedai.lock is left behind`);
  if (afterReboot) fs.writeFileSync(lock, `${process.pid}\n00000000-0000-0000-0000-000000000000`);
  server = await startServer(runner, dataDir);
  figures.startMs.push(server.startMs);
  assert.is(lockPid(lock), String(server.pid), 'the new server holds the lock');
}

/** Retries the sales that were in flight at the kill, with their keys: each is now there exactly once, or refused. */
async function settleInFlight(round: number) {
  const pending = inFlight;
  inFlight = [];
  figures.inFlight += pending.length;
  for (const sale of pending) await postSale(sale, round, true);
}

/** Every sale acknowledged so far reads back as it was told, through the API (ADMIN). */
async function verifyAcked(which: Acked[]) {
  for (let i = 0; i < which.length; i += 16) {
    await Promise.all(
      which.slice(i, i + 16).map(async (a) => {
        const r = await call(server!.url, 'GET', `/api/invoices/${a.invoiceId}`, { token: ownerToken });
        if (r.status !== 200) return problems.push(`round ${a.round} sale ${a.number}: GET -> ${r.status}`);
        const inv = r.body.invoice;
        const lines = inv.items.map((l: any) => ({ productId: l.product_id, qty: l.qty }));
        if (inv.number !== a.number || JSON.stringify(lines) !== JSON.stringify(a.lines)) {
          problems.push(`sale ${a.number} (round ${a.round}) reads back as ${inv.number} ${JSON.stringify(lines)}, told ${JSON.stringify(a.lines)}`);
        }
      }),
    );
  }
}

test.before(async () => {
  ({ runner, remove: removeBundle } = await bundleServer());
  dataDir = tempDataDir('crash');
  dbFile = path.join(dataDir, 'kedai.db');
  createAccounts(runner, dataDir);
});

test.after(async () => {
  await server?.kill();
  removeBundle();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test(`${ROUNDS} kills (SIGKILL) during a sale stream: acknowledged sales survive, the database stays whole`, async () => {
  const started = performance.now();
  for (let round = 1; round <= ROUNDS; round++) {
    await restart(round, round === Math.ceil(ROUNDS / 2) + 1);
    if (round === 1) {
      ownerToken = await signIn(server!.url, ADMIN);
      tillToken = await signIn(server!.url, TILL);
      for (let i = 1; i <= 5; i++) {
        const initial = 100_000;
        const r = await call(server!.url, 'POST', '/api/products', {
          token: ownerToken,
          body: { item_name: `Crash Loafer ${i}`, selling_price: 29.9 + i, cost: 12, stock_qty: initial },
        });
        assert.is(r.status, 201, JSON.stringify(r.body));
        products.push({ id: r.body.product.id, initial });
      }
      for (const name of ['Crash Account A', 'Crash Account B']) {
        const r = await call(server!.url, 'POST', '/api/customers', { token: ownerToken, body: { name, credit_limit: 100_000, credit_terms_days: 30 } });
        assert.is(r.status, 201, JSON.stringify(r.body));
        customers.push(r.body.customer.id);
      }
    } else {
      // The sessions signed before the crashes still work (secret.key survived), and the last round's sales are back.
      await settleInFlight(round);
      await verifyAcked([...acked.values()].filter((a) => a.round === round - 1));
      const report = checkDatabase(dbFile);
      problems.push(...report.problems.map((p) => `after kill ${round - 1}: ${p}`));
    }
    const tills = rng.int(2, 4);
    const killAfter = rng.int(500, 3000);
    const loops = Array.from({ length: tills }, () => till(round));
    await new Promise((r) => setTimeout(r, killAfter));
    const signal = await server!.kill();
    assert.is(signal, 'SIGKILL');
    await Promise.all(loops);
  }

  // A clean stop (SIGTERM) in the middle of the stream: it finishes what it took, exits 0 and frees the folder.
  await restart(ROUNDS + 1);
  await settleInFlight(ROUNDS + 1);
  await verifyAcked([...acked.values()]);
  closing = true;
  const loops = Array.from({ length: 3 }, () => till(ROUNDS + 1));
  await new Promise((r) => setTimeout(r, rng.int(500, 3000)));
  const stopped = await server!.stop();
  await Promise.all(loops);
  closing = false;
  assert.is(stopped, 0, `SIGTERM under load ends the server with code 0; its output: ${server!.output().slice(-3000)}`);
  assert.not.ok(fs.existsSync(path.join(dataDir, 'kedai.lock')), 'a clean stop removes kedai.lock');
  const inFlightAtStop = inFlight.length;
  const committedBefore = figures.inFlightCommitted;

  // The last start: everything told to a till is there, and nothing else.
  server = undefined;
  await restart(ROUNDS + 2);
  await settleInFlight(ROUNDS + 2);
  const committedAtStop = figures.inFlightCommitted - committedBefore;
  await verifyAcked([...acked.values()].filter((a) => a.round >= ROUNDS + 1));
  const listed = await call(server!.url, 'GET', '/api/invoices?pageSize=1', { token: ownerToken });
  assert.is(listed.status, 200);
  const code = await server!.stop();
  assert.is(code, 0, 'a clean stop after the crashes');

  const elapsed = (performance.now() - started) / 1000;
  const report = checkDatabase(dbFile);
  const meanStart = figures.startMs.reduce((s, x) => s + x, 0) / figures.startMs.length;
  console.log(`crash (seed ${SEED}): ${ROUNDS} kills in ${elapsed.toFixed(1)} s (server start ${meanStart.toFixed(0)} ms on average)`);
  console.log(
    `  sales sent ${figures.sent}, acknowledged ${acked.size}, refused 409 ${figures.rejected}; in flight at a kill ${figures.inFlight}: already committed ${figures.inFlightCommitted}, written on retry ${figures.inFlightRetriedNew}`,
  );
  console.log(
    `  clean stop under load: ${inFlightAtStop} sales without a 201 (${figures.unavailable} answered 503 while closing; no answer: ${stopNoAnswer.join(', ') || 'none'}), of which ${committedAtStop} had been written`,
  );
  console.log(
    `  returns acknowledged ${ackedReturns.size} (+${unknownReturnQty} in flight), customer payments acknowledged ${ackedPayments.length} (+${unknownPayments} in flight)`,
  );
  console.log(`  database: ${JSON.stringify(report.figures)}`);
  assert.equal(problems, [], 'problems seen during the rounds');
  assert.equal(report.problems, [], 'database checks after the last stop');
  assert.ok(acked.size >= ROUNDS * 5, `only ${acked.size} sales were acknowledged`);

  // Exactly the acknowledged sales are in the database: nothing lost, nothing doubled, nothing phantom.
  assert.is(listed.body.pagination.total, acked.size, 'invoices listed = sales acknowledged');
  const rows = queryDatabase<{ id: number; number: string; idempotency_key: string; lines: number }>(
    dbFile,
    'SELECT i.id, i.number, i.idempotency_key, (SELECT count(*) FROM sales_invoice_line l WHERE l.invoice_id = i.id) AS lines FROM sales_invoice i',
  );
  assert.is(rows.length, acked.size, 'invoices in the database = sales acknowledged');
  for (const row of rows) {
    const a = acked.get(row.idempotency_key);
    assert.ok(a, `invoice ${row.number} was never acknowledged`);
    assert.is(row.id, a!.invoiceId);
    assert.is(row.lines, a!.lines.length, `${row.number}: lines`);
  }

  // Returns and payments: every acknowledged one is there; in-flight ones are there or not, never partly.
  const returnRows = queryDatabase<{ id: string; product_id: number; returned_qty: number }>(dbFile, 'SELECT id, product_id, returned_qty FROM returns_return');
  const returnIds = new Set(returnRows.map((r) => r.id));
  for (const id of ackedReturns.keys()) assert.ok(returnIds.has(id), `acknowledged return ${id} is missing`);
  const dbReturnedQty = returnRows.reduce((s, r) => s + r.returned_qty, 0);
  const ackedReturnedQty = [...ackedReturns.values()].reduce((s, r) => s + r.qty, 0);
  assert.ok(
    dbReturnedQty >= ackedReturnedQty && dbReturnedQty <= ackedReturnedQty + unknownReturnQty,
    `returned qty ${dbReturnedQty} not within [${ackedReturnedQty}, ${ackedReturnedQty + unknownReturnQty}]`,
  );
  const paymentRows = new Map(
    queryDatabase<{ id: number; amount_cents: number }>(dbFile, 'SELECT id, amount_cents FROM sales_customer_payment').map((p) => [p.id, p.amount_cents]),
  );
  for (const p of ackedPayments) assert.is(paymentRows.get(p.id), p.amountCents, `acknowledged customer payment ${p.id}`);
  assert.ok(paymentRows.size <= ackedPayments.length + unknownPayments, 'no customer payment nobody sent');

  // Stock from the documents: initial - acknowledged sales + returns in the database.
  const stock = new Map(
    queryDatabase<{ id: number; stock_qty: number }>(dbFile, 'SELECT id, stock_qty FROM inventory_product').map((r) => [r.id, r.stock_qty]),
  );
  for (const p of products) {
    const soldQty = [...acked.values()]
      .flatMap((a) => a.lines)
      .filter((l) => l.productId === p.id)
      .reduce((s, l) => s + l.qty, 0);
    const back = returnRows.filter((r) => r.product_id === p.id).reduce((s, r) => s + r.returned_qty, 0);
    assert.is(stock.get(p.id), p.initial - soldQty + back, `product ${p.id}: stock`);
  }
});

test.run();
