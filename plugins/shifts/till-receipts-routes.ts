// The till's receipts (#26.4): any signed-in user lists the sales of their till's open shift, reprints them (through
// sales' print routes) and voids one here. A USER's void needs a manager's approval typed in place (the same check as
// a discount's: an active ADMIN's password, counted like a sign-in); an ADMIN's needs none. The void itself is sales'
// voidInvoice, so money, stock and ledger move exactly as for the back office's void, paid from this till's drawer.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { writeTx } from '../../core/db.js';
import { AppError, badRequest, conflict, notFound } from '../../core/errors.js';
import { IdParams } from '../../core/schemas.js';
import { tillOf } from '../../core/till-header.js';
import { InvoiceReply, invoiceReply, invoiceRow, tillSales, TillReceiptsReply, TillVoidBody, voidInvoice } from '../sales/api.js';
import { shiftsRepo, type ShiftRow } from './repo.js';

/** 403 APPROVAL_REQUIRED: a USER voided without a manager's approval; the till then asks for it in place. */
export const VOID_APPROVAL_REQUIRED = "Voiding a sale needs a manager's approval";

const tillReceiptsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = shiftsRepo(db);
  const timeZone = app.config.timeZone;

  /** The request's till and its open shift: 400 without X-Kedai-Till, 409 NO_OPEN_SHIFT when none is open. */
  const openShiftOf = (request: FastifyRequest): { till: string; shift: ShiftRow } => {
    const till = tillOf(request);
    if (!till) throw badRequest("X-Kedai-Till: the receipts are a till's; send its name", 'X-Kedai-Till');
    const shift = repo.openAt(till);
    if (!shift) throw conflict('NO_OPEN_SHIFT', `${till} has no open shift: its receipts are those of the open shift`, { till });
    return { till, shift };
  };

  app.get('/api/till/receipts', { schema: { response: { 200: TillReceiptsReply } } }, async (request) => {
    const { till, shift } = openShiftOf(request);
    return { till, shift_id: shift.id, ...tillSales(db, till, shift.opened_at) };
  });

  /** 404 unless invoice `id` was taken at the request's till during its open shift (checked again inside the void's write). */
  const saleOfOpenShift = (request: FastifyRequest, id: number): string => {
    const { till, shift } = openShiftOf(request);
    const invoice = invoiceRow(db, id);
    // Another till's sale, an older shift's, or none: the same 404, so the till learns nothing of other sales.
    if (!invoice || invoice.till !== till || invoice.created_at < shift.opened_at) throw notFound("Sale of this till's open shift");
    return till;
  };

  app.post('/api/till/receipts/:id/void', { schema: { params: IdParams, body: TillVoidBody, response: { 200: InvoiceReply } } }, async (request) => {
    const id = request.params.id;
    if (!request.body.reason.trim()) throw badRequest('reason is required', 'reason');
    saleOfOpenShift(request, id);
    let approvedBy: number | null = null;
    if (request.user.role !== 'ADMIN') {
      const { approval } = request.body;
      if (!approval) throw new AppError(403, 'APPROVAL_REQUIRED', VOID_APPROVAL_REQUIRED);
      // Checked before the void's write lock is taken (scrypt is slow); wrong: 403, counted like a failed sign-in.
      approvedBy = app.approveAsManager(request.ip, approval.username, approval.password).id;
    }
    // The shift may have closed while the password was checked: checked again in the void's own transaction.
    writeTx(db, () => {
      const till = saleOfOpenShift(request, id);
      voidInvoice(db, id, request.body.reason, { userId: request.user.id, timeZone, till, approvedBy });
    });
    return { invoice: invoiceReply(db, id) };
  });
};

export default tillReceiptsRoutes;
