// Gift cards' route: any signed-in user checks a card's balance by its code (failed look-ups counted per address).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { localDate } from '../../core/clock.js';
import { toDollars } from '../../core/money.js';
import { lookUpCard } from './lookup.js';
import { CodeParams, GiftCardReply } from './schemas.js';
import { cardStatus } from './status.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  app.get('/api/gift-cards/:code', { schema: { params: CodeParams, response: { 200: GiftCardReply } } }, async (request) => {
    const card = lookUpCard(db, request.params.code, request.ip);
    return {
      code: card.code,
      balance: toDollars(card.balance_cents),
      status: cardStatus(card, localDate(new Date(), app.config.timeZone)),
      expires_on: card.expires_on,
    };
  });
};

export default routes;
