// /api/ecommerce: the same images through the ecommerce screen's calls, with a base64 proxy upload (ADMIN).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, tooLarge } from '../../core/errors.js';
import { paging } from '../../core/schemas.js';
import { addImage } from './actions/add-image.js';
import { attachUpload } from './actions/attach-upload.js';
import { deleteImage } from './actions/delete-image.js';
import { mustGetImage, mustHaveProduct } from './actions/guards.js';
import { updateImage } from './actions/update-image.js';
import { mustClaimImage, type ImagesContext } from './context.js';
import { imageJson } from './image-json.js';
import { MAX_IMAGE_BYTES } from './limits.js';
import { processImage, TOO_LARGE } from './process-image.js';
import {
  BackendTestReply,
  EcommerceAttachBody,
  ImageDeletedReply,
  ImageListQuery,
  ImagePageReply,
  ImageParams,
  ImageReply,
  PROXY_BODY_LIMIT,
  ProductParams,
  ProxyUploadBody,
} from './schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

const ADMIN = { role: 'ADMIN' as const };

/** The bytes of a base64 text (a "data:...;base64," prefix is allowed); 400 when it is not base64. */
export function decodeBase64(text: string): Buffer {
  const body = text.replace(/^data:[^,]{0,200};base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) throw badRequest('fileData must be the file encoded in base64', 'fileData');
  return Buffer.from(body, 'base64');
}

/** Registers the ecommerce image routes. */
export function ecommerceRoutes(app: App, ctx: ImagesContext) {
  const { db, repo, files, outbox } = ctx;

  app.get('/api/ecommerce/test', { schema: { response: { 200: BackendTestReply } }, config: ADMIN }, async () => ({ message: 'Kedai backend is running' }));

  app.get(
    '/api/ecommerce/products/:productId/images',
    { schema: { params: ProductParams, querystring: ImageListQuery, response: { 200: ImagePageReply } }, config: ADMIN },
    async (request) => {
      const { productId } = request.params;
      // The style's photos (every size of a style lists the same ones).
      const { owner } = mustHaveProduct(repo, productId);
      const { page, pageSize, limit, offset } = paging(request.query);
      return { images: repo.list(owner, limit, offset).map(imageJson), pagination: { page, pageSize, total: repo.count(owner) } };
    },
  );

  app.post('/api/ecommerce/images', { schema: { body: EcommerceAttachBody, response: { 201: ImageReply } }, config: ADMIN }, async (request, reply) => {
    const id = attachUpload(db, repo, request.body);
    return reply.status(201).send({ image: imageJson(repo.get(id)!) });
  });

  app.delete('/api/ecommerce/images/:imageId', { schema: { params: ImageParams, response: { 200: ImageDeletedReply } }, config: ADMIN }, async (request) => {
    await deleteImage(db, repo, files, outbox, request.params.imageId);
    return { ok: true, id: request.params.imageId };
  });

  // The screen sends no body (the API client sends {}); any body is ignored, so none is validated.
  app.patch('/api/ecommerce/images/:imageId/primary', { schema: { params: ImageParams, response: { 200: ImageReply } }, config: ADMIN }, async (request) => {
    updateImage(db, repo, request.params.imageId, { isPrimary: true });
    return { image: imageJson(mustGetImage(repo, request.params.imageId)) };
  });

  app.post(
    '/api/ecommerce/upload/proxy',
    { schema: { body: ProxyUploadBody, response: { 201: ImageReply } }, config: ADMIN, bodyLimit: PROXY_BODY_LIMIT },
    async (request, reply) => {
      const { productId, fileData, contentType, alt } = request.body;
      mustHaveProduct(repo, productId);
      mustClaimImage(contentType);
      const data = decodeBase64(fileData);
      if (data.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE);
      const image = await processImage(data);
      const id = await addImage(db, repo, files, outbox, image, { productId, alt });
      return reply.status(201).send({ image: imageJson(repo.get(id)!) });
    },
  );
}
