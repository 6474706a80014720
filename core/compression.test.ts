// #27: JSON GET replies are compressed in one call (br before gzip, as the request accepts) and read back the same;
// small replies, writes and x-no-compression go as they are; bigger replies still stream through @fastify/compress.
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMPRESS_IN_PLACE_MAX_BYTES, acceptedEncoding, installCompression } from './compression.js';

const big = { rows: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Runner ${i}`, sku: `RUN-${i}` })) };
const huge = { text: 'x'.repeat(COMPRESS_IN_PLACE_MAX_BYTES + 10) };

async function app() {
  const a = Fastify();
  await installCompression(a);
  a.get('/big', async () => big);
  a.get('/small', async () => ({ ok: true }));
  a.get('/huge', async () => huge);
  a.post('/big', async () => big);
  await a.ready();
  return a;
}

test('acceptedEncoding: br first, a q of 0 refuses, * is gzip', () => {
  assert.is(acceptedEncoding('gzip, deflate, br, zstd'), 'br');
  assert.is(acceptedEncoding('br;q=0, gzip'), 'gzip');
  assert.is(acceptedEncoding('gzip;q=0.5'), 'gzip');
  assert.is(acceptedEncoding('*'), 'gzip');
  assert.is(acceptedEncoding('identity'), null);
  assert.is(acceptedEncoding(undefined), null);
});

test('a JSON GET is compressed in place and reads back the same; small, POST and x-no-compression are not', async () => {
  const a = await app();
  try {
    const br = await a.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    assert.is(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()), big);
    assert.ok(br.headers.etag, 'the ETag is taken before compression');
    const gz = await a.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
    assert.is(gz.headers['content-encoding'], 'gzip');
    assert.equal(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()), big);
    assert.is(gz.headers.etag, br.headers.etag);
    const again = await a.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    assert.is(again.statusCode, 304);
    assert.is((await a.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'], undefined);
    assert.is((await a.inject({ method: 'POST', url: '/big', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'], undefined);
    assert.is(
      (await a.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } })).headers['content-encoding'],
      undefined,
    );
    const streamed = await a.inject({ method: 'GET', url: '/huge', headers: { 'accept-encoding': 'br' } });
    assert.is(streamed.headers['content-encoding'], 'br', 'the plugin streams it');
    assert.equal(JSON.parse(zlib.brotliDecompressSync(streamed.rawPayload).toString()), huge);
  } finally {
    await a.close();
  }
});

test.run();
