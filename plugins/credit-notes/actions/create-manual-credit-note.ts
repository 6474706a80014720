// A credit note issued by hand against an invoice (a price adjustment, goodwill): the amount includes GST,
// split in the invoice's own GST proportion so the note shows the tax it gives back.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { mulDivHalfUp } from '../../../core/money.js';
import { invoiceRow } from '../../sales/api.js';
import { pickedId, positiveCents } from '../../../core/lenient-input.js';
import { issueCreditNote, type IssuedCreditNote } from './issue-credit-note.js';
import { INVALID_AMOUNT, SELECT_INVOICE } from './apply-credit-note.js';

export const REASON_REQUIRED = 'Please provide a reason';

export interface ManualNoteInput {
  invoice_id?: unknown;
  amount?: unknown;
  reason?: string | null;
  notes?: string | null;
}

/** Issues a MANUAL credit note; 400 bad input, 404 unknown invoice, 409 VOID invoice or above what is left creditable. */
export function createManualCreditNote(db: Db, body: ManualNoteInput, ctx: { userId: number | null; timeZone: string; at?: Date }): IssuedCreditNote {
  const invoiceId = pickedId(body.invoice_id);
  if (invoiceId === null) throw badRequest(SELECT_INVOICE, 'invoice_id');
  const amount = positiveCents(body.amount);
  if (amount === null) throw badRequest(INVALID_AMOUNT, 'amount');
  const reason = body.reason?.trim();
  if (!reason) throw badRequest(REASON_REQUIRED, 'reason');
  return writeTx(db, () => {
    const invoice = invoiceRow(db, invoiceId);
    if (!invoice) throw notFound('Invoice');
    const tax = invoice.grand_total_cents > 0 ? mulDivHalfUp(amount, invoice.tax_total_cents, invoice.grand_total_cents) : 0;
    return issueCreditNote(db, {
      invoiceId,
      source: 'MANUAL',
      reason,
      notes: body.notes,
      lines: [{ invoiceLineId: null, productId: null, description: reason, qty: 1, amountCents: amount - tax, taxCents: tax }],
      userId: ctx.userId,
      timeZone: ctx.timeZone,
      at: ctx.at,
    });
  });
}
