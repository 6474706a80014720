// Credit-note routes (ADMIN): list, detail, manual note, apply to an invoice, the invoices a note can be
// applied to, and the GST credit note PDF. Mounted under /api/returns/credit-notes (the spec's paths).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../core/errors.js';
import { asBuffer } from '../../core/offload/task-types.js';
import { IdParams, paging } from '../../core/schemas.js';
import { toDollars } from '../../core/money.js';
import { invoiceReply, tillOf } from '../sales/api.js';
import { applyCreditNote } from './actions/apply-credit-note.js';
import { createManualCreditNote } from './actions/create-manual-credit-note.js';
import { lookUpNote } from './lookup.js';
import { bearerNoteRefJson, creditNoteJson, openInvoiceJson } from './credit-note-json.js';
import { creditNotesRepo } from './repo.js';
import {
  AppliedReply,
  ApplyCreditNoteBody,
  NoteCodeParams,
  NoteNumberParams,
  CreateCreditNoteBody,
  CreditNoteListQuery,
  CreditNoteListReply,
  CreditNoteLookupReply,
  CreditNoteReply,
  OpenInvoiceListReply,
  OpenInvoicesQuery,
} from './schemas.js';

const ADMIN = { role: 'ADMIN' as const };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = creditNotesRepo(db);
  const timeZone = app.config.timeZone;

  const noteRow = (id: number) => {
    const row = repo.get(id);
    if (!row) throw notFound('Credit note');
    return row;
  };
  const fullNote = (id: number) => creditNoteJson(noteRow(id), repo.lines(id), repo.applications(id));

  app.get(
    '/api/returns/credit-notes',
    { schema: { querystring: CreditNoteListQuery, response: { 200: CreditNoteListReply } }, config: ADMIN },
    async (request) => {
      const q = request.query;
      const { page, pageSize, limit, offset } = paging(q);
      const { rows, total, summary } = repo.list({ status: q.status || undefined, search: q.search }, limit, offset);
      return {
        credit_notes: rows.map((r) => creditNoteJson(r, repo.lines(r.id), repo.applications(r.id))),
        pagination: { page, pageSize, total },
        summary: {
          total: summary.total,
          active: summary.active,
          available: toDollars(summary.available_cents),
          applied: toDollars(summary.applied_cents),
        },
      };
    },
  );

  // The Apply modal's picker: invoices that still owe something (not PAID, not VOID), newest first. Given the
  // note (credit_note_id), only the invoices it may pay: its customer's, or any for a walk-in's note.
  app.get(
    '/api/returns/credit-notes/invoices',
    { schema: { querystring: OpenInvoicesQuery, response: { 200: OpenInvoiceListReply } }, config: ADMIN },
    async (request) => {
      const { page, pageSize, limit, offset } = paging(request.query);
      const noteId = request.query.credit_note_id;
      const customerId = noteId === undefined ? undefined : (noteRow(noteId).customer_id ?? undefined);
      const { rows, total } = repo.openInvoices(request.query.search, limit, offset, customerId);
      return { invoices: rows.map(openInvoiceJson), pagination: { page, pageSize, total } };
    },
  );

  // The till's lookup when a note is tendered or scanned (any signed-in user): the note with what is left on it,
  // by the code on its slip or its number. Failed look-ups are rate-limited like sign-ins (lookup.ts). A USER
  // giving a walk-in's number alone learns which note it is but not its worth: that note spends by its code (#25).
  app.get(
    '/api/returns/credit-notes/by-number/:number',
    { schema: { params: NoteNumberParams, response: { 200: CreditNoteLookupReply } } },
    async (request) => {
      const { note, by } = lookUpNote(db, request.params.number, request.ip);
      if (by === 'number' && note.customer_id === null && request.user.role !== 'ADMIN') return { credit_note: bearerNoteRefJson(note) };
      return { credit_note: fullNote(note.id) };
    },
  );

  app.get('/api/returns/credit-notes/:id', { schema: { params: IdParams, response: { 200: CreditNoteReply } }, config: ADMIN }, async (request) => ({
    credit_note: fullNote(request.params.id),
  }));

  app.post(
    '/api/returns/credit-notes',
    { schema: { body: CreateCreditNoteBody, response: { 201: CreditNoteReply } }, config: ADMIN },
    async (request, reply) => {
      const issued = createManualCreditNote(db, request.body, { userId: request.user.id, timeZone });
      return reply.status(201).send({ credit_note: fullNote(issued.id) });
    },
  );

  app.post(
    '/api/returns/credit-notes/:id/apply',
    { schema: { params: IdParams, body: ApplyCreditNoteBody, response: { 200: AppliedReply } }, config: ADMIN },
    async (request) => {
      const r = applyCreditNote(db, request.params.id, request.body, { userId: request.user.id, timeZone, till: tillOf(request) });
      return { credit_note: fullNote(r.noteId), invoice: invoiceReply(db, r.invoiceId) };
    },
  );

  // Drawn on a worker (worker.ts, #27): the tills never wait for a PDF. The note was found (and the caller checked) here.
  const sendPdf = async (note: ReturnType<typeof noteRow>, reply: FastifyReply) => {
    const { bytes, filename } = await app.offload.run('creditNotes.pdf', { id: note.id, timeZone });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(asBuffer(bytes));
  };

  // Opened in a new tab: the session cookie is accepted.
  app.get('/api/returns/credit-notes/:id/pdf', { schema: { params: IdParams }, config: { ...ADMIN, cookieAuth: true } }, async (request, reply) =>
    sendPdf(noteRow(request.params.id), reply),
  );

  // The slip the till prints for the customer right after a return (any signed-in user): only by the note's code,
  // which the return's reply gave the till, so no one prints another's note by guessing ids or numbers (#25).
  app.get('/api/returns/credit-notes/slip/:code', { schema: { params: NoteCodeParams }, config: { cookieAuth: true } }, async (request, reply) => {
    const { note, by } = lookUpNote(db, request.params.code, request.ip);
    if (by !== 'code') throw notFound('Credit note');
    return sendPdf(note, reply);
  });
};

export default routes;
