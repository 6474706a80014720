// Sales routes (contract: docs/api.md, "Checkout" and "Invoices, payments and voids"): checkout, invoices, payments, void, PDFs.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../core/errors.js';
import { toDollars } from '../../core/money.js';
import { asBuffer } from '../../core/offload/task-types.js';
import { groupCommitter } from '../../core/group-commit.js';
import { IdParams, paging } from '../../core/schemas.js';
import { getProductRow } from '../inventory/api.js';
import { checkout } from './actions/checkout.js';
import { checkoutQuote } from './actions/checkout-quote.js';
import { runAfterCommit } from './pipeline/index.js';
import { recordCustomerPayment } from './actions/record-customer-payment.js';
import { recordInvoicePayment } from './actions/record-invoice-payment.js';
import { voidInvoice } from './actions/void-invoice.js';
import { invoiceJson, invoiceSummaryJson } from './invoice-json.js';
import receiptRoutes from './receipt/receipt-routes.js';
import { receiptSectionsOf } from './receipt/receipt-model.js';
import { salesRepo, type InvoiceMethod } from './repo.js';
import { tillOf } from '../../core/till-header.js';
import {
  CheckoutBody,
  CheckoutHeaders,
  CheckoutQuoteReply,
  CheckoutReply,
  CustomerPaymentReply,
  InvoiceListQuery,
  InvoiceListReply,
  InvoiceReply,
  PaymentBody,
  PdfQuery,
  VoidBody,
} from './schemas.js';

function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = salesRepo(db);
  const timeZone = app.config.timeZone;
  const sales = groupCommitter(db);
  // #29: a charge kind's or a saleRecorded hook's reply key may not hide one of the reply's own keys.
  for (const kind of Object.values(app.pluginHooks.charges)) {
    if (kind.replyKey && kind.replyKey in CheckoutReply.properties) {
      throw new Error(`Item kind "${kind.kind}" of "${kind.source}": reply key "${kind.replyKey}" is one of the checkout reply's own`);
    }
  }
  for (const hook of app.pluginHooks.saleRecorded) {
    if (hook.replyKey && hook.replyKey in CheckoutReply.properties) {
      throw new Error(`A saleRecorded hook of "${hook.source}": reply key "${hook.replyKey}" is one of the checkout reply's own`);
    }
  }

  const invoiceRow = (id: number) => {
    const row = repo.get(id);
    if (!row) throw notFound('Invoice');
    return row;
  };
  const fullInvoice = (id: number) => invoiceJson(invoiceRow(id), repo.lines(id), repo.payments(id), repo.refunds(id), repo.adjustments(id));
  await app.register(receiptRoutes);

  app.post('/api/checkout', { schema: { body: CheckoutBody, headers: CheckoutHeaders, response: { 201: CheckoutReply } } }, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    // Credentials are checked before the sale's write lock is taken (scrypt is slow); wrong ones: 403, counted like a failed login.
    const { approval } = request.body;
    const approver = approval ? app.approveAsManager(request.ip, approval.username, approval.password) : null;
    // Group commit (core/group-commit.ts): the reply goes after the COMMIT whose fsync covers this sale.
    const result = await sales.write(() =>
      checkout(db, request.body, {
        userId: request.user.id,
        username: request.user.username,
        role: request.user.role,
        approver,
        timeZone,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        till: tillOf(request),
        clientIp: request.ip,
      }),
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    const w = result.written;
    // The pipeline's last stage: the sale is durable; what plugins do now cannot undo it.
    if (w) {
      const sale = { invoiceId: result.invoiceId, number: result.number, till: w.invoice.till ?? null, grandTotalCents: w.invoice.grand_total_cents };
      runAfterCommit(db, sale, (err) => request.log.error({ err }, 'after-commit hook failed'));
    }
    const invoice = w ? invoiceJson(w.invoice, w.lines, w.payments, [], w.adjustments) : fullInvoice(result.invoiceId);
    // A new sale's stock as its UPDATE ... RETURNING left it (#27.4: no second read); a replay's is read now.
    const stock = w
      ? w.stock
      : [...new Set(invoice.items.map((i) => i.product_id))].map((id) => ({ product_id: id, stock_qty: getProductRow(db, id)?.stock_qty ?? 0 }));
    // The plugins' declared keys (#29: what their charge kinds and saleRecorded hooks gave, e.g. gift_cards, loyalty).
    return reply.status(201).send({ ...result.extras, invoiceId: result.invoiceId, number: result.number, invoice, stock });
  });

  // The checkout's body priced, nothing written (#28.1): what the till and the customer display show before the sale.
  app.post('/api/checkout/quote', { schema: { body: CheckoutBody, response: { 200: CheckoutQuoteReply } } }, async (request) => ({
    quote: checkoutQuote(db, request.body, request.user.role),
  }));

  app.get('/api/invoices', { schema: { querystring: InvoiceListQuery, response: { 200: InvoiceListReply } }, config: { role: 'ADMIN' } }, async (request) => {
    const q = request.query;
    const { page, pageSize, limit, offset } = paging(q);
    const method = q.method === 'CARD' ? 'NETS' : ((q.method || undefined) as InvoiceMethod | undefined);
    const { rows, total } = repo.list(
      { status: q.status || undefined, method, search: q.search, from: q.from, to: q.to, customerId: q.customerId },
      limit,
      offset,
    );
    return { invoices: rows.map(invoiceSummaryJson), pagination: { page, pageSize, total } };
  });

  app.get('/api/invoices/:id', { schema: { params: IdParams, response: { 200: InvoiceReply } }, config: { role: 'ADMIN' } }, async (request) => ({
    invoice: fullInvoice(request.params.id),
  }));

  app.post(
    '/api/invoices/:id/payments',
    { schema: { params: IdParams, body: PaymentBody, response: { 201: InvoiceReply } }, config: { role: 'ADMIN' } },
    async (request, reply) => {
      recordInvoicePayment(db, request.params.id, request.body, { userId: request.user.id, timeZone, till: tillOf(request) });
      return reply.status(201).send({ invoice: fullInvoice(request.params.id) });
    },
  );

  app.post(
    '/api/invoices/:id/void',
    { schema: { params: IdParams, body: VoidBody, response: { 200: InvoiceReply } }, config: { role: 'ADMIN' } },
    async (request) => {
      voidInvoice(db, request.params.id, request.body.reason, { userId: request.user.id, timeZone, till: tillOf(request) });
      return { invoice: fullInvoice(request.params.id) };
    },
  );

  app.post(
    '/api/customers/:id/payments',
    { schema: { params: IdParams, body: PaymentBody, response: { 201: CustomerPaymentReply } } },
    async (request, reply) => {
      const r = recordCustomerPayment(db, request.params.id, request.body, { userId: request.user.id, timeZone, till: tillOf(request) });
      return reply.status(201).send({
        payment: { id: r.paymentId, customer_id: r.customerId, method: r.method, amount: toDollars(r.amountCents), reference: r.reference, date: r.paidAt },
        allocations: r.allocations.map((a) => ({ invoice_id: a.invoice_id, number: a.number, amount: toDollars(a.amountCents) })),
        outstanding_balance: toDollars(r.outstandingCents),
      });
    },
  );

  // Opened in a new tab by the till after checkout: any signed-in user, session cookie accepted. Drawn on a
  // worker (worker.ts, #27): a long invoice takes seconds to lay out, and the tills must not wait for it.
  app.get('/api/invoices/:id/pdf', { schema: { params: IdParams, querystring: PdfQuery }, config: { cookieAuth: true } }, async (request, reply) => {
    const id = request.params.id;
    invoiceRow(id); // the 404 comes from here, before any worker is asked
    const format = request.query.format === 'receipt' ? 'receipt' : 'invoice';
    const sections = format === 'receipt' ? receiptSectionsOf(db, app.pluginHooks.receiptSections, id) : [];
    const { bytes, filename } = await app.offload.run('sales.invoicePdf', { id, format, timeZone, sections });
    return sendPdf(reply, asBuffer(bytes), filename);
  });

  // A statement lists every open invoice (pages grow with the customer's history): made on a worker (worker.ts).
  app.get('/api/invoices/customer/:id/outstanding-pdf', { schema: { params: IdParams }, config: { cookieAuth: true } }, async (request, reply) => {
    const { bytes, filename } = await app.offload.run('sales.statementPdf', { customerId: request.params.id, timeZone });
    return sendPdf(reply, asBuffer(bytes), filename);
  });
};

export default routes;
