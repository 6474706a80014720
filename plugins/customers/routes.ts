// Customer routes: list/search, detail with open invoices, add, edit (credit terms are ADMIN-only).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, paging } from '../../core/schemas.js';
import { forbidden, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/db.js';
import { customersRepo } from './repo.js';
import { CreateCustomerBody, CustomerDetail, CustomerDetailReply, CustomerListQuery, CustomerListReply, CustomerReply, UpdateCustomerBody } from './schemas.js';
import { customerJson, openInvoiceJson } from './serialize.js';
import { changesCredit, fieldsForCreate, fieldsForUpdate } from './input.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const repo = customersRepo(app.db);
  // Other plugins' fields of the detail (#29 loyalty's points), merged in by key; one of our own keys is refused at start.
  const pluginFields = Object.entries(app.pluginHooks.customerFields);
  for (const [key] of pluginFields) {
    if (key in CustomerDetail.properties) throw new Error(`Customer field "${key}" of a plugin clashes with the customer's own field`);
  }

  const mustGet = (id: number) => {
    const row = repo.get(id);
    if (!row) throw notFound('Customer');
    return row;
  };

  app.get('/api/customers', { schema: { querystring: CustomerListQuery, response: { 200: CustomerListReply } } }, async (request) => {
    const { page, pageSize, limit, offset } = paging(request.query);
    const { rows, total } = repo.list({ search: request.query.search, limit, offset });
    return { customers: rows.map(customerJson), pagination: { page, pageSize, total } };
  });

  app.get('/api/customers/:id', { schema: { params: IdParams, response: { 200: CustomerDetailReply } } }, async (request) => {
    const row = mustGet(request.params.id);
    const extra = Object.fromEntries(pluginFields.map(([key, field]) => [key, field(app.db, row.id)]));
    return { customer: { ...customerJson(row), outstanding_invoices: repo.openInvoices(row.id).map(openInvoiceJson), ...extra } };
  });

  app.post('/api/customers', { schema: { body: CreateCustomerBody, response: { 201: CustomerReply } } }, async (request, reply) => {
    const fields = fieldsForCreate(request.body);
    // Staff may add customers, but granting credit is the owner's decision (as on edit).
    if (request.user.role !== 'ADMIN' && (fields.credit_limit_cents !== 0 || fields.credit_terms_days !== 0)) {
      throw forbidden('Only an admin can give a customer credit: add the customer with credit limit 0 and credit terms 0 days, and ask an admin to set credit');
    }
    const id = repo.insert(fields, nowIso());
    return reply.status(201).send({ customer: customerJson(mustGet(id)) });
  });

  app.patch('/api/customers/:id', { schema: { params: IdParams, body: UpdateCustomerBody, response: { 200: CustomerReply } } }, async (request) => {
    const row = mustGet(request.params.id);
    const next = fieldsForUpdate(row, request.body);
    if (request.user.role !== 'ADMIN' && changesCredit(row, next)) {
      throw forbidden('Only an admin can change the credit limit or credit terms');
    }
    repo.update(row.id, next, nowIso());
    return { customer: customerJson(mustGet(row.id)) };
  });
};

export default routes;
