// The images plugin's routes, encapsulated: multipart parsing exists only here, for the ticket upload.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { adminRoutes } from './admin-routes.js';
import { imagesContext } from './context.js';
import { ecommerceRoutes } from './ecommerce-routes.js';
import { MAX_IMAGE_BYTES } from './limits.js';
import { mediaRoutes } from './media-routes.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 2048, fieldNameSize: 100, parts: 25 },
  });
  const ctx = imagesContext(app);
  mediaRoutes(app, ctx);
  adminRoutes(app, ctx);
  ecommerceRoutes(app, ctx);
};

export default routes;
