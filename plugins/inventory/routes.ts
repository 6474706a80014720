// Product and style routes: anyone signed in reads (the till searches), ADMIN writes.
import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { IdParams, paging } from '../../core/schemas.js';
import { adjustStock } from './actions/adjust-stock.js';
import { createProduct } from './actions/create-product.js';
import { deleteProduct } from './actions/delete-product.js';
import { updateProduct } from './actions/update-product.js';
import { productJson, productsJson } from './product-json.js';
import { compareSizes } from './sizes.js';
import { inventoryRepo } from './repo.js';
import { stylesRoutes } from './styles-routes.js';
import {
  AdjustBody,
  type Facets,
  FacetsReply,
  MovementListQuery,
  MovementListReply,
  ProductCreateBody,
  ProductDeletedReply,
  ProductListQuery,
  ProductListReply,
  ProductReply,
  ProductUpdateBody,
} from './schemas.js';

/** An If-None-Match header (one tag, a list, weak or strong) names this weak ETag. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = inventoryRepo(db);
  await stylesRoutes(app, {});
  const one = (id: number) => {
    const row = repo.get(id);
    if (!row) throw notFound('Product');
    return { product: productJson(row, repo.imagesFor([id]).get(id)) };
  };

  app.get('/api/products', { schema: { querystring: ProductListQuery, response: { 200: ProductListReply } } }, async (request) => {
    const q = request.query;
    const { page, pageSize, limit, offset } = paging(q);
    const { rows, total } = repo.list(q, limit, offset);
    return { products: productsJson(repo, rows), count: total, pagination: { page, pageSize, total } };
  });

  // A static path: the router matches it before /:id. Facets change only with a product's category, brand,
  // size, material or archiving: kept here until migration 004's generation moves (any connection's write moves
  // it), and a browser that has them (its If-None-Match) gets a 304 without a query for them. The process's own
  // tag in the ETag keeps a restored database's generation from matching an older reply.
  let facets: { generation: number; etag: string; body: Facets } | null = null;
  const boot = randomBytes(4).toString('hex');
  app.get('/api/products/facets', { schema: { response: { 200: FacetsReply, 304: Type.Null() } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    const { generation } = repo.catalogue();
    if (facets?.generation !== generation) {
      const f = repo.facets();
      facets = { generation, etag: `W/"facets-${boot}-${generation}"`, body: { ...f, sizes: f.sizes.sort(compareSizes) } };
    }
    reply.header('etag', facets.etag);
    if (etagMatches(request.headers['if-none-match'], facets.etag)) return reply.code(304).send(null);
    return facets.body;
  });

  app.get('/api/products/:id', { schema: { params: IdParams, response: { 200: ProductReply } } }, async (request) => one(request.params.id));

  app.get(
    '/api/products/:id/movements',
    { schema: { params: IdParams, querystring: MovementListQuery, response: { 200: MovementListReply } }, config: { role: 'ADMIN' } },
    async (request) => {
      const { id } = request.params;
      if (!repo.get(id)) throw notFound('Product');
      const { page, pageSize, limit, offset } = paging(request.query);
      const total = repo.movementCount(id);
      return { movements: repo.movements(id, limit, offset), pagination: { page, pageSize, total } };
    },
  );

  app.post('/api/products', { schema: { body: ProductCreateBody, response: { 201: ProductReply } }, config: { role: 'ADMIN' } }, async (request, reply) => {
    const id = createProduct(db, repo, request.body, request.user.id);
    return reply.status(201).send(one(id));
  });

  app.patch(
    '/api/products/:id',
    { schema: { params: IdParams, body: ProductUpdateBody, response: { 200: ProductReply } }, config: { role: 'ADMIN' } },
    async (request) => {
      updateProduct(db, repo, request.params.id, request.body, request.user.id);
      return one(request.params.id);
    },
  );

  app.delete('/api/products/:id', { schema: { params: IdParams, response: { 200: ProductDeletedReply } }, config: { role: 'ADMIN' } }, async (request) => {
    const { archived } = deleteProduct(db, repo, request.params.id);
    return { ok: true, id: request.params.id, archived };
  });

  app.post(
    '/api/products/:id/adjust',
    { schema: { params: IdParams, body: AdjustBody, response: { 200: ProductReply } }, config: { role: 'ADMIN' } },
    async (request) => {
      adjustStock(db, repo, request.params.id, request.body, request.user.id);
      return one(request.params.id);
    },
  );
};

export default routes;
