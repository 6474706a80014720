// POST /api/paynow/qr: any signed-in user (the till shows the QR for the amount due). Writes nothing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toDollars } from '../../core/money.js';
import { TILL_QR_DAYS, expiryAfter, payNowAmountCents, payNowPayload, payNowReference, qrSvg } from './qr.js';
import { PayNowQrBody, PayNowQrReply } from './schemas.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const timeZone = app.config.timeZone;

  app.post('/api/paynow/qr', { schema: { body: PayNowQrBody, response: { 200: PayNowQrReply } } }, async (request) => {
    // Bad input first (400 naming the field), then the shop's state (409 without a UEN).
    const amountCents = payNowAmountCents(request.body.amount);
    const reference = payNowReference(request.body.reference);
    const expiry = expiryAfter(TILL_QR_DAYS, timeZone);
    const payload = payNowPayload(db, { amountCents, reference, expiry });
    return { payload, svg: await qrSvg(payload), amount: toDollars(amountCents), reference, expiry };
  });
};

export default routes;
