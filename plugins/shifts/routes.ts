// Shift routes. Any signed-in user runs their till's shift: open, current, pay in/out, X report, close, and
// the closed shift's Z report and its 80 mm print (the cashier prints the Z at close and bags it with the
// cash). The list of every till's shifts with their variances is the owner's (ADMIN).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { toDollars } from '../../core/money.js';
import { asBuffer } from '../../core/offload/task-types.js';
import { IdParams, paging } from '../../core/schemas.js';
import { addCashMovement } from './actions/add-cash-movement.js';
import { closeShift } from './actions/close-shift.js';
import { openShift } from './actions/open-shift.js';
import { shiftReport } from './report.js';
import { heldSalesAt, holdSale, resumeHeldSale } from './held-sales.js';
import { shiftsRepo } from './repo.js';
import type { FastifyRequest } from 'fastify';
import { tillOf } from '../../core/till-header.js';
import type { TillCaller } from './actions/till-check.js';
import {
  HeldSaleListReply,
  HeldSaleReply,
  HoldSaleBody,
  CashMovementBody,
  CashMovementReply,
  CloseShiftBody,
  CurrentShiftQuery,
  CurrentShiftReply,
  OpenShiftBody,
  ShiftListQuery,
  ShiftListReply,
  ShiftReply,
  ShiftReportReply,
} from './schemas.js';
import { movementJson, shiftJson } from './shift-json.js';
import tillReceiptsRoutes from './till-receipts-routes.js';

const ADMIN = { role: 'ADMIN' as const };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = shiftsRepo(db);
  const timeZone = app.config.timeZone;
  await app.register(tillReceiptsRoutes);

  const caller = (request: FastifyRequest): TillCaller => ({ userId: request.user.id, role: request.user.role, till: tillOf(request) });
  const shiftRow = (id: number) => {
    const row = repo.get(id);
    if (!row) throw notFound('Shift');
    return row;
  };

  app.post('/api/shifts', { schema: { body: OpenShiftBody, response: { 201: ShiftReply } } }, async (request, reply) => {
    const id = openShift(db, request.body, request.user.id, timeZone);
    return reply.status(201).send({ shift: shiftJson(shiftRow(id)) });
  });

  app.get('/api/shifts/current', { schema: { querystring: CurrentShiftQuery, response: { 200: CurrentShiftReply } } }, async (request) => {
    const row = repo.openAt(request.query.till);
    return { shift: row ? shiftJson(row) : null };
  });

  app.get('/api/shifts', { schema: { querystring: ShiftListQuery, response: { 200: ShiftListReply } }, config: ADMIN }, async (request) => {
    const q = request.query;
    const { page, pageSize, limit, offset } = paging(q);
    const { rows, total } = repo.list({ till: q.till, status: q.status || undefined }, limit, offset);
    return { shifts: rows.map(shiftJson), pagination: { page, pageSize, total } };
  });

  app.post(
    '/api/shifts/:id/cash-movements',
    { schema: { params: IdParams, body: CashMovementBody, response: { 201: CashMovementReply } } },
    async (request, reply) => {
      const r = addCashMovement(db, request.params.id, request.body, caller(request), timeZone);
      const movement = repo.movements(request.params.id).find((m) => m.id === r.id)!;
      return reply.status(201).send({ movement: movementJson(movement), expected_cash: toDollars(r.expectedCents) });
    },
  );

  app.get('/api/shifts/:id/x-report', { schema: { params: IdParams, response: { 200: ShiftReportReply } } }, async (request) => ({
    report: shiftReport(db, shiftRow(request.params.id)),
  }));

  app.post('/api/shifts/:id/close', { schema: { params: IdParams, body: CloseShiftBody, response: { 200: ShiftReportReply } } }, async (request) => {
    closeShift(db, request.params.id, request.body, caller(request));
    return { report: shiftReport(db, shiftRow(request.params.id)) };
  });

  app.get('/api/shifts/:id/z-report', { schema: { params: IdParams, response: { 200: ShiftReportReply } } }, async (request) => {
    const row = shiftRow(request.params.id);
    if (row.status !== 'CLOSED') throw conflict('SHIFT_OPEN', `The shift of ${row.till} is still open: its Z report comes when it closes (see the X report)`);
    return { report: shiftReport(db, row) };
  });

  // Held sales (#26.5): a till parks carts under a name or number and resumes them; each till sees only its own.
  const tillRequired = (request: FastifyRequest): string => {
    const till = tillOf(request);
    if (!till) throw badRequest('X-Kedai-Till: held sales belong to a till; send its name', 'X-Kedai-Till');
    return till;
  };

  app.post('/api/held-sales', { schema: { body: HoldSaleBody, response: { 201: HeldSaleReply } } }, async (request, reply) => {
    const held = holdSale(db, tillRequired(request), request.body, request.user.id);
    return reply.status(201).send({ held_sale: held });
  });

  app.get('/api/held-sales', { schema: { response: { 200: HeldSaleListReply } } }, async (request) => ({ held_sales: heldSalesAt(db, tillRequired(request)) }));

  // Resume: the held sale comes back and is gone from the list, in one step (404 if unknown or another till's).
  app.delete('/api/held-sales/:id', { schema: { params: IdParams, response: { 200: HeldSaleReply } } }, async (request) => ({
    held_sale: resumeHeldSale(db, tillRequired(request), request.params.id),
  }));

  // Opened in a new tab (or a hidden frame) to print: the session cookie is accepted. X while open, Z once closed.
  // Figures and PDF are made on a worker (worker.ts, #27); the 404 comes from here first.
  app.get('/api/shifts/:id/report.pdf', { schema: { params: IdParams }, config: { cookieAuth: true } }, async (request, reply) => {
    const { id } = shiftRow(request.params.id);
    const { bytes, filename } = await app.offload.run('shifts.reportPdf', { id, timeZone });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(asBuffer(bytes));
  });
};

export default routes;
