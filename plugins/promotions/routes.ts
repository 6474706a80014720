// Promotions routes (all ADMIN): list with status and usage, create, edit, end.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { localDate } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { IdParams } from '../../core/schemas.js';
import { createPromotion, endPromotion, updatePromotion } from './actions/save-promotion.js';
import { promotionJson } from './json.js';
import { promotionsRepo } from './repo.js';
import { CreatePromotionBody, EndPromotionBody, PromotionListReply, PromotionReply, UpdatePromotionBody } from './schemas.js';

const ADMIN = { role: 'ADMIN' as const };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = promotionsRepo(db);
  const today = () => localDate(new Date(), app.config.timeZone);
  const one = (id: number) => {
    const row = repo.get(id);
    if (!row) throw notFound('Promotion');
    return { promotion: promotionJson(row, today(), repo.usage().get(id)) };
  };

  app.get('/api/promotions', { schema: { response: { 200: PromotionListReply } }, config: ADMIN }, async () => {
    const usage = repo.usage();
    const day = today();
    return { promotions: repo.list().map((row) => promotionJson(row, day, usage.get(row.id))) };
  });

  app.post('/api/promotions', { schema: { body: CreatePromotionBody, response: { 201: PromotionReply } }, config: ADMIN }, async (request, reply) => {
    const id = createPromotion(db, request.body, request.user.id);
    return reply.status(201).send(one(id));
  });

  app.patch(
    '/api/promotions/:id',
    { schema: { params: IdParams, body: UpdatePromotionBody, response: { 200: PromotionReply } }, config: ADMIN },
    async (request) => {
      updatePromotion(db, request.params.id, request.body);
      return one(request.params.id);
    },
  );

  app.post(
    '/api/promotions/:id/end',
    { schema: { params: IdParams, body: EndPromotionBody, response: { 200: PromotionReply } }, config: ADMIN },
    async (request) => {
      endPromotion(db, request.params.id);
      return one(request.params.id);
    },
  );
};

export default routes;
