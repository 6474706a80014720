// Eight tills at once against the real server (a separate process, real HTTP), for 30 seconds, all selling
// the same five scarce products: walk-in and credit sales, returns of earlier sales, customer payments,
// voids and restocks by the owner. Afterwards the figures the tills were told (the acknowledged responses)
// must agree with the API and with the database: no oversell, ledger = stock, balances = invoices, no
// 5xx, invoice numbers unique and without gaps. KEDAI_TILLS_SECONDS shortens or lengthens the run;
// KEDAI_SEED repeats one.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, NoAnswer, TILL, TSX, call, cents, createAccounts, random, runSeed, signIn, startServer, tempDataDir, type Server } from './support-server.js';
import { checkDatabase, queryDatabase } from './support-db-checks.js';

const SECONDS = Number(process.env.KEDAI_TILLS_SECONDS ?? 30);
const TILLS = 8;
/** Each loop also stops after this many steps, whatever the clock says. */
const MAX_STEPS = 20_000;
const SEED = runSeed();
const REASONS = ['Defective', 'Wrong Size', 'Not as Described', 'Customer Changed Mind', 'Damaged in Transit', 'Other'];
const RECEIVED = ['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER'];

interface Product {
  id: number;
  name: string;
  initial: number;
}
interface Customer {
  id: number;
  limitCents: number;
}
interface SaleLine {
  lineId: number;
  productId: number;
  qty: number;
  returned: number;
}
interface Sale {
  id: number;
  number: string;
  customerId: number | null;
  grandCents: number;
  paidCents: number;
  lines: SaleLine[];
  voided: boolean;
}

let dataDir = '';
let server: Server | undefined;
let owner = '';
const products: Product[] = [];
const customers: Customer[] = [];

// What the tills were told, from acknowledged responses only.
const sales: Sale[] = [];
const saleById = new Map<number, Sale>();
const sold = new Map<number, number>();
const returned = new Map<number, number>();
const voided = new Map<number, number>();
const restocked = new Map<number, number>();
/** Credit notes from acknowledged returns, with what the tills applied of them. */
const notes: { id: number; amountCents: number; appliedCents: number; customerId: number | null }[] = [];
/** Customer payments' allocations to invoices, as the responses told them. */
const allocations: { invoice_id: number; amount: number }[] = [];
const add = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);

const stats = {
  requests: 0,
  ok: new Map<string, number>(),
  conflicts: new Map<string, number>(),
  serverErrors: [] as string[],
  unexpected: [] as string[],
  noAnswer: [] as string[],
  checkoutMs: [] as number[],
  idempotentPairs: 0,
};

/** One API call from a till: counts it, returns the body when it succeeded, null for an expected 409. */
async function send(token: string, method: string, url: string, body: unknown, okStatus: number, conflicts: string[], headers?: Record<string, string>) {
  stats.requests++;
  const label = `${method} ${url.replace(/\d+/g, ':id')}`;
  try {
    const r = await call(server!.url, method, url, { token, body, headers });
    if (url === '/api/checkout') stats.checkoutMs.push(r.ms);
    if (r.status >= 500) stats.serverErrors.push(`${label} -> ${r.status} ${JSON.stringify(r.body)}`);
    else if (r.status === okStatus) {
      add(stats.ok, label, 1);
      return { body: r.body, replayed: false };
    } else if (r.status === 409 && conflicts.includes(r.body?.code)) add(stats.conflicts, r.body.code as string, 1);
    else stats.unexpected.push(`${label} ${JSON.stringify(body)} -> ${r.status} ${JSON.stringify(r.body)}`);
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
    stats.noAnswer.push(err.message);
  }
  return null;
}

/** Records an acknowledged sale from its checkout response. */
function recordSale(body: { invoiceId: number; number: string; invoice: any }) {
  if (saleById.has(body.invoiceId)) return;
  const inv = body.invoice;
  const sale: Sale = {
    id: body.invoiceId,
    number: body.number,
    customerId: inv.customer.id,
    grandCents: cents(inv.grand_total),
    paidCents: cents(inv.amount_paid),
    lines: inv.items.map((l: any) => ({ lineId: l.id, productId: l.product_id, qty: l.qty, returned: 0 })),
    voided: false,
  };
  for (const l of sale.lines) add(sold, l.productId, l.qty);
  sales.push(sale);
  saleById.set(sale.id, sale);
}

type Rng = ReturnType<typeof random>;

function cart(rng: Rng) {
  return Array.from({ length: rng.int(1, 3) }, () => ({
    productId: rng.pick(products).id,
    qty: rng.int(1, 3),
    ...(rng.next() < 0.1 ? { discount: 1.5 } : {}),
  }));
}

async function sell(token: string, rng: Rng) {
  const items = cart(rng);
  const onAccount = rng.next() < 0.35;
  let body: Record<string, unknown> = { items };
  if (onAccount) {
    const c = rng.pick(customers);
    const deposit = rng.next();
    body = {
      ...body,
      customerId: c.id,
      ...(deposit < 0.2 ? { payments: [{ method: 'CASH', amount: 20 }] } : deposit < 0.35 ? { payments: [{ method: 'NETS', amount: 15 }] } : {}),
    };
  } else {
    const how = rng.next();
    if (how < 0.3) body = { ...body, tendered: 1000 };
    else if (how < 0.5) body = { ...body, payments: [{ method: 'CASH', amount: 1000 }], invoiceDiscount: 5 };
  }
  const conflicts = ['INSUFFICIENT_STOCK', 'INSUFFICIENT_CREDIT'];
  if (rng.next() < 0.05) {
    // A till that sends the same sale twice (a retry after a timeout): one invoice at most.
    const headers = { 'idempotency-key': `till-${rng.int(0, 1e9)}-${stats.requests}` };
    const [a, b] = await Promise.all([
      send(token, 'POST', '/api/checkout', body, 201, conflicts, headers),
      send(token, 'POST', '/api/checkout', body, 201, conflicts, headers),
    ]);
    stats.idempotentPairs++;
    if (a && b && a.body.invoiceId !== b.body.invoiceId) stats.unexpected.push(`one Idempotency-Key, two invoices: ${a.body.number} and ${b.body.number}`);
    for (const r of [a, b]) if (r) recordSale(r.body);
    return;
  }
  const r = await send(token, 'POST', '/api/checkout', body, 201, conflicts);
  if (r) recordSale(r.body);
}

async function returnSome(token: string, rng: Rng) {
  const open = sales.filter((s) => !s.voided && s.lines.some((l) => l.returned < l.qty));
  if (!open.length) return;
  const sale = rng.pick(open);
  const lines = sale.lines.length > 1 && rng.next() < 0.3 ? sale.lines : [rng.pick(sale.lines)];
  const items = lines.map((l) => ({
    product_id: l.productId,
    invoice_line_id: l.lineId,
    returned_qty: rng.int(1, l.qty),
    return_reason: rng.pick(REASONS),
  }));
  const r = await send(token, 'POST', '/api/returns', { invoice_id: sale.id, items, notes: 'reliability' }, 201, ['RETURN_EXCEEDS_SOLD', 'INVOICE_VOID']);
  if (!r) return;
  // What the customer still owed on the invoice comes off first (#25: the note is applied to it, a credit to the account).
  const toAccount = cents(r.body.creditNote.applied_amount);
  sale.paidCents += toAccount;
  notes.push({ id: r.body.creditNote.id, amountCents: cents(r.body.creditNote.amount), appliedCents: toAccount, customerId: sale.customerId });
  for (const it of items) {
    add(returned, it.product_id, it.returned_qty);
    sale.lines.find((l) => l.lineId === it.invoice_line_id)!.returned += it.returned_qty;
  }
}

async function takePayment(token: string, rng: Rng) {
  const c = rng.pick(customers);
  const got = await send(token, 'GET', `/api/customers/${c.id}`, undefined, 200, []);
  const owed = got ? cents(got.body.customer.outstanding_balance) : 0;
  if (owed <= 0) return;
  const amount = rng.next() < 0.4 ? owed : rng.int(1, owed);
  const r = await send(token, 'POST', `/api/customers/${c.id}/payments`, { method: rng.pick(RECEIVED), amount: amount / 100, reference: 'reliability' }, 201, [
    'AMOUNT_TOO_LARGE',
  ]);
  // Counted after the run: the sale it pays may be acknowledged to another till a moment later.
  if (r) allocations.push(...(r.body.allocations as { invoice_id: number; amount: number }[]));
}

/** The owner spends a return's credit note on an account customer's open invoice. */
async function applyNote(token: string, rng: Rng) {
  const usable = notes.filter((n) => n.appliedCents < n.amountCents);
  if (!usable.length) return;
  const note = rng.pick(usable);
  // #13.6: a customer's note pays only that customer's invoices; a walk-in's note pays any.
  const open = sales.filter(
    (s) => s.customerId !== null && !s.voided && s.paidCents < s.grandCents && (note.customerId === null || s.customerId === note.customerId),
  );
  if (!open.length) return;
  const sale = rng.pick(open);
  const most = Math.min(note.amountCents - note.appliedCents, sale.grandCents - sale.paidCents);
  const amount = rng.next() < 0.5 ? most : rng.int(1, most);
  const r = await send(token, 'POST', `/api/returns/credit-notes/${note.id}/apply`, { invoice_id: sale.id, amount: amount / 100 }, 200, [
    'AMOUNT_TOO_LARGE',
    'CREDIT_NOTE_NOT_ACTIVE',
    'INVOICE_VOID',
  ]);
  if (!r) return;
  note.appliedCents += amount;
  sale.paidCents += amount;
}

/** The owner records a later payment on one open invoice (POST /api/invoices/:id/payments). */
async function payInvoice(token: string, rng: Rng) {
  const open = sales.filter((s) => !s.voided && s.paidCents < s.grandCents);
  if (!open.length) return;
  const sale = rng.pick(open);
  const amount = rng.next() < 0.5 ? sale.grandCents - sale.paidCents : rng.int(1, sale.grandCents - sale.paidCents);
  const r = await send(token, 'POST', `/api/invoices/${sale.id}/payments`, { method: rng.pick(RECEIVED), amount: amount / 100 }, 201, [
    'AMOUNT_TOO_LARGE',
    'INVOICE_VOID',
  ]);
  if (r) sale.paidCents += amount;
}

async function voidOne(token: string, rng: Rng) {
  const live = sales.filter((s) => !s.voided);
  if (!live.length) return;
  const sale = rng.pick(live);
  const r = await send(token, 'POST', `/api/invoices/${sale.id}/void`, { reason: 'Rung up twice' }, 200, ['VOID_BLOCKED', 'ALREADY_VOID']);
  if (!r) return;
  if (sale.voided) stats.unexpected.push(`invoice ${sale.number} voided twice`);
  sale.voided = true;
  for (const l of sale.lines) add(voided, l.productId, l.qty);
}

async function restock(token: string, rng: Rng) {
  const p = rng.pick(products);
  const delta = rng.int(3, 10);
  const r = await send(token, 'POST', `/api/products/${p.id}/adjust`, { delta, reason: 'Restock' }, 200, []);
  if (r) add(restocked, p.id, delta);
}

/** One till's loop: signed in on its own, random steps until the deadline. Tills 0 and 1 are the owner's. */
async function till(index: number, deadline: number) {
  const isOwner = index < 2;
  const token = await signIn(server!.url, isOwner ? ADMIN : TILL);
  const rng = random(SEED + index);
  for (let step = 0; step < MAX_STEPS && performance.now() < deadline; step++) {
    const r = rng.next();
    if (r < 0.6) await sell(token, rng);
    else if (r < 0.75) await returnSome(token, rng);
    else if (r < 0.85) await takePayment(token, rng);
    else if (isOwner && r < 0.89) await voidOne(token, rng);
    else if (isOwner && r < 0.93) await restock(token, rng);
    else if (isOwner && r < 0.96) await applyNote(token, rng);
    else if (isOwner && r < 0.975) await payInvoice(token, rng);
    else if (r < 0.99) await send(token, 'GET', '/api/products?search=Reliability', undefined, 200, []);
    else {
      const s = sales.length ? rng.pick(sales) : undefined;
      if (s) await send(token, 'GET', `/api/invoices/${s.id}/pdf?format=receipt`, undefined, 200, []);
    }
  }
}

test.before(async () => {
  dataDir = tempDataDir('tills');
  createAccounts(TSX, dataDir);
  server = await startServer(TSX, dataDir);
  owner = await signIn(server.url, ADMIN);
  const rng = random(SEED);
  for (let i = 1; i <= 5; i++) {
    const initial = rng.int(20, 40);
    const r = await call(server.url, 'POST', '/api/products', {
      token: owner,
      body: { item_name: `Reliability Runner ${i}`, sku: `REL-${i}`, size: String(38 + i), selling_price: 19.9 + 10 * i, cost: 10, stock_qty: initial },
    });
    assert.is(r.status, 201, JSON.stringify(r.body));
    products.push({ id: r.body.product.id, name: r.body.product.item_name, initial });
  }
  for (const limit of [150, 300, 600]) {
    const r = await call(server.url, 'POST', '/api/customers', {
      token: owner,
      body: { name: `Account ${limit}`, credit_limit: limit, credit_terms_days: 30 },
    });
    assert.is(r.status, 201, JSON.stringify(r.body));
    customers.push({ id: r.body.customer.id, limitCents: cents(limit) });
  }
});

test.after(async () => {
  await server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test(`${TILLS} tills selling the same scarce stock for ${SECONDS} s: no oversell, no 5xx, every figure agrees`, async () => {
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(Array.from({ length: TILLS }, (_, i) => till(i, deadline)));
  const elapsed = (performance.now() - started) / 1000;

  const okCount = (label: string) => stats.ok.get(label) ?? 0;
  const conflicts = [...stats.conflicts].map(([code, n]) => `${code} ${n}`).join(', ');
  const sorted = [...stats.checkoutMs].sort((a, b) => a - b);
  const pct = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1) : '-');
  console.log(`tills (seed ${SEED}): ${stats.requests} requests in ${elapsed.toFixed(1)} s = ${(stats.requests / elapsed).toFixed(0)} req/s`);
  console.log(
    `  sales ok ${sales.length} (checkout 201s ${okCount('POST /api/checkout')}, ${stats.idempotentPairs} duplicate-key pairs), 409s: ${conflicts || 'none'}`,
  );
  console.log(
    `  returns ok ${okCount('POST /api/returns')}, customer payments ok ${okCount('POST /api/customers/:id/payments')}, voids ok ${okCount('POST /api/invoices/:id/void')}, credit notes applied ${okCount('POST /api/returns/credit-notes/:id/apply')}, invoice payments ${okCount('POST /api/invoices/:id/payments')}, restocks ok ${okCount('POST /api/products/:id/adjust')}`,
  );
  console.log(`  checkout latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`);

  for (const a of allocations) {
    const sale = saleById.get(a.invoice_id);
    if (sale) sale.paidCents += cents(a.amount);
    else stats.unexpected.push(`payment allocated to invoice ${a.invoice_id}, which no till was told about`);
  }

  assert.equal(stats.serverErrors, [], '5xx responses');
  assert.equal(stats.noAnswer, [], 'requests without an answer');
  assert.equal(stats.unexpected, [], 'unexpected answers');
  assert.ok(sales.length >= 20, `only ${sales.length} sales went through`);
  assert.ok((stats.conflicts.get('INSUFFICIENT_STOCK') ?? 0) > 0, 'the stock was never short: the test did not contend');

  // Stock: what the tills were told, the API and the database agree, and nothing went below 0.
  const dbStock = new Map(
    queryDatabase<{ id: number; stock_qty: number }>(path.join(dataDir, 'kedai.db'), 'SELECT id, stock_qty FROM inventory_product').map((r) => [
      r.id,
      r.stock_qty,
    ]),
  );
  for (const p of products) {
    const expected = p.initial - (sold.get(p.id) ?? 0) + (returned.get(p.id) ?? 0) + (voided.get(p.id) ?? 0) + (restocked.get(p.id) ?? 0);
    const api = await call(server!.url, 'GET', `/api/products/${p.id}`, { token: owner });
    console.log(
      `  ${p.name}: initial ${p.initial}, sold ${sold.get(p.id) ?? 0}, returned ${returned.get(p.id) ?? 0}, voided ${voided.get(p.id) ?? 0}, restocked ${restocked.get(p.id) ?? 0} -> ${expected} (API ${api.body.product.stock_qty}, DB ${dbStock.get(p.id)})`,
    );
    assert.ok(expected >= 0, `${p.name}: oversold (${expected})`);
    assert.is(api.body.product.stock_qty, expected, `${p.name}: API stock`);
    assert.is(dbStock.get(p.id), expected, `${p.name}: database stock`);
  }

  // Customers: the balance the API shows = the tills' own sum = the database's sum over invoices.
  for (const c of customers) {
    const owed = sales.filter((s) => s.customerId === c.id && !s.voided).reduce((sum, s) => sum + s.grandCents - s.paidCents, 0);
    const api = await call(server!.url, 'GET', `/api/customers/${c.id}`, { token: owner });
    const [db] = queryDatabase<{ owed: number }>(
      path.join(dataDir, 'kedai.db'),
      `
      SELECT ifnull(sum(i.grand_total_cents - (SELECT ifnull(sum(p.amount_cents), 0) FROM sales_payment p WHERE p.invoice_id = i.id)), 0) AS owed
      FROM sales_invoice i WHERE i.customer_id = ? AND i.payment_status <> 'VOID'`,
      c.id,
    );
    console.log(`  customer ${c.id} (limit $${c.limitCents / 100}): owes ${owed / 100} (API ${api.body.customer.outstanding_balance}, DB ${db.owed / 100})`);
    assert.is(cents(api.body.customer.outstanding_balance), owed, `customer ${c.id}: API balance`);
    assert.is(db.owed, owed, `customer ${c.id}: database balance`);
    assert.ok(owed <= c.limitCents, `customer ${c.id}: owes more than the limit`);
  }

  // Credit notes: what the owner applied of each is what the database says.
  const applied = new Map(
    queryDatabase<{ id: number; applied_cents: number }>(path.join(dataDir, 'kedai.db'), 'SELECT id, applied_cents FROM credit_notes_note').map((r) => [
      r.id,
      r.applied_cents,
    ]),
  );
  for (const n of notes) assert.is(applied.get(n.id), n.appliedCents, `credit note ${n.id}: applied`);

  // Invoices: every acknowledged one is in the database, numbers unique, and nothing else was written.
  const numbers = new Set(sales.map((s) => s.number));
  assert.is(numbers.size, sales.length, 'invoice numbers told to the tills are unique');
  const dbInvoices = queryDatabase<{ id: number; number: string; payment_status: string }>(
    path.join(dataDir, 'kedai.db'),
    'SELECT id, number, payment_status FROM sales_invoice',
  );
  assert.is(dbInvoices.length, sales.length, 'invoices in the database = sales acknowledged');
  for (const row of dbInvoices) {
    const sale = saleById.get(row.id);
    assert.ok(sale, `invoice ${row.number} in the database was never acknowledged`);
    assert.is(row.number, sale!.number);
    assert.is(row.payment_status === 'VOID', sale!.voided, `${row.number}: void flag`);
  }

  // A clean stop releases the data folder; then the database's own checks.
  const code = await server!.stop();
  assert.is(code, 0, 'SIGTERM ends the server with code 0');
  assert.not.ok(fs.existsSync(path.join(dataDir, 'kedai.lock')), 'a clean stop removes kedai.lock');
  const report = checkDatabase(path.join(dataDir, 'kedai.db'));
  console.log(`  database: ${JSON.stringify(report.figures)}`);
  assert.equal(report.problems, [], 'database checks');
});

test.run();
