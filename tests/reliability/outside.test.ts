// Security proven from outside: the real server (`kedai serve`, the bundled sources) on a real port, attacked
// with raw HTTP over node:net, as someone on the shop's network would. Every registered route is tried in every
// spelling of its path, anonymously and as till staff; Host headers of a DNS-rebinding page; the login
// rate-limit bypass; and the findings of issue #13 that an outsider meets, each as a regression test.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appWithRoutes, type RouteInfo } from './support-routes.js';
import { ADMIN, TILL, bundleServer, createAccounts, signIn, startServer, tempDataDir, type Runner, type Server } from './support-server.js';
import { pathVariants, rawRequest, type RawRequest } from './support-raw-http.js';

let runner: Runner;
let removeBundle: () => void;
let server: Server;
let port: number;
let dataDir: string;
let uiDir: string;
let routes: RouteInfo[];
let adminToken: string;
let tillToken: string;

test.before(async () => {
  // The route table comes from the same sources the server runs; the requests go to the real process.
  const probe = await appWithRoutes();
  routes = probe.routes.filter((r) => r.method !== 'HEAD');
  await probe.t.close();
  const bundle = await bundleServer();
  runner = bundle.runner;
  removeBundle = bundle.remove;
  dataDir = tempDataDir('outside');
  createAccounts(runner, dataDir);
  // A stand-in UI folder, so the file server and the SPA fallback are attacked too.
  uiDir = tempDataDir('outside-ui');
  fs.mkdirSync(path.join(uiDir, 'assets'));
  fs.writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>Kedai</title>');
  fs.writeFileSync(path.join(uiDir, 'assets', 'app.js'), 'console.log(1)');
  server = await startServer(runner, dataDir, ['--hostname', 'till.myshop.lan'], { KEDAI_UI_DIR: uiDir });
  port = Number(new URL(server.url).port);
  adminToken = await signIn(server.url, ADMIN);
  tillToken = await signIn(server.url, TILL);
});

test.after(async () => {
  await server?.stop();
  removeBundle?.();
  for (const dir of [dataDir, uiDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const HOST = () => `127.0.0.1:${port}`;
const send = (req: Partial<RawRequest> & { method: string; target: string }) => rawRequest(port, { host: HOST(), ...req });
const withBody = (method: string) =>
  ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method) ? { headers: { 'Content-Type': 'application/json' }, body: '{}' } : {};

/** Concrete paths for a route: every :param becomes 1 (enough to match the route; the guard runs first). */
const concrete = (r: RouteInfo) => r.url.replace(/\*$/, 'x').replace(/:\w+/g, '1');

test('every closed route, in every spelling of its path: 401 anonymous, 403 for till staff on ADMIN routes, never 2xx or 5xx', async () => {
  const closed = routes.filter((r) => !r.config.public && (r.url.startsWith('/api/') || r.url.startsWith('/media/')));
  assert.ok(closed.length > 40, `closed routes found: ${closed.length}`);
  const problems: string[] = [];
  let sent = 0;
  for (const r of closed) {
    for (const v of pathVariants(concrete(r))) {
      for (const who of ['anonymous', 'till'] as const) {
        if (who === 'till' && r.config.role !== 'ADMIN') continue;
        const headers = { ...(withBody(r.method).headers ?? {}), ...(who === 'till' ? { Authorization: `Bearer ${tillToken}` } : {}) };
        const res = await send({ method: r.method, target: v.target, headers, body: withBody(r.method).body });
        sent++;
        const expected = who === 'anonymous' ? 401 : 403;
        const label = `${who} ${r.method} ${r.url} [${v.name}] ${v.target.slice(0, 80)} -> ${res.status}`;
        if ((res.noAnswer && v.name !== 'overlong') || res.status >= 500 || (res.status >= 200 && res.status < 300)) problems.push(label);
        else if (v.sameRoute && res.status !== expected) problems.push(`${label} (expected ${expected})`);
      }
    }
  }
  assert.equal(problems, [], `${problems.length} of ${sent} requests got through or failed:\n${problems.slice(0, 30).join('\n')}`);
  console.log(`  ${sent} raw requests to ${closed.length} closed routes`);
});

test('the findings of #13.1 as reported: backup, new ADMIN, settings, delete, anonymous reads', async () => {
  const backup = await send({ method: 'GET', target: '/%61pi/admin/backup' });
  assert.is(backup.status, 401);
  assert.not.match(backup.body, /SQLite format|scrypt\$/);
  const user = await send({
    method: 'POST',
    target: '/%61pi/users',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'intruder', password: 'intruder-pass-9', role: 'ADMIN' }),
  });
  assert.is(user.status, 401);
  for (const [method, target, body] of [
    ['PATCH', '/%61pi/settings', '{"shop_name":"pwned"}'],
    ['DELETE', '/%61pi/products/1', undefined],
    ['GET', '/%61pi/customers', undefined],
    ['GET', '/%61pi/auth/verify', undefined],
  ] as const) {
    const res = await send({ method, target, headers: body ? { 'Content-Type': 'application/json' } : {}, body });
    assert.is(res.status, 401, `${method} ${target}`);
  }
  // Nothing was created: the intruder cannot sign in.
  const login = await send({
    method: 'POST',
    target: '/api/auth/login',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'intruder', password: 'intruder-pass-9' }),
  });
  assert.is(login.status, 401);
});

test('the UI itself is public: index, assets and SPA pages load without a session', async () => {
  for (const target of ['/', '/index.html', '/assets/app.js', '/inventory', '/reports?type=daily']) {
    assert.is((await send({ method: 'GET', target })).status, 200, target);
  }
  assert.is((await send({ method: 'GET', target: '/api/health' })).status, 200);
});

test('the data folder never leaks through the UI file server or /media', async () => {
  for (const target of [
    '/kedai.db',
    '/..%2fkedai.db',
    '/%2e%2e/kedai.db',
    '/assets/../../kedai.db',
    '/media/..%2f..%2fkedai.db',
    '/media/%2e%2e/secret.key',
    '/..%2f..%2fdata/secret.key',
    '//etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  ]) {
    const res = await send({ method: 'GET', target });
    assert.ok(res.status < 500, `${target} -> ${res.status}`);
    assert.not.match(res.body, /SQLite format|root:x:0:0/, target);
    const secret = fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim();
    assert.not.ok(res.body.includes(secret), `${target} leaked secret.key`);
  }
});

test("#13.2 DNS rebinding: only the shop's names are answered; others get 421 and touch nothing", async () => {
  for (const host of [
    '127.0.0.1',
    HOST(),
    `localhost:${port}`,
    'localhost',
    `[::1]:${port}`,
    'till.myshop.lan',
    `TILL.MYSHOP.LAN:${port}`,
    '192.168.1.50:3000',
  ]) {
    const res = await send({ method: 'GET', target: '/api/health', host });
    assert.is(res.status, 200, host);
  }
  for (const host of [
    'evil.example',
    `rebind.attacker.net:${port}`,
    '127.0.0.1.nip.io',
    'localhost.attacker.net',
    'till.myshop.lan.attacker.net',
    'myshop.lan',
    '',
  ]) {
    for (const [method, target] of [
      ['GET', '/api/health'],
      ['GET', '/'],
      ['GET', '/api/customers'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const res = await send({
        method,
        target,
        host,
        headers: { Authorization: `Bearer ${adminToken}`, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify({ username: ADMIN.username, password: ADMIN.password }) : undefined,
      });
      assert.is(res.status, 421, `Host ${host}: ${method} ${target}`);
      assert.not.ok(res.headers['set-cookie'], `Host ${host} got a session cookie`);
    }
  }
  // HTTP/1.1 without a Host header is malformed (Node answers 400 itself).
  assert.is((await send({ method: 'GET', target: '/api/health', host: null })).status, 400);
});

test('#13.13 gaps an outsider meets: no-store on personal data, logout ends the token, weak passwords refused', async () => {
  const customers = await send({ method: 'GET', target: '/api/customers', headers: { Authorization: `Bearer ${adminToken}` } });
  assert.is(customers.status, 200);
  assert.is(customers.headers['cache-control'], 'no-store');
  const users = await send({ method: 'GET', target: '/api/users', headers: { Authorization: `Bearer ${adminToken}` } });
  assert.is(users.headers['cache-control'], 'no-store');
  // Logout revokes: the same token is refused afterwards.
  const token = await signIn(server.url, TILL);
  const auth = { Authorization: `Bearer ${token}` };
  assert.is((await send({ method: 'GET', target: '/api/auth/verify', headers: auth })).status, 200);
  assert.is((await send({ method: 'POST', target: '/api/auth/logout', headers: auth })).status, 200);
  assert.is((await send({ method: 'GET', target: '/api/auth/verify', headers: auth })).status, 401);
  assert.is((await send({ method: 'GET', target: '/api/auth/verify', headers: { Authorization: `Bearer ${tillToken}` } })).status, 200);
  for (const password of ['123456', 'password1', 'short', 'newclerk1']) {
    const res = await send({
      method: 'POST',
      target: '/api/users',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'newclerk1', password, role: 'USER' }),
    });
    assert.is(res.status, 400, password);
    assert.is(JSON.parse(res.body).details.field, 'password');
  }
});

/** A JSON call over the raw socket; the reply's body parsed. */
async function json(method: string, target: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await send({
    method,
    target,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  let parsed: any = res.body;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

test('#13.4 till staff cannot grant credit; the credit limit has a ceiling', async () => {
  const before = (await json('GET', '/api/customers', adminToken)).body.pagination.total;
  for (const body of [
    { name: 'Credit Grab', credit_limit: 10000, credit_terms_days: 365 },
    { name: 'Terms Grab', credit_terms_days: 30 },
    { name: 'Limit Grab', credit_limit: 0.01 },
  ]) {
    assert.is((await json('POST', '/api/customers', tillToken, body)).status, 403, JSON.stringify(body));
  }
  assert.is((await json('POST', '/api/customers', tillToken, { name: 'Walk-in Regular', credit_limit: 0, credit_terms_days: 0 })).status, 201);
  const huge = await json('POST', '/api/customers', adminToken, { name: 'Too Big', credit_limit: 1e9 });
  assert.is(huge.status, 400);
  assert.is(huge.body.details.field, 'credit_limit');
  assert.is((await json('GET', '/api/customers', adminToken)).body.pagination.total, before + 1);
});

test('#13.11 + #13.13: huge totals, hex amounts and control characters are clear 4xx, never 500, and write nothing', async () => {
  const product = await json('POST', '/api/products', adminToken, {
    item_name: 'Outside Runner',
    selling_price: 9_000_000,
    stock_qty: 1_000_000,
    sku: 'OUT-1',
  });
  assert.is(product.status, 201);
  const id = product.body.product.id;
  const huge = await json('POST', '/api/checkout', adminToken, {
    items: Array.from({ length: 200 }, () => ({ productId: id, qty: 100_000 })),
    payments: [{ method: 'CASH', amount: 1 }],
  });
  assert.ok(huge.status === 400 || huge.status === 409, `huge cart -> ${huge.status}`);
  assert.ok(typeof huge.body.error === 'string' && huge.body.error.length > 0);
  const raw = `{"items":[{"productId":${id},"qty":1}],"payments":[{"method":"CASH","amount":0x10}]}`;
  assert.is((await json('POST', '/api/checkout', adminToken, raw)).status, 400);
  // Above $1,000.00 a walk-in's sale names its buyer (#17.7: a full tax invoice).
  const sold = await json('POST', '/api/checkout', adminToken, {
    items: [{ productId: id, qty: 1 }],
    payments: [{ method: 'NETS', amount: 9_810_000 }],
    buyer: { name: 'Outside Buyer', address: '1 Outside Road' },
  });
  assert.is(sold.status, 201);
  for (const amount of ['0x10', '1e1', ' 5', 'Infinity']) {
    const note = await json('POST', '/api/returns/credit-notes', adminToken, { invoice_id: sold.body.invoiceId, amount, reason: 'typed' });
    assert.is(note.status, 400, amount);
    assert.is(note.body.details.field, 'amount', amount);
  }
  for (const name of ['Evil\u0000Name', 'Two\nLines', 'Rev\u202Eesrever', 'Bell\u0007']) {
    const res = await json('POST', '/api/customers', adminToken, { name });
    assert.is(res.status, 400, name);
    assert.is(res.body.details.field, 'name');
  }
  const stock = await json('GET', `/api/products/${id}`, adminToken);
  assert.is(stock.body.product.stock_qty, 1_000_000 - 1, 'only the one good sale');
});

test("#13.13 an Idempotency-Key is one user's: another user replaying it never gets the first sale", async () => {
  const product = await json('POST', '/api/products', adminToken, { item_name: 'Idem Shoe', selling_price: 10, stock_qty: 10, sku: 'IDEM-1' });
  const sale = { items: [{ productId: product.body.product.id, qty: 1 }], payments: [{ method: 'CASH', amount: 20 }] };
  const key = { 'Idempotency-Key': 'outside-key-1' };
  const first = await json('POST', '/api/checkout', tillToken, sale, key);
  assert.is(first.status, 201);
  const again = await json('POST', '/api/checkout', tillToken, sale, key);
  assert.is(again.body.number, first.body.number);
  const other = await json('POST', '/api/checkout', adminToken, sale, key);
  assert.ok(other.status !== 201 || other.body.number !== first.body.number);
  assert.not.ok(JSON.stringify(other.body).includes(first.body.number), 'the other user learns nothing of the first sale');
});

test("#13.5 + #13.6: a void keeps the money received and records the refund; a customer's note pays only that customer", async () => {
  const product = await json('POST', '/api/products', adminToken, { item_name: 'Void Loafer', selling_price: 20, stock_qty: 20, sku: 'VOID-1' });
  const productId = product.body.product.id;
  const a = (await json('POST', '/api/customers', adminToken, { name: 'Alice Credit', credit_limit: 500, credit_terms_days: 30 })).body.customer.id;
  const b = (await json('POST', '/api/customers', adminToken, { name: 'Bob Credit', credit_limit: 500, credit_terms_days: 30 })).body.customer.id;
  const credit = (customerId: number) =>
    json('POST', '/api/checkout', adminToken, { items: [{ productId, qty: 1 }], customerId, payments: [{ method: 'CREDIT', amount: 21.8 }] });
  const sale = await credit(a);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  assert.is((await json('POST', `/api/customers/${a}/payments`, adminToken, { method: 'CASH', amount: 10 })).status, 201);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
  const before = (await json('GET', `/api/reports/end-of-day?date=${today}`, adminToken)).body;
  const voided = await json('POST', `/api/invoices/${sale.body.invoiceId}/void`, adminToken, { reason: 'Keyed in twice' });
  assert.is(voided.status, 200, JSON.stringify(voided.body));
  assert.is(voided.body.invoice.amount_refunded, 10);
  assert.is((await json('GET', `/api/customers/${a}`, adminToken)).body.customer.outstanding_balance, 0);
  const after = (await json('GET', `/api/reports/end-of-day?date=${today}`, adminToken)).body;
  assert.is(after.payments_received_total, before.payments_received_total, 'the $10 received is still in the day');
  assert.is(Math.round((after.refunds_total - (before.refunds_total ?? 0)) * 100), 1000, 'and the refund is recorded');
  assert.is(Math.round((before.cash.expected_in_drawer - after.cash.expected_in_drawer) * 100), 1000, 'the drawer expects the $10 handed back');

  // A's return makes a note for A; B's unpaid invoice cannot be paid with it.
  const mine = await credit(a);
  const theirs = await credit(b);
  const ret = await json('POST', '/api/returns', adminToken, {
    invoice_id: mine.body.invoiceId,
    items: [{ product_id: productId, original_qty: 1, returned_qty: 1, return_reason: 'Wrong Size', refund_amount: 21.8 }],
  });
  assert.is(ret.status, 201, JSON.stringify(ret.body));
  const notes = (await json('GET', '/api/returns/credit-notes', adminToken)).body.credit_notes;
  const note = notes.find((n: { invoice?: { number?: string } }) => n.invoice?.number === mine.body.number);
  assert.ok(note, 'the return made a credit note');
  const apply = await json('POST', `/api/returns/credit-notes/${note.id}/apply`, adminToken, {
    credit_note_id: note.id,
    invoice_id: theirs.body.invoiceId,
    amount: 5,
  });
  assert.is(apply.status, 409);
  const bob = (await json('GET', `/api/customers/${b}`, adminToken)).body.customer;
  assert.is(bob.outstanding_balance, 21.8, 'nothing was applied');
});

// Last: it locks the owner's account for the rest of the window.
test('#13.3 rate-limit bypass: 9 wrong owner passwords + 1 staff sign-in, repeated, is still stopped', async () => {
  const login = (username: string, password: string) =>
    send({
      method: 'POST',
      target: '/api/auth/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 9; i++) statuses.push((await login(ADMIN.username, `guess-${round}-${i}`)).status);
    statuses.push((await login(TILL.username, TILL.password)).status);
  }
  const firstBlocked = statuses.indexOf(429);
  assert.ok(firstBlocked >= 0 && firstBlocked <= 11, `blocked at attempt ${firstBlocked}: ${statuses.join(',')}`);
  const right = await login(ADMIN.username, ADMIN.password);
  assert.is(right.status, 429, 'the owner account stays locked for the window');
  assert.match(JSON.parse(right.body).error, /Too many/);
});

test.run();
