// Stock-take and label routes (ADMIN). Downloads (CSV, label PDF) accept the session cookie.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { IdParams, paging } from '../../core/schemas.js';
import { openTake } from './actions/open-take.js';
import { cancelTake } from './actions/cancel-take.js';
import { removeCount } from './actions/remove-count.js';
import { postTake } from './actions/post-take.js';
import { recordCount } from './actions/record-count.js';
import { varianceCsv, varianceCsvName } from './csv.js';
import { stockTakeRepo } from './repo.js';
import {
  CountBody,
  CountLineParams,
  CountReply,
  LabelsQuery,
  PostBody,
  StockTakeCreateBody,
  StockTakeListQuery,
  StockTakeListReply,
  StockTakeReply,
} from './schemas.js';
import { detailJson, lineJson, summaryJson, totalsJson } from './take-json.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = stockTakeRepo(db);
  const detail = (id: number) => {
    const row = repo.get(id);
    if (!row) throw notFound('Stock take');
    return detailJson(repo, row);
  };
  const admin = { role: 'ADMIN' } as const;

  app.post('/api/stock-takes', { schema: { body: StockTakeCreateBody, response: { 201: StockTakeReply } }, config: admin }, async (request, reply) => {
    const id = openTake(db, repo, request.body, request.user.id);
    return reply.status(201).send({ stock_take: detail(id) });
  });

  app.get('/api/stock-takes', { schema: { querystring: StockTakeListQuery, response: { 200: StockTakeListReply } }, config: admin }, async (request) => {
    const { page, pageSize, limit, offset } = paging(request.query);
    const { rows, total } = repo.list(request.query.status ?? null, limit, offset);
    return { stock_takes: rows.map((r) => summaryJson(repo, r)), pagination: { page, pageSize, total } };
  });

  app.get('/api/stock-takes/:id', { schema: { params: IdParams, response: { 200: StockTakeReply } }, config: admin }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { stock_take: detail(request.params.id) };
  });

  app.post('/api/stock-takes/:id/counts', { schema: { params: IdParams, body: CountBody, response: { 200: CountReply } }, config: admin }, async (request) => {
    const line = recordCount(db, repo, request.params.id, request.body, request.user.id);
    return { line: lineJson(line), totals: totalsJson(repo.totals(request.params.id)) };
  });

  app.delete(
    '/api/stock-takes/:id/counts/:productId',
    { schema: { params: CountLineParams, response: { 200: StockTakeReply } }, config: admin },
    async (request) => {
      removeCount(db, repo, request.params.id, request.params.productId);
      return { stock_take: detail(request.params.id) };
    },
  );

  app.post('/api/stock-takes/:id/post', { schema: { params: IdParams, body: PostBody, response: { 200: StockTakeReply } }, config: admin }, async (request) => {
    postTake(db, repo, request.params.id, request.user.id);
    return { stock_take: detail(request.params.id) };
  });

  app.post(
    '/api/stock-takes/:id/cancel',
    { schema: { params: IdParams, body: PostBody, response: { 200: StockTakeReply } }, config: admin },
    async (request) => {
      cancelTake(db, repo, request.params.id, request.user.id);
      return { stock_take: detail(request.params.id) };
    },
  );

  app.get('/api/stock-takes/:id/variance.csv', { schema: { params: IdParams }, config: { ...admin, cookieAuth: true } }, async (request, reply) => {
    const take = detail(request.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${varianceCsvName(take.id)}"`)
      .header('cache-control', 'no-store')
      .send(varianceCsv(take));
  });

  app.get('/api/labels.pdf', { schema: { querystring: LabelsQuery }, config: { ...admin, cookieAuth: true } }, async (request, reply) => {
    // Up to 2,000 labels: made on a worker (worker.ts) and streamed page by page as the client reads (a bulk job:
    // at most 2 per user at once, 429 beyond); its 400/404s come back as they are.
    // The images folder goes with the query: the worker reads the styles' primary photos from it (#30.5).
    const job = { query: request.query, imagesDir: app.paths.images };
    const pdf = await app.offload.stream('stockTake.labelsPdf', job, { lane: 'bulk', owner: request.user.id });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="labels.pdf"')
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};

export default routes;
