// The auth matrix, discovered from the registered routes: every /api route needs a session unless it is one
// of the known public ones, every ADMIN route refuses a USER, docs/api.md's ADMIN areas and USER rights hold,
// and the session cookie works only on GET download routes. A new route that is not in these lists fails here.
import { createHmac } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSecretKey } from '../../core/data-dir.js';
import type { TestApp } from '../helpers/app.js';
import {
  appWithRoutes,
  diffSnapshots,
  fillPath,
  jpeg,
  keyOf,
  paramValues,
  seedOneOfEach,
  send,
  sessionCookie,
  snapshot,
  type RawReply,
  type RouteInfo,
  type Seeded,
} from './support-routes.js';

let t: TestApp;
let routes: RouteInfo[];
let ids: Seeded;
let sent = 0;

/** Sends one request and counts it. */
async function call(method: string, url: string, headers: Record<string, string> = {}, payload?: unknown): Promise<RawReply> {
  sent++;
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return send(t.app, { method, url, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers }, payload: body });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Public /api routes: no session needed (the image upload is authorised by its signed ticket). */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'GET /api/auth/config',
  'POST /api/auth/logout',
  'POST /api/admin/images/uploads',
  // First run (#26.8): the setup link's check and the owner's setup. Open only while the shop has no ADMIN, and then
  // only with the printed one-time code (403 without, 429 after repeated wrong ones); 404 once an owner exists (as
  // here). Tested in plugins/settings/setup.test.ts and fuzzed on a new shop in fuzz.test.ts.
  'GET /api/setup',
  'POST /api/setup',
  // #26.7 the customer display holds no staff session: it trades the code its till shows for a display token
  // (wrong codes limited like sign-ins), and that token alone opens its till's stream (tested below).
  'POST /api/display/pair',
  'GET /api/display/stream',
]);

/** Public routes that exist only for a shop without an owner: on this one (seeded, with an owner) they answer 404. */
const ONLY_BEFORE_SETUP = new Set(['GET /api/setup', 'POST /api/setup']);

/** Server-sent event streams: they answer 200 only to their own token and never end (tested over HTTP by their plugin). */
const STREAMS = new Set(['GET /api/display/stream']);

/** Routes outside /api (the guard does not cover them, so each one must be meant to be public). */
const NON_API = new Set(['GET /media/:name']);

/** Routes any signed-in user (USER or ADMIN) may call. Everything else under /api is ADMIN-only. */
const SIGNED_IN = new Set([
  'GET /api/auth/verify',
  'GET /api/settings',
  'GET /api/products',
  'GET /api/products/facets',
  'GET /api/products/:id',
  // The POS reads styles (sizes and stock per size).
  'GET /api/styles',
  'GET /api/styles/:id',
  // The till shows the low-stock badge (no costs in it).
  'GET /api/reports/low-stock',
  'POST /api/checkout',
  // #28.1: the till prices the cart as the checkout will (nothing written).
  'POST /api/checkout/quote',
  'GET /api/customers',
  'GET /api/customers/:id',
  'POST /api/customers',
  // A USER may edit contact details; the route itself refuses credit limit / terms changes (tested below).
  'PATCH /api/customers/:id',
  'POST /api/customers/:id/payments',
  'GET /api/invoices/customer/:id/outstanding-pdf',
  'GET /api/invoices/:id/pdf',
  // The till prints any sale's 80 mm receipt (#16.5): the receipt model for the browser, or the LAN printer.
  'GET /api/invoices/:id/receipt',
  'POST /api/invoices/:id/print',
  'GET /api/returns',
  'GET /api/returns/invoices',
  'POST /api/returns',
  // #17: the till looks up a tendered credit note by its number, and rings up exchanges.
  'GET /api/returns/credit-notes/by-number/:number',
  'POST /api/exchanges',
  'POST /api/exchanges/quote',
  // #25: the slip of the note a return just issued, by its code (cookie: opened in a new tab); the drawer opened
  // without a sale, with a reason, at the caller's till.
  'GET /api/returns/credit-notes/slip/:code',
  'POST /api/drawer/open',
  // Any signed-in user runs their till's shift (#16.8): open, pay in/out, X report, close, its Z report and print.
  'POST /api/shifts',
  'GET /api/shifts/current',
  'POST /api/shifts/:id/cash-movements',
  'GET /api/shifts/:id/x-report',
  'POST /api/shifts/:id/close',
  'GET /api/shifts/:id/z-report',
  'GET /api/shifts/:id/report.pdf',
  // The till shows the PayNow QR for the amount due (#17.1); it writes nothing.
  'POST /api/paynow/qr',
  // #26.7 the till pairs its customer display (a code), sees and ends the pairing, and publishes what its customer sees.
  'POST /api/display/pairing',
  'GET /api/display/pairing',
  'DELETE /api/display/pairing',
  'PUT /api/display/state',
  // #26.5 the till holds a sale under a name or number, lists its own held sales, and resumes one (read and deleted).
  'POST /api/held-sales',
  'GET /api/held-sales',
  'DELETE /api/held-sales/:id',
  // #26.3 a return's refund slip (the model, and printing it on the LAN printer).
  'GET /api/returns/:id/slip',
  'POST /api/returns/:id/print',
  // #26.4 the till's receipts of its open shift, and a void there (a USER with a manager's approval in the body).
  'GET /api/till/receipts',
  'POST /api/till/receipts/:id/void',
  // #29 the till checks a gift card's balance by its code (failed look-ups counted per address).
  'GET /api/gift-cards/:code',
  // #29 the till shows a customer's points and their ledger.
  'GET /api/customers/:id/points',
]);

/** GET routes opened in a new tab: the only ones that accept the session cookie. */
const COOKIE_GETS = new Set([
  'GET /api/invoices/:id/pdf',
  'GET /api/invoices/customer/:id/outstanding-pdf',
  'GET /api/returns/credit-notes/:id/pdf',
  'GET /api/purchase-orders/:id/pdf',
  'GET /api/reports/sales/csv',
  'GET /api/admin/backup',
  'GET /api/stock-takes/:id/variance.csv',
  'GET /api/labels.pdf',
  'GET /api/shifts/:id/report.pdf',
  'GET /api/returns/credit-notes/slip/:code',
]);

/** docs/api.md "Accounts and roles", spelled out so that none can quietly lose its role. */
const CONTRACT_ADMIN = [
  // products write routes
  'POST /api/products',
  'PATCH /api/products/:id',
  'DELETE /api/products/:id',
  'POST /api/products/:id/adjust',
  // style writes (#15)
  'POST /api/styles',
  'PATCH /api/styles/:id',
  'POST /api/styles/:id/sizes',
  'POST /api/styles/:id/barcodes',
  // invoices list/detail/payments (and void)
  'GET /api/invoices',
  'GET /api/invoices/:id',
  'POST /api/invoices/:id/payments',
  'POST /api/invoices/:id/void',
  // reports
  'GET /api/reports/sales',
  'GET /api/reports/sales/csv',
  'GET /api/reports/end-of-day',
  'GET /api/reports/size-curve',
  // credit-note listing and applying
  'GET /api/returns/credit-notes',
  'GET /api/returns/credit-notes/:id',
  'POST /api/returns/credit-notes',
  'POST /api/returns/credit-notes/:id/apply',
  // admin images
  'POST /api/admin/images/uploads/presign',
  'GET /api/admin/images/products/:productId/images',
  'POST /api/admin/images/products/:productId/images',
  'PATCH /api/admin/images/products/:productId/images/reorder',
  'PATCH /api/admin/images/products/:productId/images/:imageId',
  'DELETE /api/admin/images/products/:productId/images/:imageId',
  // ecommerce images
  'GET /api/ecommerce/test',
  'GET /api/ecommerce/products/:productId/images',
  'POST /api/ecommerce/images',
  'DELETE /api/ecommerce/images/:imageId',
  'PATCH /api/ecommerce/images/:imageId/primary',
  'POST /api/ecommerce/upload/proxy',
  // settings writes, users, backup
  'PATCH /api/settings',
  'GET /api/users',
  'POST /api/users',
  'PATCH /api/users/:id',
  'GET /api/admin/backup',
  // suppliers and purchase orders (#15.3)
  'GET /api/suppliers',
  'POST /api/suppliers',
  'GET /api/suppliers/:id',
  'PATCH /api/suppliers/:id',
  'GET /api/purchase-orders',
  'POST /api/purchase-orders',
  'GET /api/purchase-orders/:id',
  'POST /api/purchase-orders/:id/receive',
  'GET /api/purchase-orders/:id/pdf',
  'POST /api/purchase-orders/:id/cancel',
  'POST /api/purchase-orders/low-stock',
  // editable orders and a style's default supplier (#30.2)
  'PATCH /api/purchase-orders/:id',
  'GET /api/styles/:id/supplier',
  'PUT /api/styles/:id/supplier',
  'POST /api/stock-takes/:id/cancel',
  'DELETE /api/stock-takes/:id/counts/:productId',
  // every till's shifts with their variances (#16.8)
  'GET /api/shifts',
  // promotions (#28.6)
  'GET /api/promotions',
  'POST /api/promotions',
  'PATCH /api/promotions/:id',
  'POST /api/promotions/:id/end',
];

/** Query strings the GET routes need to answer 200. */
const today = new Date().toISOString().slice(0, 10);
const GET_QUERY: Record<string, string | (() => string)> = {
  'GET /api/labels.pdf': () => `?product_ids=${ids.productId}&copies=2`,
  'GET /api/reports/sales': `?type=daily&date=${today}`,
  'GET /api/reports/sales/csv': `?type=monthly&month=${today.slice(0, 7)}`,
  'GET /api/reports/end-of-day': `?date=${today}`,
  'GET /api/reports/size-curve': `?category=Sneakers&from=${today}&to=${today}`,
  'GET /api/shifts/current': '?till=Till%201',
};

const api = () => routes.filter((r) => r.url.startsWith('/api/'));
/** The route's path with seeded ids and, for GETs, the query it needs. */
const urlOf = (r: RouteInfo) =>
  fillPath(r.url, paramValues(r.url, ids)) + (r.method === 'GET' || r.method === 'HEAD' ? queryOf(GET_QUERY[`GET ${r.url}`]) : '');
function queryOf(q: string | (() => string) | undefined): string {
  return typeof q === 'function' ? q() : (q ?? '');
}
/** The route key with HEAD folded onto its GET (Fastify adds a HEAD for every GET). */
const baseKey = (r: RouteInfo) => keyOf({ method: r.method === 'HEAD' ? 'GET' : r.method, url: r.url });
const isPublic = (r: RouteInfo) => r.config.public === true;
const isAdmin = (r: RouteInfo) => r.config.role === 'ADMIN';

/** An HS256 JWT made by hand (to forge, expire or strip the signature). */
function jwt(payload: object, key: Buffer | string, alg = 'HS256'): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg, typ: 'JWT' })}.${part(payload)}`;
  return alg === 'none' ? `${head}.` : `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

test.before(async () => {
  ({ t, routes } = await appWithRoutes());
  ids = await seedOneOfEach(t);
});
test.after(async () => {
  console.log(
    `auth matrix: ${new Set(routes.map(keyOf)).size} routes (${api().filter((r) => r.method !== 'HEAD').length} /api routes + HEAD twins), ${sent} requests`,
  );
  await t.close();
});

test('route inventory: the public, signed-in, ADMIN and cookie lists match the registered routes exactly', () => {
  const keys = new Set(routes.map(keyOf));
  assert.is(keys.size, routes.length, 'no route registered twice');
  for (const r of routes) {
    assert.ok(r.config.role === undefined || r.config.role === 'ADMIN', `${keyOf(r)}: role is ADMIN or none (got ${r.config.role})`);
    if (r.method === 'HEAD') assert.ok(keys.has(baseKey(r)), `${keyOf(r)} is the twin of a GET`);
  }
  const nonHead = routes.filter((r) => r.method !== 'HEAD');
  assert.equal(
    nonHead
      .filter((r) => !r.url.startsWith('/api/'))
      .map(keyOf)
      .sort(),
    [...NON_API].sort(),
    'routes outside /api',
  );
  for (const r of routes.filter((x) => !x.url.startsWith('/api/'))) assert.ok(isPublic(r), `${keyOf(r)} is outside the guard, so it must say public`);
  assert.equal(
    nonHead
      .filter((r) => r.url.startsWith('/api/') && isPublic(r))
      .map(keyOf)
      .sort(),
    [...PUBLIC].sort(),
    'public /api routes',
  );
  assert.equal(
    nonHead
      .filter((r) => r.url.startsWith('/api/') && !isPublic(r) && !isAdmin(r))
      .map(keyOf)
      .sort(),
    [...SIGNED_IN].sort(),
    'routes open to USER',
  );
  assert.equal(
    nonHead
      .filter((r) => r.config.cookieAuth)
      .map(keyOf)
      .sort(),
    [...COOKIE_GETS].sort(),
    'cookie routes',
  );
  for (const k of COOKIE_GETS) assert.ok(k.startsWith('GET '), `${k} is a GET`);
  for (const k of CONTRACT_ADMIN) {
    const r = routes.find((x) => keyOf(x) === k);
    assert.ok(r, `${k} exists`);
    assert.is(r!.config.role, 'ADMIN', `${k} is ADMIN-only (docs/api.md)`);
  }
  // Every /api route is exactly one of: public, open to signed-in users, ADMIN.
  for (const r of api()) assert.is([PUBLIC.has(baseKey(r)), SIGNED_IN.has(baseKey(r)), isAdmin(r)].filter(Boolean).length, 1, `${keyOf(r)} is in one list`);
});

test('no session: every non-public /api route answers 401 (no token, garbage, forged, unsigned, expired)', async () => {
  const before = snapshot(t);
  const key = loadSecretKey(t.app.paths.secretKey);
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: ids.adminUserId, username: 'admin', role: 'ADMIN', ep: 0 };
  const epoch = t.app.db.prepare('SELECT session_epoch FROM core_user WHERE id = ?').pluck().get(ids.adminUserId) as number;
  const tokens: [string, Record<string, string>][] = [
    ['no token', {}],
    ['empty bearer', { authorization: 'Bearer ' }],
    ['garbage bearer', bearer('not-a-jwt')],
    ['basic auth', { authorization: 'Basic YWRtaW46YWRtaW4xMjM=' }],
    ['forged (other key)', bearer(jwt({ ...claims, ep: epoch, iat: now, exp: now + 3600 }, 'another-secret-key-of-enough-length-1234'))],
    ['unsigned (alg none)', bearer(jwt({ ...claims, ep: epoch, iat: now, exp: now + 3600 }, '', 'none'))],
    ['expired', bearer(jwt({ ...claims, ep: epoch, iat: now - 7200, exp: now - 3600 }, key))],
    ['old session epoch', bearer(jwt({ ...claims, ep: epoch + 1, iat: now, exp: now + 3600 }, key))],
  ];
  // The hand-made token is accepted when it is right, so the refusals above are about what was wrong with it.
  assert.is(
    (await call('GET', '/api/auth/verify', bearer(jwt({ ...claims, ep: epoch, iat: now, exp: now + 3600 }, key)))).status,
    200,
    'control token accepted',
  );
  for (const r of api().filter((x) => !isPublic(x))) {
    for (const [what, headers] of tokens) {
      const res = await call(r.method, urlOf(r), headers);
      assert.is(res.status, 401, `${keyOf(r)} with ${what}: ${res.text}`);
      if (r.method !== 'HEAD') {
        assert.type(res.body?.error, 'string', `${keyOf(r)}: {error}`);
        assert.ok(res.body.error.length > 0);
      }
    }
  }
  for (const r of api().filter(isPublic)) {
    const res = await call(r.method, urlOf(r));
    assert.not.ok([401, 403].includes(res.status), `${keyOf(r)} is public (got ${res.status})`);
    // Setup on a shop that has an owner: gone, whoever asks, token or not.
    if (ONLY_BEFORE_SETUP.has(baseKey(r))) {
      assert.is(res.status, 404, `${keyOf(r)} once an owner exists`);
      for (const [, headers] of tokens) assert.is((await call(r.method, urlOf(r), headers)).status, 404, `${keyOf(r)} with a token`);
      assert.is((await call(r.method, urlOf(r), bearer(t.admin.token))).status, 404, `${keyOf(r)} as the owner`);
    }
  }
  assert.is(diffSnapshots(before, snapshot(t)), '', 'nothing written');
});

test('USER token: every ADMIN route answers 403 and writes nothing', async () => {
  const before = snapshot(t);
  const admin = api().filter(isAdmin);
  assert.ok(admin.length >= CONTRACT_ADMIN.length);
  for (const r of admin) {
    const res = await call(r.method, urlOf(r), bearer(t.staff.token));
    assert.is(res.status, 403, `${keyOf(r)} as USER: ${res.text}`);
    if (r.method !== 'HEAD') assert.is(res.body.error, "You don't have permission to do this");
    // Also with a body: the guard answers before the body is read.
    if (['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method)) {
      const withBody = await call(r.method, urlOf(r), bearer(t.staff.token), { productId: ids.productId, amount: 1, delta: 1, reason: 'x', role: 'ADMIN' });
      assert.is(withBody.status, 403, `${keyOf(r)} with a body as USER`);
    }
  }
  assert.is(diffSnapshots(before, snapshot(t)), '', 'nothing written');
});

/** GET routes that answer only a till (400 without its X-Kedai-Till): #26.5 the till's held sales, #26.4 its receipts. */
const TILL_GETS = new Set(['GET /api/held-sales', 'GET /api/till/receipts']);

test('every GET route answers 200 to the role it is for (seeded ids reach every detail route)', async () => {
  for (const r of api().filter((x) => x.method === 'GET' && !ONLY_BEFORE_SETUP.has(keyOf(x)) && !STREAMS.has(keyOf(x)))) {
    const client = isAdmin(r) ? t.admin : t.staff;
    const till: Record<string, string> = TILL_GETS.has(keyOf(r)) ? { 'x-kedai-till': 'Till 1' } : {};
    const res = await call('GET', urlOf(r), { ...bearer(client.token), ...till });
    assert.is(res.status, 200, `${keyOf(r)} as ${isAdmin(r) ? 'ADMIN' : 'USER'}: ${res.text.slice(0, 300)}`);
    if (!isAdmin(r) && !isPublic(r)) {
      // ADMIN may do everything a USER may.
      assert.is((await call('GET', urlOf(r), { ...bearer(t.admin.token), ...till })).status, 200, `${keyOf(r)} as ADMIN`);
    }
  }
});

test('USER may: read products, checkout, customers (list, view, add, edit contact, payment, outstanding PDF), returns, any invoice PDF', async () => {
  const staff = bearer(t.staff.token);
  const expect = async (status: number, method: string, url: string, body?: unknown) => {
    const res = await call(method, url, staff, body);
    assert.is(res.status, status, `USER ${method} ${url}: ${res.text.slice(0, 300)}`);
    return res;
  };
  assert.is((await expect(200, 'GET', '/api/products?search=Runner')).body.products[0].id, ids.productId);
  assert.is((await expect(200, 'GET', `/api/products/${ids.productId}`)).body.product.sku, 'RUN-42');
  const sale = await expect(201, 'POST', '/api/checkout', { items: [{ productId: ids.productId, qty: 1 }], payments: [{ method: 'NETS', amount: 109 }] });
  assert.match(sale.body.number, /^INV-\d{8}-\d+$/);
  assert.ok((await expect(200, 'GET', '/api/customers')).body.customers.some((c: { id: number }) => c.id === ids.customerId));
  assert.is((await expect(200, 'GET', `/api/customers/${ids.customerId}`)).body.customer.name, 'Tan Trading');
  const added = await expect(201, 'POST', '/api/customers', { name: 'Walk In Regular', phone: '91234567' });
  assert.is((await expect(200, 'PATCH', `/api/customers/${added.body.customer.id}`, { phone: '98765432' })).body.customer.phone, '98765432');
  const credit = await call('PATCH', `/api/customers/${added.body.customer.id}`, staff, { credit_limit: 5000 });
  assert.is(credit.status, 403, 'USER cannot raise a credit limit');
  const paid = await expect(201, 'POST', `/api/customers/${ids.customerId}/payments`, { method: 'CASH', amount: 1 });
  assert.is(paid.body.payment.amount, 1);
  const statement = await expect(200, 'GET', `/api/invoices/customer/${ids.customerId}/outstanding-pdf`);
  assert.match(String(statement.headers['content-type']), /application\/pdf/);
  assert.ok((await expect(200, 'GET', '/api/returns')).body.returns.length >= 1);
  assert.ok((await expect(200, 'GET', '/api/returns/invoices')).body.invoices.length >= 1);
  const ret = await expect(201, 'POST', '/api/returns', {
    invoice_id: sale.body.invoiceId,
    items: [{ product_id: ids.productId, returned_qty: 1, return_reason: 'Wrong Size' }],
  });
  assert.is(ret.body.creditNote.status, 'ACTIVE');
  // Any invoice's PDF, also one rung up by someone else (the seeded credit sale was made by staff; this one by admin).
  const adminSale = await call('POST', '/api/checkout', bearer(t.admin.token), { items: [{ productId: ids.productId, qty: 1 }] });
  assert.is(adminSale.status, 201);
  for (const id of [ids.creditInvoiceId, ids.voidInvoiceId, adminSale.body.invoiceId]) {
    const pdf = await expect(200, 'GET', `/api/invoices/${id}/pdf`);
    assert.match(String(pdf.headers['content-type']), /application\/pdf/);
  }
});

test('session cookie: accepted only on GET routes with cookieAuth, refused everywhere else', async () => {
  const before = snapshot(t);
  const adminCookie = await sessionCookie(t.app, 'admin', 'admin123');
  const staffCookie = await sessionCookie(t.app, 'staff', 'staff123');
  let accepted = 0;
  for (const r of api().filter((x) => !isPublic(x))) {
    const res = await call(r.method, urlOf(r), { cookie: adminCookie });
    if (r.method === 'GET' && r.config.cookieAuth) {
      accepted++;
      assert.is(res.status, 200, `${keyOf(r)} with the cookie: ${res.text.slice(0, 200)}`);
      const asStaff = await call(r.method, urlOf(r), { cookie: staffCookie });
      assert.is(asStaff.status, isAdmin(r) ? 403 : 200, `${keyOf(r)} with a USER cookie`);
      // A bad Bearer header is not rescued by a good cookie.
      assert.is((await call(r.method, urlOf(r), { cookie: adminCookie, ...bearer('garbage') })).status, 401, `${keyOf(r)} bad bearer + cookie`);
    } else {
      assert.is(res.status, 401, `${keyOf(r)} must refuse the cookie: ${res.text.slice(0, 200)}`);
    }
  }
  assert.is(accepted, COOKIE_GETS.size);
  // The cookie never carries a write, even on a route USER may write to.
  assert.is((await call('POST', '/api/checkout', { cookie: adminCookie }, { items: [{ productId: ids.productId, qty: 1 }] })).status, 401);
  assert.is((await call('POST', '/api/customers', { cookie: staffCookie }, { name: 'Cookie Monster' })).status, 401);
  assert.is(diffSnapshots(before, snapshot(t)), '', 'nothing written (the backup download is a temp file)');
  // Signing out clears the cookie and revokes its session (the one write a cookie may cause: ending itself).
  const out = await call('POST', '/api/auth/logout', { cookie: adminCookie });
  assert.is(out.status, 200);
  assert.match(String(out.headers['set-cookie']), /kedai_session=;/);
  assert.is((await call('GET', '/api/auth/verify', { authorization: `Bearer ${adminCookie.split('=')[1]}` })).status, 401);
});

test('a disabled account and a changed password end the old sessions', async () => {
  const clerk = await t.login('clerk', 'clerk123');
  assert.is((await call('GET', '/api/auth/verify', bearer(clerk.token))).status, 200);
  assert.is((await call('PATCH', `/api/users/${ids.clerkUserId}`, bearer(t.admin.token), { active: false })).status, 200);
  assert.is((await call('GET', '/api/products', bearer(clerk.token))).status, 401, 'disabled account');
  assert.is((await call('PATCH', `/api/users/${ids.clerkUserId}`, bearer(t.admin.token), { active: true, password: 'clerk456' })).status, 200);
  assert.is((await call('GET', '/api/products', bearer(clerk.token))).status, 401, 'token from before the password reset');
  const again = await t.login('clerk', 'clerk456');
  assert.is((await call('GET', '/api/products', bearer(again.token))).status, 200);
});

test('the public image upload is authorised by its ticket alone', async () => {
  const before = snapshot(t);
  const multipart = async (fields: Record<string, string>, data: Buffer) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'x.jpg');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
  };
  const picture = await jpeg();
  const noTicket = await multipart({}, picture);
  sent++;
  assert.is((await send(t.app, { method: 'POST', url: '/api/admin/images/uploads', ...noTicket })).status, 403, 'no ticket');
  const ticket = await call('POST', '/api/admin/images/uploads/presign', bearer(t.admin.token), { productId: ids.productId, contentType: 'image/jpeg' });
  assert.is(ticket.status, 200);
  const tampered = await multipart({ ...ticket.body.fields, productId: String(ids.emptyProductId) }, picture);
  sent++;
  assert.is((await send(t.app, { method: 'POST', url: ticket.body.url, ...tampered })).status, 403, 'tampered ticket');
  // A USER session does not stand in for a ticket either.
  const withSession = await multipart({}, picture);
  sent++;
  assert.is(
    (await send(t.app, { method: 'POST', url: ticket.body.url, headers: { ...withSession.headers, ...bearer(t.staff.token) }, payload: withSession.payload }))
      .status,
    403,
  );
  assert.is(diffSnapshots(before, snapshot(t)), '', 'nothing written');
  const good = await multipart(ticket.body.fields, picture);
  sent++;
  assert.is((await send(t.app, { method: 'POST', url: ticket.body.url, ...good })).status, 201, 'a good ticket uploads without a session');
});

test('a display token opens its stream and nothing else; a staff token opens no stream', async () => {
  const till = { 'x-kedai-till': 'Till 1' };
  const code = await call('POST', '/api/display/pairing', { ...bearer(t.staff.token), ...till }, {});
  assert.is(code.status, 200, code.text);
  const paired = await call('POST', '/api/display/pair', {}, { code: code.body.code });
  assert.is(paired.status, 200, paired.text);
  const display = paired.body.token as string;
  const before = snapshot(t);
  for (const r of api().filter((x) => !isPublic(x))) {
    const res = await call(r.method, urlOf(r), { ...bearer(display), ...till });
    assert.is(res.status, 401, `${keyOf(r)} with a display token: ${res.text.slice(0, 200)}`);
  }
  // The stream refuses staff tokens (as its token, and as a Bearer beside a wrong one); its own is tested over HTTP.
  for (const token of [t.staff.token, t.admin.token]) {
    assert.is((await call('GET', `/api/display/stream?token=${encodeURIComponent(token)}`)).status, 401);
    assert.is((await call('GET', '/api/display/stream?token=nope', bearer(token))).status, 401);
  }
  assert.is(diffSnapshots(before, snapshot(t)), '', 'nothing written');
  assert.is((await call('DELETE', '/api/display/pairing', { ...bearer(t.staff.token), ...till })).status, 200);
});

test('unknown /api paths answer 404 with {error}, signed in or not', async () => {
  for (const headers of [{}, bearer(t.staff.token)]) {
    const res = await call('GET', '/api/no-such-thing', headers);
    assert.is(res.status, 404);
    assert.type(res.body.error, 'string');
  }
});

test.run();
