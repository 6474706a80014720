// What goes over the shop's Wi-Fi. JSON (and CSV) replies above 1 KB are compressed for browsers that accept
// it: the product pages, invoices and reports a till fetches. Static files are not compressed here: the build
// made their .br/.gz copies once (core/static-ui.ts serves them), and @fastify/compress leaves a reply alone
// when it already has a Content-Encoding. Brotli at quality 4 (the plugin's default): quality 11 costs ~10x
// the CPU for a few percent fewer bytes.
// Every string reply also gets a weak ETag, taken before compression (hooks run in registration order), so a
// GET the browser already has (the POS's facets, the first product page) comes back as a bodiless 304.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
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

export async function installCompression(app: FastifyInstance) {
  // Only GET replies are compressed (product pages, reports, invoices: what the bytes are spent on). A write's reply
  // (a checkout) goes as it is: a compressed reply in flight at SIGTERM could hold up the clean stop
  // (tests/reliability/crash.test.ts saw app.close() wait past 20 s), and a till's sale must never wait on it.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET')) route.compress = false;
  });
  await app.register(fastifyEtag, { weak: true });
  app.addHook('onSend', compressInPlace);
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
