// Serves the built UI: hashed assets cached for a year, index.html for every other page (the SPA routes).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Registers the UI files and the SPA fallback; /api and /media misses stay JSON 404s. */
export async function serveUi(app: FastifyInstance, uiDir: string | null) {
  const indexFile = uiDir ? path.join(uiDir, 'index.html') : null;
  const hasUi = indexFile !== null && fs.existsSync(indexFile);
  if (hasUi) {
    await app.register(fastifyStatic, {
      root: uiDir!,
      index: 'index.html', // GET / would otherwise be a 403 (a directory)
      wildcard: true,
      setHeaders(res, file) {
        res.header('X-Content-Type-Options', 'nosniff');
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  const indexHtml = hasUi ? fs.readFileSync(indexFile!, 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/media/') && !path.extname(url);
    if (isPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    if (isPage) {
      return reply.type('text/plain; charset=utf-8').status(503).send('The Kedai UI is not built. Run `npm run build:ui` (npm start does this for you).');
    }
    return reply.status(404).send({ error: `Route ${request.method} ${url} not found`, code: 'NOT_FOUND' });
  });
}
