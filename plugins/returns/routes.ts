// Returns routes (any signed-in user): list, invoices that can still be returned, process a return.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paging } from '../../core/schemas.js';
import { toCents, toDollars } from '../../core/money.js';
import { creditNoteReply } from '../credit-notes/api.js';
import { CheckoutHeaders, invoiceReply, runAfterCommit, tillOf } from '../sales/api.js';
import { getProductRow } from '../inventory/api.js';
import { exchange } from './actions/exchange.js';
import { quoteExchange } from './actions/exchange-quote.js';
import { createReturn } from './actions/create-return.js';
import { moneyRefundJson, returnableInvoiceJson, returnJson } from './return-json.js';
import { returnsRepo } from './repo.js';
import { refundApproval } from './refund-policy.js';
import slipRoutes from './slip/slip-routes.js';
import {
  CreatedReturnReply,
  CreateReturnBody,
  ExchangeBody,
  ExchangeQuoteReply,
  ExchangeReply,
  ReturnableInvoiceListReply,
  ReturnableInvoicesQuery,
  ReturnListQuery,
  ReturnListReply,
} from './schemas.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = returnsRepo(db);
  const timeZone = app.config.timeZone;
  await app.register(slipRoutes);

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
    const { approval } = request.body;
    // The refund policy (#26.4): outside the window or without the receipt, a manager approves (403 APPROVAL_REQUIRED).
    const approvedBy = refundApproval(db, {
      invoiceId: request.body.invoice_id,
      receipt: request.body.receipt,
      user: request.user,
      timeZone,
      approve: approval ? () => app.approveAsManager(request.ip, approval.username, approval.password) : null,
    });
    const r = createReturn(db, request.body, { userId: request.user.id, timeZone, till: tillOf(request), approvedBy });
    return reply.status(201).send({
      returns: r.returnIds.map((id) => returnJson(repo.get(id)!)),
      creditNote: r.creditNoteId === null ? null : creditNoteReply(db, r.creditNoteId),
      refund: moneyRefundJson(r.refund),
      tender_refunds: r.tenderRefunds.map((t) => ({ method: t.method, amount: toDollars(t.amount_cents), reference: t.reference })),
    });
  });

  // The till's Exchange dialog asks this before confirming: the figures it shows are the server's (carried discounts).
  app.post('/api/exchanges/quote', { schema: { body: ExchangeBody, response: { 200: ExchangeQuoteReply } } }, async (request) =>
    quoteExchange(db, request.body),
  );

  app.post('/api/exchanges', { schema: { body: ExchangeBody, headers: CheckoutHeaders, response: { 201: ExchangeReply } } }, async (request, reply) => {
    const { approval } = request.body.sale;
    const approver = approval ? app.approveAsManager(request.ip, approval.username, approval.password) : null;
    // The refund policy as on a return; a manager who approved the sale's discount approves the return too.
    const own = request.body.approval;
    const refundApprovedBy = refundApproval(db, {
      invoiceId: request.body.invoice_id,
      receipt: request.body.receipt,
      user: request.user,
      timeZone,
      approve: own ? () => app.approveAsManager(request.ip, own.username, own.password) : approver ? () => approver : null,
    });
    const key = request.headers['idempotency-key'];
    const r = exchange(db, request.body, {
      refundApprovedBy,
      userId: request.user.id,
      username: request.user.username,
      role: request.user.role,
      approver,
      timeZone,
      till: tillOf(request),
      idempotencyKey: typeof key === 'string' && key ? key : undefined,
    });
    const invoice = invoiceReply(db, r.sale.invoiceId);
    // The exchange's new sale is a sale: the pipeline's last stage runs for it too (the customer display).
    const sale = { invoiceId: r.sale.invoiceId, number: r.sale.number, till: tillOf(request), grandTotalCents: toCents(invoice.grand_total) };
    runAfterCommit(db, sale, (err) => request.log.error({ err }, 'after-commit hook failed'));
    const stock = [...new Set(invoice.items.map((i) => i.product_id))].map((id) => ({ product_id: id, stock_qty: getProductRow(db, id)?.stock_qty ?? 0 }));
    return reply.status(201).send({
      returns: r.returnIds.map((id) => returnJson(repo.get(id)!)),
      creditNote: creditNoteReply(db, r.creditNoteId),
      // The new sale's plugin reply keys (#29: saleRecorded's, charges'), as POST /api/checkout replies them.
      sale: { ...r.sale.extras, invoiceId: r.sale.invoiceId, number: r.sale.number, invoice, stock },
      difference: {
        returned: toDollars(r.returnedCents),
        new_total: toDollars(r.returnedCents + r.differenceCents),
        applied: toDollars(r.appliedCents),
        difference: toDollars(r.differenceCents),
        to_pay: toDollars(Math.max(0, r.differenceCents)),
        to_refund: toDollars(Math.max(0, -r.differenceCents)),
        carried_discount: toDollars(r.carriedCents),
        refund_method: r.refundMethod,
        refund: moneyRefundJson(r.refund),
      },
    });
  });
};

export default routes;
