// Processes a return in ONE transaction: checks what is still returnable on each line (across every earlier
// return), puts the goods back in stock (RETURN movements), writes the return rows (COMPLETED) and issues
// one ACTIVE credit note for their total, GST included. The server prices the refund; the client's
// refund_amount and original_qty are ignored.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { localDate } from '../../../core/clock.js';
import { pickedId } from '../../../core/lenient-input.js';
import { moveStock } from '../../inventory/api.js';
import { invoiceRow } from '../../sales/api.js';
import { issueCreditNote } from '../../credit-notes/api.js';
import { lineShares, returnRefund } from '../refund.js';
import { RETURN_REASONS, returnsRepo, type ReturnReason } from '../repo.js';

export const SELECT_INVOICE = 'Please select an invoice';
export const SELECT_ITEMS = 'Please select items to return by entering quantities greater than 0';
export const REASONS_REQUIRED = 'Please provide return reasons for all items';

export interface ReturnItemInput {
  product_id?: unknown;
  invoice_line_id?: unknown;
  original_qty?: unknown;
  returned_qty?: number | null;
  return_reason?: string | null;
  refund_amount?: unknown;
}

export interface ReturnInput {
  invoice_id?: unknown;
  items?: ReturnItemInput[];
  notes?: string | null;
}

export interface ReturnResult {
  returnIds: string[];
  creditNoteId: number;
}

interface Wanted {
  field: string;
  productId: number | null;
  lineId: number | null;
  qty: number;
  reason: ReturnReason;
}

/** Checks the request without the database (so a bad request never takes the write lock). */
function readRequest(body: ReturnInput): { invoiceId: number; wanted: Wanted[] } {
  const invoiceId = pickedId(body.invoice_id);
  if (invoiceId === null) throw badRequest(SELECT_INVOICE, 'invoice_id');
  const chosen = (body.items ?? []).map((item, i) => ({ item, i })).filter(({ item }) => (item.returned_qty ?? 0) > 0);
  if (chosen.length === 0) throw badRequest(SELECT_ITEMS, 'items');
  const wanted = chosen.map(({ item, i }) => {
    const field = `items.${i}`;
    const reason = item.return_reason?.trim() ?? '';
    if (!reason) throw badRequest(REASONS_REQUIRED, `${field}.return_reason`);
    if (!(RETURN_REASONS as readonly string[]).includes(reason)) {
      throw badRequest(`Return reason must be one of: ${RETURN_REASONS.join(', ')}`, `${field}.return_reason`);
    }
    const productId = pickedId(item.product_id);
    const lineId = pickedId(item.invoice_line_id);
    if (productId === null && lineId === null) throw badRequest(`${field}.product_id is required`, `${field}.product_id`);
    return { field, productId, lineId, qty: item.returned_qty!, reason: reason as ReturnReason };
  });
  return { invoiceId, wanted };
}

/** Processes a return; 400/404/409 (VOID invoice, more than is left to return) and nothing written on failure. */
export function createReturn(db: Db, body: ReturnInput, ctx: { userId: number | null; timeZone: string; at?: Date }): ReturnResult {
  const { invoiceId, wanted } = readRequest(body);
  const repo = returnsRepo(db);
  const notes = body.notes?.trim() || null;
  const at = ctx.at ?? new Date();

  return writeTx(db, () => {
    const invoice = invoiceRow(db, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.payment_status === 'VOID') throw conflict('INVOICE_VOID', 'Cannot return items from a void invoice');
    const lines = repo.linesWithReturned(invoiceId);
    const shares = lineShares(invoice, lines);
    // Returned so far per line, raised as this request's items are taken (two items may name one line).
    const returned = new Map(lines.map((l) => [l.id, l.returned_qty]));

    const planned = wanted.map((w) => {
      const line = w.lineId !== null ? lines.find((l) => l.id === w.lineId) : lines.find((l) => l.product_id === w.productId);
      if (!line) {
        throw w.lineId !== null
          ? badRequest(`Invoice line ${w.lineId} is not on invoice ${invoice.number}`, `${w.field}.invoice_line_id`)
          : badRequest(`Product ${w.productId} is not on invoice ${invoice.number}`, `${w.field}.product_id`);
      }
      if (w.productId !== null && w.productId !== line.product_id) {
        throw badRequest(`Invoice line ${line.id} is not for product ${w.productId}`, `${w.field}.product_id`);
      }
      const before = returned.get(line.id) ?? 0;
      const left = line.qty - before;
      if (w.qty > left) {
        throw conflict('RETURN_EXCEEDS_SOLD', `Cannot return ${w.qty} of ${line.description}: only ${left} of ${line.qty} left to return`, {
          field: `${w.field}.returned_qty`, invoice_line_id: line.id, returnable: left,
        });
      }
      returned.set(line.id, before + w.qty);
      const refund = returnRefund(shares.get(line.id)!, line.qty, before, w.qty);
      return { ...w, line, refund, id: randomUUID() };
    });

    const reasons = [...new Set(planned.map((p) => p.reason))];
    const note = issueCreditNote(db, {
      invoiceId,
      source: 'RETURN',
      reason: `Return: ${reasons.join(', ')}`,
      notes,
      lines: planned.map((p) => ({
        invoiceLineId: p.line.id, productId: p.line.product_id, description: p.line.description, qty: p.qty,
        amountCents: p.refund.netCents, taxCents: p.refund.taxCents,
      })),
      userId: ctx.userId,
      timeZone: ctx.timeZone,
      at,
    });

    const businessDate = localDate(at, ctx.timeZone);
    for (const p of planned) {
      repo.insert({
        id: p.id,
        invoice_id: invoiceId,
        invoice_line_id: p.line.id,
        product_id: p.line.product_id,
        original_qty: p.line.qty,
        returned_qty: p.qty,
        reason: p.reason,
        refund_cents: p.refund.netCents + p.refund.taxCents,
        tax_cents: p.refund.taxCents,
        status: 'COMPLETED',
        notes,
        credit_note_id: note.id,
        business_date: businessDate,
        created_by: ctx.userId,
        created_at: at.toISOString(),
      });
      moveStock(db, {
        productId: p.line.product_id, delta: p.qty, reason: 'RETURN', refType: 'return', refId: p.id, userId: ctx.userId,
        note: `${invoice.number} return (${p.reason}), ${note.number}`,
      });
    }
    return { returnIds: planned.map((p) => p.id), creditNoteId: note.id };
  });
}
