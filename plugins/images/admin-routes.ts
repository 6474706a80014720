// /api/admin/images: presigned uploads to our own endpoint, then attach, list, edit, reorder, delete (ADMIN).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest, tooLarge } from '../../core/errors.js';
import { paging } from '../../core/schemas.js';
import { attachUpload } from './actions/attach-upload.js';
import { deleteImage } from './actions/delete-image.js';
import { mustGetImage, mustHaveProduct, mustHaveRoom } from './actions/guards.js';
import { reorderImages } from './actions/reorder-images.js';
import { purgeStaleUploads, storeUpload } from './actions/store-upload.js';
import { updateImage } from './actions/update-image.js';
import { mustClaimImage, type ImagesContext } from './context.js';
import { mediaUrl, newFileId } from './file-store.js';
import { imageJson } from './image-json.js';
import { MAX_IMAGE_BYTES, TICKET_TTL_SECONDS } from './limits.js';
import { processImage, TOO_LARGE } from './process-image.js';
import {
  AttachBody,
  ImageDeletedReply,
  ImageListQuery,
  ImagePageReply,
  ImageReply,
  ImagesReply,
  PresignBody,
  ProductImageParams,
  ProductParams,
  ReorderBody,
  UpdateImageBody,
  UploadedReply,
  UploadTicket,
} from './schemas.js';
import { signTicket, verifyTicket, type Ticket } from './ticket.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** Where tickets send the file: this server, not a third-party store. */
export const UPLOAD_PATH = '/api/admin/images/uploads';

const ADMIN = { role: 'ADMIN' as const };

/** The text value of each non-file form field posted before the file (repeated fields are dropped). */
function formFields(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (!value || Array.isArray(value) || value.type !== 'field') continue;
    out[name] = String(value.value);
  }
  return out;
}

/** busboy reports a malformed form (no boundary, cut off mid-part) with plain Errors: the client's fault, so 400. */
function malformedForm(err: unknown): unknown {
  return (err as { statusCode?: number }).statusCode === undefined ? badRequest('The upload is not a well-formed multipart/form-data request', 'file') : err;
}

/** Registers the admin image routes. */
export function adminRoutes(app: App, ctx: ImagesContext) {
  const { db, repo, files, outbox } = ctx;
  // A size's photos are its style's: every size of a style lists the same ones.
  const listOf = (productId: number, q: { page?: number; pageSize?: number }) => {
    const { owner } = mustHaveProduct(repo, productId);
    const { page, pageSize, limit, offset } = paging(q);
    return { images: repo.list(owner, limit, offset).map(imageJson), pagination: { page, pageSize, total: repo.count(owner) } };
  };

  app.post('/api/admin/images/uploads/presign', { schema: { body: PresignBody, response: { 200: UploadTicket } }, config: ADMIN }, async (request) => {
    const { productId, contentType } = request.body;
    const owner = mustHaveProduct(repo, productId);
    mustClaimImage(contentType);
    mustHaveRoom(repo, owner);
    const fileId = newFileId();
    const fields = signTicket(ctx.ticketKey, {
      fileId,
      productId,
      contentType,
      maxSize: MAX_IMAGE_BYTES,
      expires: Math.floor(Date.now() / 1000) + TICKET_TTL_SECONDS,
    });
    return { url: UPLOAD_PATH, fields, cdnUrl: mediaUrl(fileId, 'display') };
  });

  // Public like a storage bucket's presigned POST: the signed ticket is the authorisation.
  app.post(UPLOAD_PATH, { schema: { response: { 201: UploadedReply } }, config: { public: true } }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('Send the ticket fields and then the file as multipart/form-data', 'file');
    const part = await request.file().catch((err: unknown) => {
      throw malformedForm(err);
    });
    if (!part) throw badRequest('file is required', 'file');
    let ticket: Ticket;
    try {
      ticket = verifyTicket(ctx.ticketKey, formFields(part));
    } catch (err) {
      part.file.resume(); // drain so the connection can answer
      throw err;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest('The file must be sent in the field named file', 'file');
    }
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(TOO_LARGE);
      throw malformedForm(err);
    }
    // busboy may mark the stream truncated after its last chunk, which toBuffer() does not see: check again.
    if (part.file.truncated || data.length > ticket.maxSize) throw tooLarge(TOO_LARGE);
    const image = await processImage(data);
    await storeUpload(db, repo, files, outbox, ticket, image);
    purgeStaleUploads(db, repo, files, outbox).catch((err) => request.log.warn({ err }, 'could not purge old uploads'));
    return reply.status(201).send({ url: mediaUrl(ticket.fileId, 'display'), fileId: ticket.fileId });
  });

  app.get(
    '/api/admin/images/products/:productId/images',
    { schema: { params: ProductParams, querystring: ImageListQuery, response: { 200: ImagePageReply } }, config: ADMIN },
    async (request) => listOf(request.params.productId, request.query),
  );

  app.post(
    '/api/admin/images/products/:productId/images',
    { schema: { params: ProductParams, body: AttachBody, response: { 201: ImageReply } }, config: ADMIN },
    async (request, reply) => {
      const id = attachUpload(db, repo, { productId: request.params.productId, url: request.body.url, alt: request.body.alt });
      return reply.status(201).send({ image: imageJson(repo.get(id)!) });
    },
  );

  // A static segment: the router prefers it over /:imageId.
  app.patch(
    '/api/admin/images/products/:productId/images/reorder',
    { schema: { params: ProductParams, body: ReorderBody, response: { 200: ImagesReply } }, config: ADMIN },
    async (request) => {
      reorderImages(db, repo, request.params.productId, request.body.imageIds);
      return { images: repo.all(mustHaveProduct(repo, request.params.productId).owner).map(imageJson) };
    },
  );

  app.patch(
    '/api/admin/images/products/:productId/images/:imageId',
    { schema: { params: ProductImageParams, body: UpdateImageBody, response: { 200: ImageReply } }, config: ADMIN },
    async (request) => {
      const { productId, imageId } = request.params;
      updateImage(db, repo, imageId, request.body, productId);
      return { image: imageJson(mustGetImage(repo, imageId)) };
    },
  );

  app.delete(
    '/api/admin/images/products/:productId/images/:imageId',
    { schema: { params: ProductImageParams, response: { 200: ImageDeletedReply } }, config: ADMIN },
    async (request) => {
      await deleteImage(db, repo, files, outbox, request.params.imageId, request.params.productId);
      return { ok: true, id: request.params.imageId };
    },
  );
}
