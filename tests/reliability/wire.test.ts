// What goes over the wire (#18.3), seen from outside: the real server on a real port, node:http (which never
// decodes), the bytes as a browser receives them. Static files come as the build's brotli/gzip copies, JSON
// above 1 KB is compressed, small replies are not, and the facets a till already has come back as a 304.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildUiIfChanged } from '../../tools/build-ui.js';
import { isUpToDate, writeStamp } from '../../tools/ui-stamp.js';
import { ROOT, bundleServer, signIn, startServer, tempDataDir, type Server } from './support-server.js';

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url, base), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

let server: Server;
let remove: () => void;
let token: string;

test.before(async () => {
  await buildUiIfChanged({ outDir: 'dist/ui', minify: true, log: false });
  const bundle = await bundleServer();
  remove = bundle.remove;
  // The demo shop: real product pages to send.
  server = await startServer(bundle.runner, tempDataDir('wire'), ['--demo'], { KEDAI_UI_DIR: path.join(ROOT, 'dist/ui') });
  token = await signIn(server.url, { username: 'admin', password: 'admin123' });
});

test.after(async () => {
  await server?.stop();
  remove?.();
});

test("the UI's JS and CSS go as the build's brotli or gzip copies, identical once decoded", async () => {
  const page = await get(server.url, '/');
  const assets = [...page.body.toString().matchAll(/\/assets\/[^"]+\.(?:js|css)/g)].map((m) => m[0]);
  assert.ok(assets.length >= 2, 'index.html names its JS and CSS');
  for (const asset of assets) {
    const plain = await get(server.url, asset);
    assert.is(plain.headers['content-encoding'], undefined, `${asset} plain`);
    const br = await get(server.url, asset, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.is(br.headers['content-encoding'], 'br', asset);
    if (plain.body.length > 8192) assert.ok(br.body.length < plain.body.length / 2, `${asset}: ${br.body.length} of ${plain.body.length} bytes`);
    assert.ok(zlib.brotliDecompressSync(br.body).equals(plain.body), `${asset} decodes to the file`);
    const gz = await get(server.url, asset, { 'Accept-Encoding': 'gzip' });
    assert.is(gz.headers['content-encoding'], 'gzip', asset);
    assert.ok(zlib.gunzipSync(gz.body).equals(plain.body), `${asset} gunzips to the file`);
  }
});

test('JSON above 1 KB is compressed for a browser that accepts it; small replies and plain clients are not', async () => {
  const auth = { Authorization: `Bearer ${token}` };
  const plain = await get(server.url, '/api/products?pageSize=100', auth);
  assert.is(plain.status, 200);
  assert.is(plain.headers['content-encoding'], undefined);
  const br = await get(server.url, '/api/products?pageSize=100', { ...auth, 'Accept-Encoding': 'br, gzip' });
  assert.is(br.headers['content-encoding'], 'br');
  assert.ok(br.body.length < plain.body.length / 5, `${br.body.length} of ${plain.body.length} bytes`);
  assert.equal(JSON.parse(zlib.brotliDecompressSync(br.body).toString()), JSON.parse(plain.body.toString()));
  const health = await get(server.url, '/api/health', { 'Accept-Encoding': 'br, gzip' });
  assert.is(health.headers['content-encoding'], undefined, 'a 60-byte reply goes as it is');
  assert.is(JSON.parse(health.body.toString()).ok, true);
  const gz = await get(server.url, '/api/products?pageSize=100', { ...auth, 'Accept-Encoding': 'gzip' });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(zlib.gunzipSync(gz.body).toString()), JSON.parse(plain.body.toString()));
});

test('the facets carry an ETag: asked again with it, the answer is a bodiless 304', async () => {
  const auth = { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br' };
  const first = await get(server.url, '/api/products/facets', auth);
  assert.is(first.status, 200);
  const etag = first.headers.etag;
  assert.ok(typeof etag === 'string' && etag.startsWith('W/"'), `weak ETag: ${etag}`);
  assert.is(first.headers['cache-control'], 'private, no-cache');
  const again = await get(server.url, '/api/products/facets', { ...auth, 'If-None-Match': etag! });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  const other = await get(server.url, '/api/products/facets', { ...auth, 'If-None-Match': 'W/"stale"' });
  assert.is(other.status, 200);
});

/** A JSON request with a body (node:http, so the reply's bytes are as sent). */
function send(base: string, method: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      new URL(url, base),
      { method, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

test("a sale's reply (#27.4) goes with no ETag and uncompressed, however big; a GET's ETag is the weak sha1 of its body", async () => {
  const auth = { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br, gzip' };
  const page = JSON.parse((await get(server.url, '/api/products?pageSize=20', { Authorization: `Bearer ${token}` })).body.toString());
  const items = page.products
    .filter((p: { stock_qty: number }) => p.stock_qty > 0)
    .slice(0, 6)
    .map((p: { id: number }) => ({ productId: p.id, qty: 1 }));
  const sale = await send(server.url, 'POST', '/api/checkout', { items }, auth);
  assert.is(sale.status, 201, sale.body.toString());
  assert.ok(sale.body.length > 1024, `a reply above the compression threshold (${sale.body.length} bytes)`);
  assert.is(sale.headers['content-encoding'], undefined);
  assert.is(sale.headers.etag, undefined);
  assert.is(sale.headers['cache-control'], 'no-store');
  const reply = JSON.parse(sale.body.toString());
  assert.equal(
    reply.stock.map((s: { product_id: number }) => s.product_id),
    items.map((i: { productId: number }) => i.productId),
  );

  const plain = await get(server.url, `/api/invoices/${reply.invoiceId}`, { Authorization: `Bearer ${token}` });
  assert.is(plain.headers.etag, `W/"${crypto.createHash('sha1').update(plain.body).digest('base64')}"`);
  const head = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .request(new URL(`/api/invoices/${reply.invoiceId}`, server.url), { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } }, resolve)
      .on('error', reject)
      .end();
  });
  assert.is(head.statusCode, 200);
  head.resume();
});

test("npm start's UI build is skipped while no input changed, and runs again when one did", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-stamp-'));
  const out = path.join(root, 'out');
  fs.mkdirSync(out);
  fs.writeFileSync(path.join(out, 'index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(root, 'a.tsx'), 'export const a = 1;');
  writeStamp(root, out, ['a.tsx'], { minify: true });
  assert.is(isUpToDate(root, out, { minify: true }), true);
  assert.is(isUpToDate(root, out, { minify: false }), false, 'other options rebuild');
  fs.writeFileSync(path.join(root, 'a.tsx'), 'export const a = 2;');
  assert.is(isUpToDate(root, out, { minify: true }), false, 'a changed source rebuilds');
  fs.rmSync(path.join(root, 'a.tsx'));
  assert.is(isUpToDate(root, out, { minify: true }), false, 'a removed source rebuilds');
  fs.rmSync(root, { recursive: true, force: true });
});

test.run();
