// First run in the browser (#26.8), through the real HTTP port: the setup link's code (403 without it, 429 after
// repeated wrong ones), the form's rules (400 naming the field, nothing written), one transaction for the owner and
// the shop's details, the owner signed in like a login, and 404 for every setup route once the shop has an owner.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newSetupCode } from '../../core/auth/setup-gate.js';
import { getSettings } from '../../core/settings.js';
import { setupModeApp, testApp, type SetupModeApp } from '../../tests/helpers/app.js';
import { httpRequest, listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import settingsPlugin from './index.js';

let s: SetupModeApp;
let http: HttpApp;

test.before(async () => {
  s = await setupModeApp({ plugins: [settingsPlugin] });
  http = await listenHttp(s);
});
test.after(async () => {
  await s.close();
});

const GOOD = {
  username: 'siti',
  password: 'kasut-bukit-2024',
  shop_name: '  Kasut Bukit Timah  ',
  address: '12 Bukit Timah Road\n#02-01\nSingapore 229900',
  gst_reg_no: 'm2-1234567-8',
  paynow_uen: '201912345k',
  prices_include_gst: true,
  cash_rounding: true,
};
const body = (over: Record<string, unknown> = {}) => ({ code: s.code, ...GOOD, ...over });

/** What setup may write: accounts and settings. */
const written = (app = s.app) => ({
  users: app.db.prepare('SELECT COUNT(*) FROM core_user').pluck().get(),
  settings: app.db.prepare('SELECT COUNT(*) FROM core_setting').pluck().get(),
});
const NOTHING = { users: 0, settings: 0 };

test('setup codes: 16 base32 characters (80 random bits), a new one each time', () => {
  const codes = new Set(Array.from({ length: 200 }, () => newSetupCode()));
  assert.is(codes.size, 200);
  for (const c of codes) assert.match(c, /^[a-z2-7]{16}$/);
  assert.match(s.code, /^[a-z2-7]{16}$/);
});

test('a new shop is in setup mode: GET /api/auth/config says so (and keeps demo, demoAccounts)', async () => {
  const r = await http.anon.get('/api/auth/config');
  assert.is(r.status, 200);
  assert.is(r.body.setup, true);
  assert.is(r.body.demo, false);
  assert.equal(r.body.demoAccounts, []);
});

test('403 without the code or with a wrong one, GET and POST; nothing written', async () => {
  for (const url of [
    '/api/setup',
    '/api/setup?code=',
    `/api/setup?code=${newSetupCode()}`,
    `/api/setup?code=${s.code}x`,
    `/api/setup?code=${s.code}&code=${s.code}`,
  ]) {
    const r = await http.anon.get(url);
    assert.is(r.status, 403, `${url}: ${JSON.stringify(r.body)}`);
    assert.match(r.body.error, /setup link is not valid/);
  }
  const { code: _code, ...noCode } = body();
  for (const b of [noCode, body({ code: '' }), body({ code: 'wrong' }), body({ code: 12345 }), body({ code: [s.code] })] as Record<string, unknown>[]) {
    const r = await http.anon.post('/api/setup', b);
    assert.is(r.status, 403, `${JSON.stringify(b.code)}: ${JSON.stringify(r.body)}`);
  }
  // Without the code, a malformed form says nothing about the form either.
  assert.is((await http.anon.post('/api/setup', { code: 'wrong', username: 5 })).status, 403);
  assert.equal(written(), NOTHING);
});

test('the right code: GET answers {ok: true} (the code is read case-insensitively)', async () => {
  assert.equal((await http.anon.get(`/api/setup?code=${s.code}`)).body, { ok: true });
  assert.is((await http.anon.get(`/api/setup?code=${s.code.toUpperCase()}`)).status, 200);
});

test('bad input with the right code: 400 naming the field, and nothing written', async () => {
  const { username: _u, ...noUsername } = body();
  const { shop_name: _n, ...noShopName } = body();
  const cases: [Record<string, unknown>, string, RegExp?][] = [
    [body({ username: 'x' }), 'username', /Username must be 2-40/],
    [body({ username: 'bad name' }), 'username', /Username must be 2-40/],
    [noUsername, 'username'],
    [body({ password: 'short1' }), 'password', /at least 8 characters/],
    [body({ password: 'password1' }), 'password', /most common passwords/],
    [body({ username: 'kasutowner', password: 'KasutOwner' }), 'password', /must not be the username/],
    [body({ password: '' }), 'password'],
    [noShopName, 'shop_name'],
    [body({ shop_name: '' }), 'shop_name'],
    [body({ shop_name: '   ' }), 'shop_name', /Shop name is required/],
    [body({ shop_name: 'x'.repeat(201) }), 'shop_name'],
    [body({ address: 'evil\u202Efdp' }), 'address'],
    [body({ gst_reg_no: 'M2 123;' }), 'gst_reg_no', /GST registration number/],
    [body({ paynow_uen: '12345' }), 'paynow_uen', /PayNow UEN must be/],
    [body({ prices_include_gst: 'yes' }), 'prices_include_gst'],
    [body({ cash_rounding: 1 }), 'cash_rounding'],
    // Only these fields: no role, no other setting, nothing a setup could smuggle in.
    [body({ role: 'USER' }), 'role', /not an allowed field/],
    [body({ gst_rate: 0 }), 'gst_rate', /not an allowed field/],
    [body({ receipt_printer: '10.0.0.1:9100' }), 'receipt_printer', /not an allowed field/],
  ];
  for (const [b, field, message] of cases) {
    const r = await http.anon.post('/api/setup', b);
    assert.is(r.status, 400, `${field}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.details?.field, field, JSON.stringify(r.body));
    if (message) assert.match(r.body.error, message);
  }
  assert.equal(written(), NOTHING);
  // None of those counted as a wrong code.
  assert.is((await http.anon.get(`/api/setup?code=${s.code}`)).status, 200);
});

test('setup: 201 with the login reply, the session cookie, the owner is an ADMIN and the settings are stored', async () => {
  const r = await http.anon.post('/api/setup', body());
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.equal(Object.keys(r.body).sort(), ['token', 'user']);
  assert.equal(r.body.user, { username: 'siti', role: 'ADMIN' });
  const cookie = String(r.headers['set-cookie']);
  assert.match(cookie, new RegExp(`kedai_session=${r.body.token.replace(/\./g, '\\.')};`));
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Strict/);
  // The token is a session like a login's: verify, and an ADMIN route.
  const owner = http.client(r.body.token);
  assert.equal((await owner.get('/api/auth/verify')).body, { user: { username: 'siti', role: 'ADMIN' } });
  const users = await owner.get('/api/users');
  assert.is(users.status, 200);
  assert.equal(
    users.body.users.map((u: { username: string; role: string; active: boolean }) => [u.username, u.role, u.active]),
    [['siti', 'ADMIN', true]],
  );
  // The shop's details, trimmed and upper-cased by the Settings screen's own rules; the rest keep their defaults.
  const settings = (await owner.get('/api/settings')).body.settings;
  assert.is(settings.shop_name, 'Kasut Bukit Timah');
  assert.is(settings.address, '12 Bukit Timah Road\n#02-01\nSingapore 229900');
  assert.is(settings.gst_reg_no, 'M2-1234567-8');
  assert.is(settings.paynow_uen, '201912345K');
  assert.is(settings.prices_include_gst, true);
  assert.is(settings.cash_rounding, true);
  assert.is(settings.gst_rate, 0.09);
  assert.is(settings.receipt_footer, 'Thank you for shopping with us!');
  assert.equal(getSettings(s.app.db), settings);
  // The till follows the chosen price mode and rounding from its first request.
  const config = (await http.anon.get('/api/auth/config')).body;
  assert.equal([config.setup, config.pricesIncludeGst, config.cashRounding], [false, true, true]);
  // The owner signs in with the password chosen at setup.
  const login = await http.anon.post('/api/auth/login', { username: 'siti', password: GOOD.password });
  assert.is(login.status, 200);
  assert.equal(login.body.user, { username: 'siti', role: 'ADMIN' });
});

test('once the shop has an owner, every setup route answers 404: right code, wrong code, no code, malformed', async () => {
  const before = written();
  assert.equal(before, { users: 1, settings: 6 });
  const requests: [string, string, unknown?][] = [
    ['GET', `/api/setup?code=${s.code}`],
    ['GET', '/api/setup'],
    ['GET', '/api/setup?code=wrong'],
    ['HEAD', `/api/setup?code=${s.code}`],
    ['POST', '/api/setup', body({ username: 'mallory', password: 'take-over-123' })],
    ['POST', '/api/setup', body({ code: 'wrong' })],
    ['POST', '/api/setup', {}],
    ['POST', '/api/setup', { junk: 'x'.repeat(1000) }],
  ];
  for (const [method, url, b] of requests) {
    const r = method === 'POST' ? await http.anon.post(url, b) : await httpRequest(http.port, method, url);
    assert.is(r.status, 404, `${method} ${url}: ${JSON.stringify(r.body)}`);
  }
  // Signed in as the owner changes nothing.
  const owner = await http.anon.post('/api/auth/login', { username: 'siti', password: GOOD.password });
  assert.is((await http.client(owner.body.token).post('/api/setup', body({ username: 'second' }))).status, 404);
  assert.equal(written(), before);
  assert.is(s.app.setup.code(), null);
});

test('429 after 10 wrong codes from one address (then even the right code waits); other addresses are not blocked', async () => {
  const other = await setupModeApp({ plugins: [settingsPlugin] });
  try {
    const h = await listenHttp(other);
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? await h.anon.get(`/api/setup?code=${newSetupCode()}`) : await h.anon.post('/api/setup', { code: newSetupCode(), ...GOOD });
      assert.is(r.status, 403, `attempt ${i + 1}`);
    }
    for (const r of [
      await h.anon.get(`/api/setup?code=${newSetupCode()}`),
      await h.anon.get(`/api/setup?code=${other.code}`),
      await h.anon.post('/api/setup', { code: other.code, ...GOOD }),
    ]) {
      assert.is(r.status, 429, JSON.stringify(r.body));
      assert.match(r.body.error, /Too many wrong setup codes\. Try again in 5 minute/);
    }
    assert.equal(written(other.app), NOTHING);
    // Another address on the shop's network still gets to use the link.
    const fromTill = await other.app.inject({ method: 'GET', url: `/api/setup?code=${other.code}`, remoteAddress: '192.168.1.23' });
    assert.is(fromTill.statusCode, 200);
  } finally {
    await other.close();
  }
});

test('two setups sent together: one owner; the other answers 404 and writes nothing', async () => {
  const other = await setupModeApp({ plugins: [settingsPlugin] });
  try {
    const h = await listenHttp(other);
    const replies = await Promise.all([
      h.anon.post('/api/setup', { code: other.code, ...GOOD, username: 'first' }),
      h.anon.post('/api/setup', { code: other.code, ...GOOD, username: 'second', shop_name: 'Other Shop' }),
    ]);
    assert.equal(replies.map((r) => r.status).sort(), [201, 404]);
    const owners = other.app.db.prepare('SELECT username FROM core_user').pluck().all() as string[];
    assert.equal(owners, [replies.find((r) => r.status === 201)!.body.user.username]);
    assert.is(getSettings(other.app.db).shop_name, owners[0] === 'first' ? 'Kasut Bukit Timah' : 'Other Shop');
  } finally {
    await other.close();
  }
});

test('a shop whose owner was made with `kedai init` (or the demo) never opens setup', async () => {
  const t = await testApp({ plugins: [settingsPlugin] });
  try {
    const h = await listenHttp(t);
    assert.is(t.app.setup.code(), null);
    assert.is((await h.anon.get('/api/setup?code=anything')).status, 404);
    assert.is((await h.anon.post('/api/setup', { code: 'anything', ...GOOD })).status, 404);
    assert.is((await h.anon.get('/api/auth/config')).body.setup, false);
  } finally {
    await t.close();
  }
});

test('staff accounts without any owner (made with `kedai user add`): still in setup mode; their names are taken', async () => {
  const other = await setupModeApp({ plugins: [settingsPlugin] });
  try {
    const h = await listenHttp(other);
    other.app.db
      .prepare("INSERT INTO core_user (username, password_hash, role, active, created_at, updated_at) VALUES ('till1', 'x', 'USER', 1, 'now', 'now')")
      .run();
    assert.is((await h.anon.get('/api/auth/config')).body.setup, true);
    const taken = await h.anon.post('/api/setup', { code: other.code, ...GOOD, username: 'till1' });
    assert.is(taken.status, 409);
    assert.is(taken.body.error, 'Username till1 is already taken');
    assert.equal(written(other.app), { users: 1, settings: 0 });
    assert.is((await h.anon.post('/api/setup', { code: other.code, ...GOOD })).status, 201);
  } finally {
    await other.close();
  }
});

test.run();
