// Returns routes (any signed-in user): list, invoices that can still be returned, process a return.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paging } from '../../core/schemas.js';
import { toDollars } from '../../core/money.js';
import { creditNoteReply } from '../credit-notes/api.js';
import { tillOf } from '../sales/api.js';
import { createReturn } from './actions/create-return.js';
import { moneyRefundJson, returnableInvoiceJson, returnJson } from './return-json.js';
import { returnsRepo } from './repo.js';
import {
  CreatedReturnReply, CreateReturnBody, ReturnableInvoiceListReply, ReturnableInvoicesQuery, ReturnListQuery, ReturnListReply,
} from './schemas.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = returnsRepo(db);
  const timeZone = app.config.timeZone;

  app.get('/api/returns', { schema: { querystring: ReturnListQuery, response: { 200: ReturnListReply } } }, async (request) => {
    const q = request.query;
    const { page, pageSize, limit, offset } = paging(q);
    const { rows, total, summary } = repo.list({ status: q.status || undefined, search: q.search }, limit, offset);
    return {
      returns: rows.map(returnJson),
      pagination: { page, pageSize, total },
      summary: {
        total: summary.total,
        total_refund: toDollars(summary.refund_cents),
        pending: summary.pending,
        approved: summary.approved,
        completed: summary.completed,
        rejected: summary.rejected,
        refunds_by_method: Object.fromEntries(Object.entries(summary.by_method).map(([m, c]) => [m, toDollars(c)])),
      },
    };
  });

  app.get('/api/returns/invoices', { schema: { querystring: ReturnableInvoicesQuery, response: { 200: ReturnableInvoiceListReply } } }, async (request) => {
    const { page, pageSize, limit, offset } = paging(request.query);
    const { rows, total } = repo.returnableInvoices(request.query.search, limit, offset);
    return {
      invoices: rows.map((inv) => returnableInvoiceJson(inv, repo.linesWithReturned(inv.id))),
      pagination: { page, pageSize, total },
    };
  });

  app.post('/api/returns', { schema: { body: CreateReturnBody, response: { 201: CreatedReturnReply } } }, async (request, reply) => {
    const r = createReturn(db, request.body, { userId: request.user.id, timeZone, till: tillOf(request) });
    return reply.status(201).send({
      returns: r.returnIds.map((id) => returnJson(repo.get(id)!)),
      creditNote: r.creditNoteId === null ? null : creditNoteReply(db, r.creditNoteId),
      refund: moneyRefundJson(r.refund),
    });
  });
};

export default routes;
