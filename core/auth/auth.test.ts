import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { Type } from 'typebox';
import { testApp, clientFor, type TestApp } from '../../tests/helpers/app.js';
import { definePlugin } from '../plugin.js';
import { usersRepo } from './users.js';
import { saveSettings } from '../settings.js';
import { loginLimiter, MAX_FAILURES, WINDOW_MS } from './login-limiter.js';

// A plugin with one route of each kind, to test the guard the way real plugins use it.
const probe = definePlugin({
  name: 'probe',
  async routes(app) {
    app.get('/api/probe/any', async (req) => ({ who: req.user.username }));
    app.get('/api/probe/admin', { config: { role: 'ADMIN' } }, async () => ({ ok: true }));
    app.get('/api/probe/download', { config: { cookieAuth: true } }, async (req) => ({ who: req.user.username }));
    app.post(
      '/api/probe/write',
      { config: { cookieAuth: true }, schema: { body: Type.Object({ n: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }) } },
      async (req) => ({ n: (req.body as { n: number }).n }),
    );
    app.get('/api/probe/crash', async () => {
      throw new Error('secret internals');
    });
  },
});

let t: TestApp;
test.before(async () => {
  t = await testApp({ plugins: [probe] });
});
test.after(async () => {
  await t.close();
});

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const secret = () => fs.readFileSync(path.join(t.dataDir, 'secret.key'), 'utf8').trim();
const signHs256 = (payload: object, key = secret()) => {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
};

test('login returns a token, the user, and an httpOnly SameSite=Strict cookie', async () => {
  const r = await t.anon.post('/api/auth/login', { username: 'admin', password: 'admin123' });
  assert.is(r.status, 200);
  assert.equal(r.body.user, { username: 'admin', role: 'ADMIN' });
  assert.is(r.body.token.split('.').length, 3);
  const cookie = String(r.headers['set-cookie']);
  assert.match(cookie, /kedai_session=/);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Strict/);
  const header = JSON.parse(Buffer.from(r.body.token.split('.')[0], 'base64url').toString());
  assert.is(header.alg, 'HS256');
  const payload = JSON.parse(Buffer.from(r.body.token.split('.')[1], 'base64url').toString());
  assert.is(payload.exp - payload.iat, 12 * 3600);
});

test('wrong username and wrong password give the spec (docs/spec.md) messages with 401', async () => {
  const a = await t.anon.post('/api/auth/login', { username: 'nobody', password: 'x' }, { 'x-forwarded-for': '1' });
  assert.is(a.status, 401);
  assert.is(a.body.error, 'Wrong username');
  const b = await t.anon.post('/api/auth/login', { username: 'admin', password: 'nope' });
  assert.is(b.status, 401);
  assert.is(b.body.error, 'Wrong password');
});

test('missing or malformed login fields are 400 naming the field', async () => {
  const a = await t.anon.post('/api/auth/login', { username: 'admin' });
  assert.is(a.status, 400);
  assert.is(a.body.details.field, 'password');
  assert.match(a.body.error, /password/);
  const b = await t.anon.post('/api/auth/login', { username: 5, password: 'x' });
  assert.is(b.status, 400);
  assert.is(b.body.details.field, 'username');
  const c = await t.anon.post('/api/auth/login', { username: 'a', password: 'b', role: 'ADMIN' });
  assert.is(c.status, 400);
  assert.is(c.body.details.field, 'role');
  const d = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
  assert.is(d.statusCode, 400);
  assert.ok(d.json().error);
});

test('verify returns the user for a valid token and 401 without one', async () => {
  const r = await t.staff.get('/api/auth/verify');
  assert.is(r.status, 200);
  assert.equal(r.body.user, { username: 'staff', role: 'USER' });
  const n = await t.anon.get('/api/auth/verify');
  assert.is(n.status, 401);
  assert.is(n.body.code, 'UNAUTHORIZED');
});

test('tampered, expired, alg:none and foreign-key tokens are 401', async () => {
  const [h, p, s] = t.staff.token.split('.');
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  const tampered = `${h}.${b64({ ...payload, role: 'ADMIN' })}.${s}`;
  const now = Math.floor(Date.now() / 1000);
  const expired = signHs256({ ...payload, iat: now - 20 * 3600, exp: now - 3600 });
  const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
  const foreign = signHs256(payload, 'another-key-that-is-long-enough-to-be-a-key-123456');
  for (const token of [tampered, expired, none, foreign, 'garbage', '']) {
    const r = await clientFor(t.app, token).get('/api/probe/any');
    assert.is(r.status, 401, `token ${token.slice(0, 20)} should be refused`);
  }
  const valid = signHs256({ ...payload, iat: now, exp: now + 60 });
  assert.is((await clientFor(t.app, valid).get('/api/probe/any')).status, 200);
});

test('ADMIN routes: 403 for USER, 200 for ADMIN, 401 anonymous', async () => {
  assert.is((await t.staff.get('/api/probe/admin')).status, 403);
  assert.is((await t.admin.get('/api/probe/admin')).status, 200);
  assert.is((await t.anon.get('/api/probe/admin')).status, 401);
});

test('the session cookie works only on GET download routes', async () => {
  const cookie = { cookie: `kedai_session=${t.staff.token}` };
  assert.equal((await t.anon.get('/api/probe/download', cookie)).body, { who: 'staff' });
  assert.is((await t.anon.get('/api/probe/any', cookie)).status, 401);
  assert.is((await t.anon.post('/api/probe/write', { n: 1 }, cookie)).status, 401);
});

test('auth config is public; demo accounts only in demo mode', async () => {
  const r = await t.anon.get('/api/auth/config');
  // setup: false, the shop has an owner (the setup mode of a new shop: plugins/settings/setup.test.ts).
  assert.equal(r.body, {
    demo: false,
    demoAccounts: [],
    setup: false,
    timeZone: 'Asia/Singapore',
    gstRate: 0.09,
    cashRounding: false,
    pricesIncludeGst: false,
  });
  assert.is((await t.anon.get('/api/health')).body.db, 'ok');
});

test('auth config serves the configured time zone and the GST rate as saved now', async () => {
  const other = await testApp({ plugins: [probe], env: { KEDAI_TZ: 'Asia/Kuala_Lumpur' } });
  try {
    saveSettings(other.app.db, { gst_rate: 0.1 });
    const r = await other.anon.get('/api/auth/config');
    assert.is(r.body.timeZone, 'Asia/Kuala_Lumpur');
    assert.is(r.body.gstRate, 0.1);
  } finally {
    await other.close();
  }
});

test('logout clears the cookie', async () => {
  const r = await t.anon.post('/api/auth/logout');
  assert.is(r.status, 200);
  assert.match(String(r.headers['set-cookie']), /kedai_session=;/);
});

test('logout revokes the token, also after a restart; other sessions of the same account go on', async () => {
  const one = await t.login('staff', 'staff123');
  const two = await t.login('staff', 'staff123');
  assert.is((await one.post('/api/auth/logout')).status, 200);
  assert.is((await one.get('/api/auth/verify')).status, 401);
  assert.is((await t.anon.get('/api/probe/download', { cookie: `kedai_session=${one.token}` })).status, 401);
  assert.is((await two.get('/api/auth/verify')).status, 200);
  const row = t.app.db.prepare('SELECT COUNT(*) AS n FROM core_revoked_token').get() as { n: number };
  assert.ok(row.n >= 1);
  const again = await testApp({ dataDir: t.dataDir, plugins: [probe] });
  assert.is((await clientFor(again.app, one.token).get('/api/auth/verify')).status, 401);
  assert.is((await clientFor(again.app, two.token).get('/api/auth/verify')).status, 200);
  await again.close();
});

test('JSON replies of the API say Cache-Control: no-store', async () => {
  for (const r of [await t.admin.get('/api/probe/admin'), await t.staff.get('/api/auth/verify'), await t.anon.get('/api/probe/any')]) {
    assert.is(r.headers['cache-control'], 'no-store');
  }
});

test('a route without any config is closed: 401 anonymous, never a 500, whatever spelling of its path', async () => {
  for (const url of ['/api/probe/any', '/%61pi/probe/any', '/api/%70robe/any', '/api/probe/%61ny', '/api/probe/any?x=1']) {
    const r = await t.anon.get(url);
    assert.is(r.status, 401, url);
  }
  for (const url of ['/%61pi/probe/admin', '/api/probe/%61dmin']) assert.is((await t.staff.get(url)).status, 403, url);
});

test('Host: IP literals, localhost and configured names are answered; any other name gets 421', async () => {
  const named = await testApp({ plugins: [probe], env: { KEDAI_HOSTNAMES: 'till.shop.lan, kedai.local' } });
  const get = (host: string) => named.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
  for (const host of ['127.0.0.1:3000', '192.168.1.20', '[::1]:3000', 'localhost', 'LOCALHOST:3000', 'localhost.', 'till.shop.lan', 'Kedai.Local:3000']) {
    assert.is((await get(host)).statusCode, 200, host);
  }
  for (const host of ['evil.example.com', 'rebind.attacker.net:3000', '127.0.0.1.nip.io', 'localhost.evil.com', 'till.shop.lan.evil.com']) {
    const r = await get(host);
    assert.is(r.statusCode, 421, host);
    assert.is(r.json().code, 'MISDIRECTED');
  }
  const login = await named.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'evil.example.com' },
    payload: { username: 'admin', password: 'admin123' },
  });
  assert.is(login.statusCode, 421);
  assert.not.ok(login.headers['set-cookie']);
  await named.close();
});

test('disabling an account or resetting its password ends its sessions', async () => {
  const users = usersRepo(t.app.db, 10);
  const u = users.create('temp1', 'temppass1', 'USER');
  const c = await t.login('temp1', 'temppass1');
  assert.is((await c.get('/api/auth/verify')).status, 200);
  users.setPassword(u.id, 'newpass1');
  assert.is((await c.get('/api/auth/verify')).status, 401);
  const c2 = await t.login('temp1', 'newpass1');
  users.setActive(u.id, false);
  assert.is((await c2.get('/api/auth/verify')).status, 401);
  const again = await t.anon.post('/api/auth/login', { username: 'temp1', password: 'newpass1' });
  assert.is(again.status, 403);
});

test('errors have {error, code}; 5xx hides internals; unknown /api routes are JSON 404', async () => {
  const r = await t.admin.get('/api/probe/crash');
  assert.is(r.status, 500);
  assert.equal(r.body, { error: 'Internal server error', code: 'INTERNAL' });
  const n = await t.admin.get('/api/nothing-here');
  assert.is(n.status, 404);
  assert.is(n.body.code, 'NOT_FOUND');
  const bad = await t.admin.post('/api/probe/write', { n: -1 });
  assert.is(bad.status, 400);
  assert.is(bad.body.details.field, 'n');
});

test('login is rate-limited per address and per username: 429 after 10 failures in 5 minutes', async () => {
  const fresh = await testApp(); // its own limiter: earlier tests' failures against 'admin' do not count here
  const t = fresh;
  const addr = { remoteAddress: '10.9.9.9' };
  const attempt = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password }, ...addr });
  for (let i = 0; i < 10; i++) assert.is((await attempt('bad')).statusCode, 401);
  const blocked = await attempt('admin123');
  assert.is(blocked.statusCode, 429);
  assert.match(blocked.json().error, /Too many/);
  // The same account from another address is blocked too (failures count per username as well)...
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'admin', password: 'admin123' },
    remoteAddress: '10.9.9.10',
  });
  assert.is(other.statusCode, 429);
  // ...and so is another account from the same address.
  const staff = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'staff', password: 'staff123' }, ...addr });
  assert.is(staff.statusCode, 429);
  const elsewhere = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'staff', password: 'staff123' },
    remoteAddress: '10.9.9.11',
  });
  assert.is(elsewhere.statusCode, 200);
  await fresh.close();
});

test('a success forgets only its own failures: 9 wrong admin passwords + 1 staff login cannot repeat forever', () => {
  let now = 0;
  const l = loginLimiter(() => now);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 9; i++) {
      l.fail('a', 'admin');
      now += 1;
    }
    l.succeed('a', 'staff');
  }
  assert.ok(l.blockedFor('a', 'admin') > 0, 'admin blocked from this address');
  assert.ok(l.blockedFor('b', 'admin') > 0, 'admin blocked from any address');
  assert.ok(l.blockedFor('a', 'staff') > 0, 'this address is blocked for every account');
  assert.is(l.blockedFor('b', 'staff'), 0);
  // A success of the same account from the same address forgets that pair's failures.
  const m = loginLimiter(() => now);
  for (let i = 0; i < 9; i++) m.fail('c', 'owner');
  m.succeed('c', 'owner');
  for (let i = 0; i < 9; i++) m.fail('c', 'owner');
  assert.is(m.blockedFor('c', 'owner'), 0);
});

test('the limiter forgets failures after the window', () => {
  let now = 0;
  const l = loginLimiter(() => now);
  for (let i = 0; i < MAX_FAILURES; i++) l.fail('a', 'admin');
  assert.ok(l.blockedFor('a', 'x') > 0);
  now += WINDOW_MS + 1;
  assert.is(l.blockedFor('a', 'admin'), 0);
});

test('passwords are stored as salted scrypt hashes', () => {
  const row = t.app.db.prepare("SELECT password_hash FROM core_user WHERE username = 'admin'").get() as { password_hash: string };
  assert.match(row.password_hash, /^scrypt\$\d+\$8\$1\$/);
  assert.not.match(row.password_hash, /admin123/);
  const mode = fs.statSync(path.join(t.dataDir, 'secret.key')).mode & 0o777;
  assert.is(mode, 0o600);
});

test.run();
