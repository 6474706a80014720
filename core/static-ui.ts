// Serves the built UI: hashed assets cached for a year, index.html for every other page (the SPA routes).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The path as the router sees it (decoded, `//` collapsed, `;...` and `?...` dropped), lower-cased. */
export function routedPath(url: string): string {
  let p = url.split('?')[0];
  try {
    p = decodeURIComponent(p);
  } catch {
    /* malformed escapes: keep as sent */
  }
  return p
    .replace(/;.*$/, '')
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
}

/** Security headers that apply to documents only (helmet sets them on every reply; core/security-headers.ts). */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Registers the UI files and the SPA fallback; /api and /media misses stay JSON 404s. */
export async function serveUi(app: FastifyInstance, uiDir: string | null) {
  const indexFile = uiDir ? path.join(uiDir, 'index.html') : null;
  const hasUi = indexFile !== null && fs.existsSync(indexFile);
  if (hasUi)
    await app.register(async (scope) => {
      // The UI's own files are the only routes anyone may fetch before signing in: say so on each route, since
      // the auth guard closes every route that does not.
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), public: true };
      });
      await scope.register(fastifyStatic, {
        root: uiDir!,
        index: 'index.html', // GET / would otherwise be a 403 (a directory)
        wildcard: true,
        // tools/build-ui.ts wrote .br and .gz copies: sent as they are to a browser that accepts them.
        preCompressed: true,
        // Our Cache-Control below, not send's default "public, max-age=0" (which overrode it: every hashed file
        // was revalidated on each visit); no byte ranges (nobody resumes a 20 KB script).
        cacheControl: false,
        acceptRanges: false,
        lastModified: false, // the ETag revalidates index.html; hashed files never need to
        setHeaders(res, file) {
          res.setHeader('X-Content-Type-Options', 'nosniff');
          if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else res.setHeader('Cache-Control', 'no-cache');
        },
      });
      // A hashed script or stylesheet is not a document: the headers that only govern a page (its CSP, framing,
      // opener, ...) do nothing on it, and at ~480 bytes a file they were a tenth of the POS's first load (#27).
      scope.addHook('onSend', (request, reply, payload, done) => {
        if (request.url.startsWith('/assets/')) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        done(null, payload);
      });
    });
  const indexHtml = hasUi ? fs.readFileSync(indexFile!, 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const routed = routedPath(request.url);
    // Only plain page paths get the SPA: anything still holding escapes, dot segments or odd characters
    // after one decoding is a probe, and /api or /media misses stay JSON 404s.
    const isApi = /^\/(api|media)(\/|\.|$)/.test(routed);
    const plain = /^\/[a-z0-9/_-]*$/.test(routed);
    const isPage = request.method === 'GET' && plain && !isApi && !path.extname(routed);
    if (isPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    if (isPage) {
      return reply.type('text/plain; charset=utf-8').status(503).send('The Kedai UI is not built. Run `npm run build:ui` (npm start does this for you).');
    }
    return reply.status(404).send({ error: `Route ${request.method} ${url} not found`, code: 'NOT_FOUND' });
  });
}
