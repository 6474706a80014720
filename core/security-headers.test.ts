import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { testApp, type TestApp } from '../tests/helpers/app.js';
import { HELMET_OPTIONS, securityHeaders } from './security-headers.js';
import { DOCUMENT_ONLY_HEADERS } from './static-ui.js';

let t: TestApp;
const uiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-headers-ui-'));
fs.mkdirSync(path.join(uiDir, 'assets'));
fs.writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>Kedai</title>');
fs.writeFileSync(path.join(uiDir, 'assets', 'main-abc.js'), 'console.log(1)');

test.before(async () => {
  t = await testApp({ uiDir });
});
test.after(async () => {
  await t.close();
  fs.rmSync(uiDir, { recursive: true, force: true });
});

test('the headers are exactly what @fastify/helmet sends with the same options', async () => {
  const reference = Fastify();
  // (helmet's ESM and CommonJS typings differ in name only)
  await reference.register(fastifyHelmet, HELMET_OPTIONS as object);
  reference.get('/', async () => ({ ok: true }));
  const r = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  const expected: Record<string, string> = {};
  for (const [name, value] of Object.entries(r.headers)) {
    if (!['content-type', 'content-length', 'date', 'connection'].includes(name)) expected[name] = String(value);
  }
  assert.equal(securityHeaders(), expected);
  assert.ok(Object.keys(expected).length >= 10);
});

test('CSP keeps the shop LAN working: no upgrade-insecure-requests, scripts from self only, no HSTS', () => {
  const h = securityHeaders();
  assert.not.match(h['content-security-policy'], /upgrade-insecure-requests/);
  assert.match(h['content-security-policy'], /script-src 'self'(;|$)/);
  assert.match(h['content-security-policy'], /img-src 'self' data: blob:/);
  assert.is(h['strict-transport-security'], undefined);
  assert.is(h['x-content-type-options'], 'nosniff');
});

test('every kind of reply carries them: API, 401, 400, JSON 404, SPA page, UI file', async () => {
  const expected = securityHeaders();
  const replies = [
    await t.staff.get('/api/auth/verify'),
    await t.anon.get('/api/auth/verify'),
    await t.anon.post('/api/auth/login', { username: 'x' }),
    await t.staff.get('/api/no-such-route'),
    await t.anon.get('/inventory'),
  ];
  assert.equal(
    replies.map((r) => r.status),
    [200, 401, 400, 404, 200],
  );
  for (const r of replies) {
    for (const [name, value] of Object.entries(expected)) assert.is(r.headers[name], value, `${name} on a ${r.status}`);
  }
});

test('a UI asset carries the headers that apply to it, not the page-only ones, and is cached for good', async () => {
  const expected = securityHeaders();
  const r = await t.anon.get('/assets/main-abc.js');
  assert.is(r.status, 200);
  for (const [name, value] of Object.entries(expected)) {
    if ((DOCUMENT_ONLY_HEADERS as readonly string[]).includes(name)) assert.is(r.headers[name], undefined, `${name} on an asset`);
    else assert.is(r.headers[name], value, `${name} on an asset`);
  }
  assert.is(r.headers['x-content-type-options'], 'nosniff');
  assert.is(r.headers['cache-control'], 'public, max-age=31536000, immutable');
  const page = await t.anon.get('/inventory');
  assert.is(page.headers['cache-control'], 'no-cache');
});

test.run();
