// What goes over the shop's Wi-Fi. JSON (and CSV) replies above 1 KB are compressed for browsers that accept
// it: the product pages, invoices and reports a till fetches. Static files are not compressed here: the build
// made their .br/.gz copies once (core/static-ui.ts serves them), and @fastify/compress leaves a reply alone
// when it already has a Content-Encoding. Brotli at quality 4 (the plugin's default): quality 11 costs ~10x
// the CPU for a few percent fewer bytes.
// Every GET reply also gets a weak ETag, taken before compression (our route hook is added before the plugin's),
// so a GET the browser already has (the POS's facets, the first product page) comes back as a bodiless 304.
// Writes (a checkout, #27.4) get none of it: no ETag (nobody revalidates a POST), no compression and no request
// decompression hook; at the till's rate the hash and the hooks were 0.2 ms of every sale.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** A weak ETag of a reply body (as @fastify/etag made them: sha1, base64). */
export function weakEtag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64')}"`;
}

/** onSend of GET/HEAD routes: tags string and Buffer bodies (streams, e.g. static files, carry their own) and answers a match with 304. */
function etagOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void) {
  let etag = reply.getHeader('etag') as string | undefined;
  if (!etag) {
    if (!(typeof payload === 'string' || payload instanceof Buffer)) return done(null, payload);
    etag = weakEtag(payload);
    reply.header('etag', etag);
  }
  const asked = request.headers['if-none-match'];
  if (asked !== undefined && (asked === etag || asked === `W/${etag}` || `W/${asked}` === etag)) {
    reply.code(304);
    return done(null, '');
  }
  done(null, payload);
}

const isRead = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).every((m) => m === 'GET' || m === 'HEAD');

export async function installCompression(app: FastifyInstance) {
  // Only GET replies are compressed (product pages, reports, invoices: what the bytes are spent on). A write's reply
  // (a checkout) goes as it is: a compressed reply in flight at SIGTERM could hold up the clean stop
  // (tests/reliability/crash.test.ts saw app.close() wait past 20 s), and a till's sale must never wait on it.
  // No client sends compressed bodies, so the plugin's request decompression (a preParsing hook) is off too.
  app.addHook('onRoute', (route) => {
    if (!isRead(route)) {
      route.compress = false;
      route.decompress = false;
      return;
    }
    route.decompress = false;
    const own = route.onSend;
    route.onSend = [etagOnSend as onSendHookHandler, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
