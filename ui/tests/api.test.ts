// The API client: query building, Bearer token, error messages, one retry for GETs only.
import { calls, mockFetch } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { api, ApiError, buildUrl, UNAUTHORIZED_EVENT } = await import('../api.js');

test.before.each(() => localStorage.clear());

test('query params: empty, null and undefined are dropped; arrays repeat', () => {
  assert.is(buildUrl('/api/products', { search: '', category: undefined, brand: null, size: '42' }), '/api/products?size=42');
  assert.is(buildUrl('/api/products', { search: '', page: 0 }), '/api/products?page=0');
  assert.is(buildUrl('/api/x', { ids: [1, 2] }), '/api/x?ids=1&ids=2');
  assert.is(buildUrl('/api/x', { q: 'a b&c' }), '/api/x?q=a+b%26c');
  assert.is(buildUrl('/api/x'), '/api/x');
  assert.is(buildUrl('/api/x', { a: '' }), '/api/x');
});

test('get sends the stored Bearer token and returns the JSON body', async () => {
  localStorage.setItem('token', 'abc.def.ghi');
  mockFetch(() => ({ status: 200, body: { products: [{ id: 1 }], count: 1 } }));
  const res = await api.get<{ count: number }>('/api/products', { search: 'nike', category: '' });
  assert.is(res.count, 1);
  assert.is(calls.length, 1);
  assert.is(calls[0].url, '/api/products?search=nike');
  assert.is(calls[0].headers.authorization, 'Bearer abc.def.ghi');
});

test('no token: no Authorization header; post sends JSON', async () => {
  mockFetch(() => ({ status: 201, body: { ok: true } }));
  await api.post('/api/customers', { name: 'Tan' });
  assert.is(calls[0].method, 'POST');
  assert.is(calls[0].headers.authorization, undefined);
  assert.is(calls[0].headers['content-type'], 'application/json');
  assert.equal(calls[0].body, { name: 'Tan' });
});

test('error message comes from the error field, with status and details', async () => {
  mockFetch(() => ({
    status: 409,
    statusText: 'Conflict',
    body: { error: 'Insufficient stock for Runner', code: 'INSUFFICIENT_STOCK', details: { productId: 3 } },
  }));
  try {
    await api.post('/api/checkout', {});
    assert.unreachable('should throw');
  } catch (err) {
    assert.instance(err, ApiError);
    const e = err as InstanceType<typeof ApiError>;
    assert.is(e.message, 'Insufficient stock for Runner');
    assert.is(e.status, 409);
    assert.equal(e.details, { productId: 3 });
    assert.is(e.code, 'INSUFFICIENT_STOCK');
  }
});

test('error message falls back to the status text', async () => {
  mockFetch(() => ({ status: 404, statusText: 'Not Found' }));
  try {
    await api.delete('/api/products/9');
    assert.unreachable('should throw');
  } catch (err) {
    assert.is((err as Error).message, 'Not Found');
    assert.is((err as InstanceType<typeof ApiError>).status, 404);
  }
});

test('GET is retried once after a 5xx, then succeeds', async () => {
  let n = 0;
  mockFetch(() => (++n === 1 ? { status: 503, statusText: 'Service Unavailable', body: { error: 'busy' } } : { status: 200, body: { ok: 1 } }));
  const res = await api.get<{ ok: number }>('/api/invoices');
  assert.is(res.ok, 1);
  assert.is(calls.length, 2);
});

test('GET is retried once after a network failure, and only once', async () => {
  mockFetch(() => 'network-error');
  try {
    await api.get('/api/invoices');
    assert.unreachable('should throw');
  } catch (err) {
    assert.instance(err, TypeError);
  }
  assert.is(calls.length, 2);
});

test('a 4xx GET is not retried; writes are never retried', async () => {
  mockFetch(() => ({ status: 400, statusText: 'Bad Request', body: { error: 'page must be >= 1' } }));
  await api.get('/api/invoices', { page: 0 }).catch(() => undefined);
  assert.is(calls.length, 1);
  mockFetch(() => ({ status: 500, statusText: 'Internal Server Error', body: { error: 'Internal error' } }));
  await api.post('/api/checkout', {}).catch(() => undefined);
  assert.is(calls.length, 1);
});

test('a 401 with a stored token announces the lost session (not for the login call)', async () => {
  let fired = 0;
  const listener = () => fired++;
  window.addEventListener(UNAUTHORIZED_EVENT, listener);
  localStorage.setItem('token', 'old');
  mockFetch(() => ({ status: 401, statusText: 'Unauthorized', body: { error: 'Session expired or invalid. Please sign in again.' } }));
  await api.get('/api/customers').catch(() => undefined);
  assert.is(fired, 1);
  await api.post('/api/auth/login', { username: 'a', password: 'b' }).catch(() => undefined);
  assert.is(fired, 1);
  window.removeEventListener(UNAUTHORIZED_EVENT, listener);
});

test.run();
