// Style routes: a model and its size run. Anyone signed in reads (the till shows sizes), ADMIN writes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { IdParams, paging } from '../../core/schemas.js';
import { createStyle } from './actions/create-style.js';
import { generateBarcodes } from './actions/generate-barcodes.js';
import { addSizes, updateStyle } from './actions/update-style.js';
import { inventoryRepo } from './repo.js';
import { stylesJson } from './style-json.js';
import { stylesRepo } from './styles-repo.js';
import { AddSizesBody, GenerateBarcodesBody, StyleCreateBody, StyleListQuery, StyleListReply, StyleReply, StyleUpdateBody } from './styles-schemas.js';

export const stylesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = inventoryRepo(db);
  const styles = stylesRepo(db);
  const one = (id: number) => {
    const row = styles.get(id);
    if (!row) throw notFound('Style');
    return { style: stylesJson(repo, styles, [row])[0] };
  };

  app.get('/api/styles', { schema: { querystring: StyleListQuery, response: { 200: StyleListReply } } }, async (request) => {
    const { page, pageSize, limit, offset } = paging(request.query);
    const { rows, total } = styles.list(request.query, limit, offset);
    return { styles: stylesJson(repo, styles, rows), count: total, pagination: { page, pageSize, total } };
  });

  app.get('/api/styles/:id', { schema: { params: IdParams, response: { 200: StyleReply } } }, async (request) => one(request.params.id));

  app.post('/api/styles', { schema: { body: StyleCreateBody, response: { 201: StyleReply } }, config: { role: 'ADMIN' } }, async (request, reply) => {
    const id = createStyle(db, repo, styles, request.body, request.user.id);
    return reply.status(201).send(one(id));
  });

  app.patch(
    '/api/styles/:id',
    { schema: { params: IdParams, body: StyleUpdateBody, response: { 200: StyleReply } }, config: { role: 'ADMIN' } },
    async (request) => {
      updateStyle(db, styles, request.params.id, request.body);
      return one(request.params.id);
    },
  );

  app.post(
    '/api/styles/:id/sizes',
    { schema: { params: IdParams, body: AddSizesBody, response: { 201: StyleReply } }, config: { role: 'ADMIN' } },
    async (request, reply) => {
      addSizes(db, repo, styles, request.params.id, request.body, request.user.id);
      return reply.status(201).send(one(request.params.id));
    },
  );

  // #30.3: an EAN-13 for every size that has none (the shop's GS1 prefix, else the in-store range 20-29).
  app.post(
    '/api/styles/:id/barcodes',
    { schema: { params: IdParams, body: GenerateBarcodesBody, response: { 200: StyleReply } }, config: { role: 'ADMIN' } },
    async (request) => {
      generateBarcodes(db, styles, request.params.id);
      return one(request.params.id);
    },
  );
};
