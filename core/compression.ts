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
import zlib from 'node:zlib';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON replies up to this size are compressed in one call on the spot; bigger ones stream through @fastify/compress. */
export const COMPRESS_IN_PLACE_MAX_BYTES = 512 * 1024;
/** Above this, a reply is compressed at the fastest level: 1/3 of the CPU for ~18% more bytes (146 KB of styles: 0.30 ms and 16.7 KB at brotli 1 vs 0.82 ms and 14.2 KB at 4), cheaper on a busy till server than the bytes on the shop's LAN. */
export const COMPRESS_FAST_ABOVE_BYTES = 64 * 1024;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const BROTLI_FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };

/** The encoding a request accepts, br before gzip (a q of 0 refuses it), or null. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qv = params.map((x) => /^\s*q=([\d.]+)\s*$/.exec(x)?.[1]).find(Boolean);
    q.set(name.trim() === '*' ? 'gzip' : name.trim(), qv === undefined ? 1 : Number(qv));
  }
  if ((q.get('br') ?? 0) > 0) return 'br';
  if ((q.get('gzip') ?? 0) > 0 || (q.get('x-gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * A GET's JSON reply (a product page, the POS's styles) compressed in one synchronous call, without a dozen trips
 * through the thread pool: about 1 ms less per 150 KB reply on a busy till server (#27). Brotli 4 / gzip 6 as the
 * plugin's stream up to 64 KB, the fastest level above. @fastify/compress then leaves it alone (it has a Content-Encoding).
 */
function compressInPlace(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void) {
  if (request.method !== 'GET' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
  if (reply.getHeader('content-encoding') || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
  const bytes = Buffer.byteLength(payload);
  if (bytes < COMPRESS_THRESHOLD_BYTES || bytes > COMPRESS_IN_PLACE_MAX_BYTES || request.headers['x-no-compression'] !== undefined) return done(null, payload);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return done(null, payload);
  const fast = bytes > COMPRESS_FAST_ABOVE_BYTES;
  const body = encoding === 'br' ? zlib.brotliCompressSync(payload, fast ? BROTLI_FAST : BROTLI) : zlib.gzipSync(payload, { level: fast ? 1 : 6 });
  reply.header('content-encoding', encoding);
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  reply.removeHeader('content-length');
  done(null, body);
}

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
    // The ETag is taken on the plain body, then a JSON reply is compressed in place (below); the plugin's own
    // onSend (added by its onRoute, after this one) streams what is left.
    const own = route.onSend;
    route.onSend = [etagOnSend as onSendHookHandler, compressInPlace as onSendHookHandler, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
