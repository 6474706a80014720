// Issue 13.14: an oversize upload gets a readable 413 even from a client that is still sending its body.
// The real server (a separate process) on a port, and a raw node:net client that writes the WHOLE request
// (headers and every byte of the body) before it reads: it must read back "413" and the JSON error, never
// EPIPE/ECONNRESET. The keep-alive connection stays usable afterwards; a client sending far beyond the drain
// cap is cut off (memory and time stay bounded).
import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleServer, signIn, startServer, tempDataDir, type Server } from './support-server.js';
import { DRAIN_AFTER_413_BYTES } from '../../core/errors.js';

let server: Server;
let removeBundle = () => {};
let token = '';
let port = 0;

test.before(async () => {
  const { runner, remove } = await bundleServer();
  removeBundle = remove;
  server = await startServer(runner, tempDataDir('oversize'), ['--demo']);
  token = await signIn(server.url, { username: 'admin', password: 'admin123' });
  port = Number(new URL(server.url).port);
});

test.after(async () => {
  await server.stop();
  removeBundle();
});

/** Parses the responses in a raw byte stream (Content-Length framed). */
function parseResponses(text: string): { status: number; body: any }[] {
  const out: { status: number; body: any }[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const head = rest.slice(0, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const bodyText = rest.slice(end + 4, end + 4 + length);
    out.push({ status: Number(head.slice(9, 12)), body: /content-type: application\/json/i.test(head) ? JSON.parse(bodyText) : bodyText });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

/**
 * Writes each request completely (headers, then the whole body in 64 kB writes), then half-closes and reads
 * everything the server sent. Resolves with what came back and any socket error.
 */
function rawExchange(requests: Buffer[]): Promise<{ replies: { status: number; body: any }[]; writeError?: string; readError?: string; bytes: number }> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    let writeError: string | undefined;
    let readError: string | undefined;
    sock.on('data', (d) => got.push(d));
    sock.on('error', (e) => {
      readError = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    sock.on('close', () => {
      const text = Buffer.concat(got).toString('latin1');
      resolve({ replies: parseResponses(text), writeError, readError, bytes: text.length });
    });
    sock.on('connect', async () => {
      try {
        for (const req of requests) {
          for (let i = 0; i < req.length; i += 65536) {
            if (!sock.write(req.subarray(i, i + 65536))) await new Promise((r) => sock.once('drain', r));
            if (sock.destroyed) throw new Error('socket destroyed while writing');
          }
        }
        sock.end();
      } catch (err) {
        writeError = (err as Error).message;
      }
    });
  });
}

function proxyRequest(jsonBytes: number, opts: { chunked?: boolean; close?: boolean } = {}): Buffer {
  const prefix = JSON.stringify({ productId: 1, fileName: 'big.png', contentType: 'image/png', fileData: '' }).slice(0, -2);
  const body = Buffer.from(`${prefix}${'A'.repeat(Math.max(0, jsonBytes - prefix.length - 2))}"}`);
  const framing = opts.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  const head = Buffer.from(
    `POST /api/ecommerce/upload/proxy HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${framing}\r\n${opts.close ? 'Connection: close\r\n' : ''}\r\n`,
  );
  const payload = opts.chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : body;
  return Buffer.concat([head, payload]);
}

const health = Buffer.from('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');

test('a 7 MB base64 proxy upload (file over 5 MB, body under the route limit): 413 read back in full', async () => {
  const r = await rawExchange([proxyRequest(7 * 1024 * 1024, { close: true })]);
  assert.is(r.writeError, undefined);
  assert.is(r.readError, undefined);
  assert.is(r.replies.length, 1);
  assert.is(r.replies[0].status, 413);
  assert.equal(r.replies[0].body, { error: 'Image is too large (max 5MB)', code: 'TOO_LARGE' });
});

for (const mb of [9.5, 30]) {
  test(`a ${mb} MB JSON body over the route limit, Content-Length: the client sends it all and reads 413 + JSON`, async () => {
    const r = await rawExchange([proxyRequest(mb * 1024 * 1024, { close: true })]);
    assert.is(r.writeError, undefined, 'no EPIPE while sending');
    assert.is(r.readError, undefined, 'no ECONNRESET while reading');
    assert.is(r.replies.length, 1);
    assert.is(r.replies[0].status, 413);
    assert.equal(r.replies[0].body, { error: 'Request body is too large', code: 'TOO_LARGE' });
  });
}

test('chunked 9.5 MB body: 413 + JSON', async () => {
  const r = await rawExchange([proxyRequest(9.5 * 1024 * 1024, { chunked: true, close: true })]);
  assert.is(r.writeError, undefined);
  assert.is(r.readError, undefined);
  assert.is(r.replies[0]?.status, 413);
  assert.is(r.replies[0].body.code, 'TOO_LARGE');
});

test('after a 413 the keep-alive connection still answers the next request', async () => {
  const r = await rawExchange([proxyRequest(9.5 * 1024 * 1024), health]);
  assert.is(r.writeError, undefined);
  assert.is(r.readError, undefined);
  assert.equal(
    r.replies.map((x) => x.status),
    [413, 200],
  );
  assert.is(r.replies[1].body.ok, true);
});

test('presigned multipart upload of a 7 MB file: 413 + JSON, read after sending everything', async () => {
  const presign = await fetch(`${server.url}/api/admin/images/uploads/presign`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 1, contentType: 'image/png' }),
  });
  assert.is(presign.status, 200);
  const { url, fields } = (await presign.json()) as { url: string; fields: Record<string, string> };
  const boundary = '----kedai-oversize';
  const parts = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const body = Buffer.concat([
    Buffer.from(`${parts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
    Buffer.alloc(7 * 1024 * 1024, 0x41),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head = Buffer.from(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  const r = await rawExchange([Buffer.concat([head, body])]);
  assert.is(r.writeError, undefined);
  assert.is(r.readError, undefined);
  assert.is(r.replies[0]?.status, 413);
  assert.equal(r.replies[0].body, { error: 'Image is too large (max 5MB)', code: 'TOO_LARGE' });
});

test('a client sending far beyond the drain cap is cut off (the server does not read forever)', async () => {
  const r = await rawExchange([proxyRequest(DRAIN_AFTER_413_BYTES + 16 * 1024 * 1024, { close: true })]);
  assert.ok(r.writeError !== undefined || r.readError !== undefined, 'the connection was cut');
  const h = await fetch(`${server.url}/api/health`);
  assert.is(h.status, 200, 'the server is still fine');
});

test.run();
