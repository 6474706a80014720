// #27: the POS opens on a catalogue larger than its first page (300 styles) in Chromium and sends each request
// once: the first page of styles, the facets, and every other call of the opening, each one time. A second open
// (a reload) revalidates the facets: the server answers 304 from its cache.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import type { Request, Response } from 'playwright-core';
import { seedCatalogueSql } from '../../plugins/inventory/test-support.js';
import { openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer();
  seedCatalogueSql(server.t.app.db, 300, 3);
  b = await openBrowser();
});
test.after(async () => {
  await b?.close();
  await server?.close();
});

/** API requests (path and query) sent while `fn` runs and until the network is quiet, and their replies' statuses. */
async function apiTraffic(fn: () => Promise<void>): Promise<{ urls: string[]; status: Map<string, number[]>; requests: Request[] }> {
  const { page } = b;
  const urls: string[] = [];
  const requests: Request[] = [];
  const status = new Map<string, number[]>();
  const api = (url: string) => {
    const u = new URL(url);
    return u.pathname.startsWith('/api/') ? u.pathname + u.search : null;
  };
  const onRequest = (r: Request) => {
    const u = api(r.url());
    if (u) {
      urls.push(u);
      requests.push(r);
    }
  };
  const onResponse = (r: Response) => {
    const u = api(r.url());
    if (u) status.set(u, [...(status.get(u) ?? []), r.status()]);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await fn();
    await page.waitForLoadState('networkidle');
    // The POS's debounced search (250 ms) would have fired by now.
    await page.waitForTimeout(600);
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
  return { urls, status, requests };
}

const repeated = (urls: string[]) => [...new Set(urls)].filter((u) => urls.filter((x) => x === u).length > 1);

test('the POS opens on a 300-style catalogue with each request once; a reload gets the facets as a 304', async () => {
  const { page } = b;
  await step(page, 'pos-open-requests', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const first = await apiTraffic(async () => {
      await signIn(page, server.url, 'staff');
      await page.locator('.pos-card').first().waitFor();
    });
    assert.equal(repeated(first.urls), [], `each request once: ${first.urls.join(', ')}`);
    assert.equal(
      first.urls.filter((u) => u.startsWith('/api/styles')),
      ['/api/styles?pageSize=200'],
      'the first page of styles, once',
    );
    assert.equal(
      first.urls.filter((u) => u.startsWith('/api/products/facets')),
      ['/api/products/facets'],
    );
    assert.is(await page.locator('.pos-card').count(), 200, 'the first page shows 200 styles');

    const again = await apiTraffic(async () => {
      await page.reload();
      await page.locator('.pos-card').first().waitFor();
    });
    assert.equal(repeated(again.urls), [], `each request once after a reload: ${again.urls.join(', ')}`);
    // The browser kept the facets and asks with their ETag; unchanged, the server answers 304 (from its cache).
    const facetsAgain = again.requests.find((r) => new URL(r.url()).pathname === '/api/products/facets')!;
    const tag = (await facetsAgain.allHeaders())['if-none-match'];
    assert.match(tag ?? '', /^W\/"facets-/, 'the browser revalidates the facets with their ETag');
    const revalidated = await server.t.app.inject({
      method: 'GET',
      url: '/api/products/facets',
      headers: { authorization: `Bearer ${server.t.staff.token}`, 'if-none-match': tag! },
    });
    assert.is(revalidated.statusCode, 304);
    assert.is(revalidated.body, '');
    assert.equal(
      again.urls.filter((u) => u.startsWith('/api/styles')),
      ['/api/styles?pageSize=200'],
    );

    // A product changes: the facets are new (200, the new brand among them).
    const id = server.t.app.db.prepare('SELECT id FROM inventory_product WHERE archived_at IS NULL LIMIT 1').pluck().get() as number;
    const patched = await server.t.admin.patch(`/api/products/${id}`, { brand: 'Zebra Shoes' });
    assert.is(patched.status, 200, JSON.stringify(patched.body));
    const changed = await apiTraffic(async () => {
      await page.reload();
      await page.locator('.pos-card').first().waitFor();
    });
    const facetsChanged = changed.requests.find((r) => new URL(r.url()).pathname === '/api/products/facets')!;
    const reply = await facetsChanged.response();
    assert.ok(reply && reply.headers().etag !== tag, 'a new ETag');
    assert.ok(((await reply!.json()) as { brands: string[] }).brands.includes('Zebra Shoes'));
    const brands = await page.getByLabel('Brands').locator('option').allTextContents();
    assert.ok(brands.includes('Zebra Shoes'), 'the Brands filter offers the new brand');
    console.log(`  POS open requests: ${first.urls.join(', ')}`);
  });
});

test('the UI files as the POS gets them over the wire: hashed files cached for good, without the page-only headers', async () => {
  const { page } = b;
  const scripts: string[] = [];
  const onRequest = (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js')) scripts.push(u.pathname);
  };
  page.on('request', onRequest);
  try {
    await page.goto(`${server.url}/pos`, { waitUntil: 'networkidle' });
  } finally {
    page.off('request', onRequest);
  }
  assert.ok(scripts.length >= 2, `scripts loaded: ${scripts.join(', ')}`);
  // Raw HTTP on the real port, brotli accepted as Chromium sends it: the pre-compressed file's own headers.
  const headersOf = (pathname: string) =>
    new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get(`${server.url}${pathname}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        })
        .on('error', reject);
    });
  for (const file of scripts.slice(0, 3)) {
    const h = await headersOf(file);
    assert.is(h['cache-control'], 'public, max-age=31536000, immutable', file);
    assert.is(h['content-encoding'], 'br', file);
    assert.is(h['x-content-type-options'], 'nosniff', file);
    assert.is(h['content-security-policy'], undefined, `no page CSP on ${file}`);
    assert.is(h['x-frame-options'], undefined, file);
  }
  const pageHeaders = await headersOf('/pos');
  assert.is(pageHeaders['cache-control'], 'no-cache');
  assert.match(String(pageHeaders['content-security-policy'] ?? ''), /script-src 'self'/, 'the page keeps its CSP');
});

test.run();
