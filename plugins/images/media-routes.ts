// GET /media/<file_id>.<variant>.webp: the public product photos (the online shop shows them).
import fs from 'node:fs';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import type { ImagesContext } from './context.js';
import { parseMediaName } from './file-store.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** Registers the media route: strict names only, files read by generated id, cached for a year. */
export function mediaRoutes(app: App, ctx: ImagesContext) {
  app.get(
    '/media/:name',
    {
      schema: { params: Type.Object({ name: Type.String({ maxLength: 200 }) }, { additionalProperties: false }) },
      config: { public: true },
    },
    async (request, reply) => {
      // Only names we generate are served: no dots, slashes or encodings reach the file system.
      const parsed = parseMediaName(request.params.name);
      if (!parsed) throw notFound('Image');
      let data: Buffer;
      try {
        data = await fs.promises.readFile(ctx.files.path(parsed.fileId, parsed.variant));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('Image');
        throw err;
      }
      return (
        reply
          .type('image/webp')
          // A file id is never reused, so a cached copy can never be stale.
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          // Shop photos may be embedded by the online shop's own site.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(data)
      );
    },
  );
}
