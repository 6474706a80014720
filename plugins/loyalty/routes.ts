// Loyalty's route: any signed-in user reads a customer's points and their ledger (the till shows it on joining).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { customerLoyalty } from './customer.js';
import { loyaltyRepo } from './repo.js';
import { IdParams } from '../../core/schemas.js';
import { PointsReply } from './schemas.js';

/** The most ledger rows the reply lists (newest first): years of a regular customer's visits. */
export const LEDGER_ROWS_MAX = 500;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  app.get('/api/customers/:id/points', { schema: { params: IdParams, response: { 200: PointsReply } } }, async (request) => {
    const id = request.params.id;
    if (!loyaltyRepo(db).customerExists(id)) throw notFound('Customer');
    const { points, value } = customerLoyalty(db, id);
    return { points, value, entries: loyaltyRepo(db).entries(id, LEDGER_ROWS_MAX) };
  });
};

export default routes;
