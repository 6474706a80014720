// Applies (part of) a credit note to an invoice in one transaction: a CREDIT_NOTE payment on the invoice
// (sales' trigger moves it to PARTIAL/PAID, and the customer's balance follows through the views), the
// note's applied amount raised by a conditional UPDATE (so concurrent applications never over-apply),
// USED when nothing is left, and an application row linking the two.
import type { Db } from '../../../core/db.js';
import { writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { formatMoney } from '../../../core/money.js';
import { insertInvoicePayment, invoiceRow } from '../../sales/api.js';
import { creditNotesRepo, type CreditNoteRow } from '../repo.js';
import { pickedId, positiveCents } from '../../../core/lenient-input.js';
import { localDate } from '../../../core/clock.js';
import { postEntries } from '../../ledger/api.js';

export const SELECT_INVOICE = 'Please select an invoice';
export const INVALID_AMOUNT = 'Please enter a valid amount';
export const NOT_ACTIVE = 'Only active credit notes can be applied';

export interface ApplyInput {
  credit_note_id?: unknown;
  invoice_id?: unknown;
  amount?: unknown;
  notes?: string | null;
}

export interface ApplyResult {
  noteId: number;
  invoiceId: number;
  applicationId: number;
  paymentId: number;
}

/** Who applies a note, when, where, and the shop's time zone (the ledger's business date). */
export interface ApplyContext {
  userId: number | null;
  timeZone: string;
  at?: Date;
  till?: string | null;
  notes?: string | null;
}

/** Applies note `noteId` to the body's invoice; 400/404/409 with the spec's messages, nothing written on failure. */
export function applyCreditNote(db: Db, noteId: number, body: ApplyInput, ctx: ApplyContext): ApplyResult {
  const repo = creditNotesRepo(db);
  if (body.credit_note_id !== undefined && body.credit_note_id !== null && pickedId(body.credit_note_id) !== noteId) {
    throw badRequest('credit_note_id must match the credit note being applied', 'credit_note_id');
  }
  const invoiceId = pickedId(body.invoice_id);
  if (invoiceId === null) throw badRequest(SELECT_INVOICE, 'invoice_id');
  const amount = positiveCents(body.amount);
  if (amount === null) throw badRequest(INVALID_AMOUNT, 'amount');

  return writeTx(db, () => {
    const note = repo.get(noteId);
    if (!note) throw notFound('Credit note');
    return applyToInvoice(db, note, invoiceId, amount, { ...ctx, notes: body.notes?.trim() || null });
  });
}

/** Spends part of a note on an invoice after its sale (the Apply modal, a return credited to the account), with its ledger row. */
export function applyToInvoice(db: Db, note: CreditNoteRow, invoiceId: number, amount: number, ctx: ApplyContext): ApplyResult {
  const at = ctx.at ?? new Date();
  const spent = spendCreditNote(db, note, invoiceId, amount, { userId: ctx.userId, at, notes: ctx.notes ?? null });
  postEntries(db, [
    {
      kind: 'CN_REDEEM',
      method: 'CREDIT_NOTE',
      amountCents: amount,
      till: ctx.till ?? null,
      invoiceId,
      creditNoteId: note.id,
      userId: ctx.userId,
      at: at.toISOString(),
      businessDate: localDate(at, ctx.timeZone),
      reference: note.number,
    },
  ]);
  return spent;
}

/** Where an error points: the apply route's fields, or a checkout payment's (`payments.N.reference` / `.amount`). */
interface SpendFields {
  note?: string;
  amount: string;
}

/**
 * Spends `amount` of `note` on invoice `invoiceId` inside the caller's transaction: the CREDIT_NOTE payment,
 * the conditional raise of applied_cents (USED when spent) and the application row. The one place these
 * rules live, for the Apply modal and for a credit note tendered at checkout.
 */
export function spendCreditNote(
  db: Db,
  note: CreditNoteRow,
  invoiceId: number,
  amount: number,
  ctx: {
    userId: number | null;
    at: Date;
    notes: string | null;
    fields?: SpendFields;
    /** At checkout, sales writes the sale's payment (the tender rule, #29); elsewhere (Apply) this writes it through sales' api. */
    recordPayment?: () => number;
  },
): ApplyResult {
  if (!db.inTransaction) throw new Error('spendCreditNote must run inside a write transaction');
  const repo = creditNotesRepo(db);
  const fields = ctx.fields ?? { amount: 'amount' };
  const at = (f?: string) => (f ? { field: f } : {});
  if (note.status !== 'ACTIVE') throw conflict('CREDIT_NOTE_NOT_ACTIVE', NOT_ACTIVE, { ...at(fields.note), status: note.status });
  const invoice = invoiceRow(db, invoiceId);
  if (!invoice) throw notFound('Invoice');
  if (invoice.payment_status === 'VOID') throw conflict('INVOICE_VOID', 'Cannot apply a credit note to a void invoice');
  // A customer's note is that customer's money: it pays only their invoices. A walk-in's note (its
  // invoice had no customer) is redeemed by whoever holds it, so it may pay any invoice.
  if (note.customer_id !== null && invoice.customer_id !== note.customer_id) {
    throw conflict(
      'CREDIT_NOTE_OTHER_CUSTOMER',
      `Credit note ${note.number} was issued to ${note.invoice_customer_name}; it can only be applied to that customer's invoices`,
      at(fields.note),
    );
  }
  const available = note.amount_cents - note.applied_cents;
  if (amount > available) {
    throw conflict('AMOUNT_TOO_LARGE', `Amount exceeds available credit. Available: ${formatMoney(available)}`, {
      ...at(fields.amount),
      available: available / 100,
    });
  }
  const outstanding = invoice.grand_total_cents - invoice.paid_cents;
  if (amount > outstanding) {
    throw conflict('AMOUNT_TOO_LARGE', `Amount exceeds outstanding balance. Outstanding: ${formatMoney(outstanding)}`, {
      ...at(fields.amount),
      outstanding: outstanding / 100,
    });
  }
  // Checked again by the UPDATE itself: it changes nothing unless the note is still ACTIVE with enough left.
  if (!repo.apply(note.id, amount)) {
    const now = repo.get(note.id)!;
    if (now.status !== 'ACTIVE') throw conflict('CREDIT_NOTE_NOT_ACTIVE', NOT_ACTIVE, at(fields.note));
    throw conflict('AMOUNT_TOO_LARGE', `Amount exceeds available credit. Available: ${formatMoney(now.amount_cents - now.applied_cents)}`, at(fields.amount));
  }
  const appliedAt = ctx.at.toISOString();
  const paymentId = ctx.recordPayment
    ? ctx.recordPayment()
    : insertInvoicePayment(db, {
        invoice_id: invoiceId,
        method: 'CREDIT_NOTE',
        amount_cents: amount,
        reference: note.number,
        paid_at: appliedAt,
        created_by: ctx.userId,
        customer_payment_id: null,
      });
  const applicationId = repo.insertApplication({
    note_id: note.id,
    invoice_id: invoiceId,
    payment_id: paymentId,
    amount_cents: amount,
    notes: ctx.notes,
    applied_at: appliedAt,
    created_by: ctx.userId,
  });
  return { noteId: note.id, invoiceId, applicationId, paymentId };
}
