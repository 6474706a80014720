// Purchasing routes (all ADMIN): suppliers, purchase orders, receiving against an order, and the PO PDF.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { IdParams, paging } from '../../core/schemas.js';
import { asBuffer } from '../../core/offload/task-types.js';
import { cancelPurchaseOrder } from './actions/cancel-purchase-order.js';
import { createPurchaseOrder } from './actions/create-purchase-order.js';
import { draftLowStockOrder } from './actions/draft-low-stock.js';
import { receivePurchaseOrder } from './actions/receive-purchase-order.js';
import { setStyleSupplier, styleSupplierOf } from './actions/style-supplier.js';
import { updatePurchaseOrder } from './actions/update-purchase-order.js';
import { createSupplier, updateSupplier } from './actions/save-supplier.js';
import { orderJson, orderSummaryJson, receiptJson, supplierJson } from './json.js';
import { lowStockItems } from './low-stock.js';
import { purchasingRepo } from './repo.js';
import {
  CancelBody,
  CreatePurchaseOrderBody,
  DraftLowStockBody,
  LowStockQuery,
  LowStockReply,
  CreateSupplierBody,
  PurchaseOrderListQuery,
  PurchaseOrderListReply,
  PurchaseOrderReply,
  ReceiveBody,
  ReceiveReply,
  SetStyleSupplierBody,
  StyleSupplierReply,
  UpdatePurchaseOrderBody,
  SupplierListQuery,
  SupplierListReply,
  SupplierReply,
  UpdateSupplierBody,
} from './schemas.js';

const ADMIN = { role: 'ADMIN' as const };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = purchasingRepo(db);
  const timeZone = app.config.timeZone;

  const supplierRow = (id: number) => {
    const row = repo.getSupplier(id);
    if (!row) throw notFound('Supplier');
    return row;
  };
  const orderRow = (id: number) => {
    const row = repo.getOrder(id);
    if (!row) throw notFound('Purchase order');
    return row;
  };
  const fullOrder = (id: number) => orderJson(orderRow(id), repo.lines(id), repo.receipts(id), repo.receiptLines(id), repo.history(id));

  app.get('/api/suppliers', { schema: { querystring: SupplierListQuery, response: { 200: SupplierListReply } }, config: ADMIN }, async (request) => {
    const { page, pageSize, limit, offset } = paging(request.query);
    const { rows, total } = repo.listSuppliers(request.query.search, limit, offset);
    return { suppliers: rows.map(supplierJson), pagination: { page, pageSize, total } };
  });

  app.post('/api/suppliers', { schema: { body: CreateSupplierBody, response: { 201: SupplierReply } }, config: ADMIN }, async (request, reply) => {
    const id = createSupplier(db, request.body);
    return reply.status(201).send({ supplier: supplierJson(supplierRow(id)) });
  });

  app.get('/api/suppliers/:id', { schema: { params: IdParams, response: { 200: SupplierReply } }, config: ADMIN }, async (request) => ({
    supplier: supplierJson(supplierRow(request.params.id)),
  }));

  app.patch(
    '/api/suppliers/:id',
    { schema: { params: IdParams, body: UpdateSupplierBody, response: { 200: SupplierReply } }, config: ADMIN },
    async (request) => {
      updateSupplier(db, request.params.id, request.body);
      return { supplier: supplierJson(supplierRow(request.params.id)) };
    },
  );

  app.get(
    '/api/purchase-orders',
    { schema: { querystring: PurchaseOrderListQuery, response: { 200: PurchaseOrderListReply } }, config: ADMIN },
    async (request) => {
      const q = request.query;
      const { page, pageSize, limit, offset } = paging(q);
      const { rows, total } = repo.listOrders({ status: q.status || undefined, supplierId: q.supplier_id }, limit, offset);
      return { purchase_orders: rows.map(orderSummaryJson), pagination: { page, pageSize, total } };
    },
  );

  app.post(
    '/api/purchase-orders',
    { schema: { body: CreatePurchaseOrderBody, response: { 201: PurchaseOrderReply } }, config: ADMIN },
    async (request, reply) => {
      const id = createPurchaseOrder(db, request.body, { userId: request.user.id, timeZone });
      return reply.status(201).send({ purchase_order: fullOrder(id) });
    },
  );

  app.get('/api/purchase-orders/:id', { schema: { params: IdParams, response: { 200: PurchaseOrderReply } }, config: ADMIN }, async (request) => ({
    purchase_order: fullOrder(request.params.id),
  }));

  // An OPEN order with nothing received: lines / expected_on / notes, one transaction, one history row.
  app.patch(
    '/api/purchase-orders/:id',
    { schema: { params: IdParams, body: UpdatePurchaseOrderBody, response: { 200: PurchaseOrderReply } }, config: ADMIN },
    async (request) => {
      updatePurchaseOrder(db, request.params.id, request.body, { userId: request.user.id });
      return { purchase_order: fullOrder(request.params.id) };
    },
  );

  app.post(
    '/api/purchase-orders/:id/receive',
    { schema: { params: IdParams, body: ReceiveBody, response: { 200: ReceiveReply } }, config: ADMIN },
    async (request) => {
      const receiptId = receivePurchaseOrder(db, request.params.id, request.body, { userId: request.user.id });
      const order = fullOrder(request.params.id);
      const receipt = repo.receipts(request.params.id).find((r) => r.id === receiptId)!;
      return { purchase_order: order, receipt: receiptJson(receipt, repo.receiptLines(request.params.id)) };
    },
  );

  app.post(
    '/api/purchase-orders/:id/cancel',
    { schema: { params: IdParams, body: CancelBody, response: { 200: PurchaseOrderReply } }, config: ADMIN },
    async (request) => {
      cancelPurchaseOrder(db, request.params.id);
      return { purchase_order: fullOrder(request.params.id) };
    },
  );

  // A static path: the router matches it before /:id.
  app.post(
    '/api/purchase-orders/low-stock',
    { schema: { body: DraftLowStockBody, response: { 201: PurchaseOrderReply } }, config: ADMIN },
    async (request, reply) => {
      const id = draftLowStockOrder(db, request.body, { userId: request.user.id, timeZone });
      return reply.status(201).send({ purchase_order: fullOrder(id) });
    },
  );

  // A style's default supplier (low stock drafts its sizes to it).
  app.get('/api/styles/:id/supplier', { schema: { params: IdParams, response: { 200: StyleSupplierReply } }, config: ADMIN }, async (request) => ({
    style_supplier: styleSupplierOf(db, request.params.id),
  }));

  app.put(
    '/api/styles/:id/supplier',
    { schema: { params: IdParams, body: SetStyleSupplierBody, response: { 200: StyleSupplierReply } }, config: ADMIN },
    async (request) => {
      setStyleSupplier(db, request.params.id, request.body.supplier_id);
      return { style_supplier: styleSupplierOf(db, request.params.id) };
    },
  );

  // Any signed-in user: the till shows the low-stock badge too. No costs in it.
  app.get('/api/reports/low-stock', { schema: { querystring: LowStockQuery, response: { 200: LowStockReply } } }, async (request) => {
    const items = lowStockItems(db, request.query.supplier_id);
    return { items, count: items.length };
  });

  // Opened in a new tab: the session cookie is accepted. Pages grow with the lines: made on a worker (worker.ts).
  app.get('/api/purchase-orders/:id/pdf', { schema: { params: IdParams }, config: { ...ADMIN, cookieAuth: true } }, async (request, reply) => {
    const { bytes, filename } = await app.offload.run('purchasing.orderPdf', { id: request.params.id });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(asBuffer(bytes));
  });
};

export default routes;
