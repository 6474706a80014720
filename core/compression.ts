// What goes over the shop's Wi-Fi. JSON (and CSV) replies above 1 KB are compressed for browsers that accept
// it: the product pages, invoices and reports a till fetches. Static files are not compressed here: the build
// made their .br/.gz copies once (core/static-ui.ts serves them), and @fastify/compress leaves a reply alone
// when it already has a Content-Encoding. Brotli at quality 4 (the plugin's default): quality 11 costs ~10x
// the CPU for a few percent fewer bytes.
// Every string reply also gets a weak ETag, taken before compression (hooks run in registration order), so a
// GET the browser already has (the POS's facets, the first product page) comes back as a bodiless 304.
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance) {
  // Only GET replies are compressed (product pages, reports, invoices: what the bytes are spent on). A write's reply
  // (a checkout) goes as it is: a compressed reply in flight at SIGTERM could hold up the clean stop
  // (tests/reliability/crash.test.ts saw app.close() wait past 20 s), and a till's sale must never wait on it.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET')) route.compress = false;
  });
  await app.register(fastifyEtag, { weak: true });
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
