// Issues a credit note against an invoice: the seam returns uses (inside its own transaction) and the
// manual credit note route uses (inside one of its own). It never opens a transaction itself.
import type { Db } from '../../../core/db.js';
import { conflict, notFound } from '../../../core/errors.js';
import { localDate } from '../../../core/clock.js';
import { formatMoney } from '../../../core/money.js';
import { creditNotesRepo, type CreditNoteSource } from '../repo.js';
import { creditNoteNumber } from '../numbering.js';
import { postEntries } from '../../ledger/api.js';

export interface CreditNoteLineInput {
  invoiceLineId: number | null;
  productId: number | null;
  description: string;
  qty: number;
  /** Excluding GST. */
  amountCents: number;
  /** The GST on amountCents. */
  taxCents: number;
}

export interface IssueCreditNoteInput {
  invoiceId: number;
  source: CreditNoteSource;
  reason: string;
  notes?: string | null;
  lines: CreditNoteLineInput[];
  userId: number | null;
  timeZone: string;
  /** The note's time (default now); its shop-local date numbers it. */
  at?: Date;
  /** The till it was issued at (X-Kedai-Till), for the ledger. */
  till?: string | null;
}

export interface IssuedCreditNote {
  id: number;
  number: string;
  amountCents: number;
}

/**
 * Writes an ACTIVE credit note for the lines' total (GST included) in the caller's transaction.
 * 404 unknown invoice; 409 VOID invoice, or when the invoice's credit notes would exceed its grand total.
 */
export function issueCreditNote(db: Db, input: IssueCreditNoteInput): IssuedCreditNote {
  if (!db.inTransaction) throw new Error('issueCreditNote must run inside a write transaction');
  const repo = creditNotesRepo(db);
  const invoice = repo.invoice(input.invoiceId);
  if (!invoice) throw notFound('Invoice');
  if (invoice.payment_status === 'VOID') throw conflict('INVOICE_VOID', 'Cannot issue a credit note for a void invoice');
  const subtotal = input.lines.reduce((s, l) => s + l.amountCents, 0);
  const tax = input.lines.reduce((s, l) => s + l.taxCents, 0);
  const amount = subtotal + tax;
  // Never credit more than the customer was charged on this invoice, across all its notes.
  const creditable = invoice.grand_total_cents - repo.creditedOnInvoice(invoice.id);
  if (amount > creditable) {
    throw conflict('AMOUNT_TOO_LARGE', `Amount exceeds creditable balance. Creditable: ${formatMoney(Math.max(0, creditable))}`, {
      creditable: Math.max(0, creditable) / 100,
    });
  }
  const at = input.at ?? new Date();
  const businessDate = localDate(at, input.timeZone);
  const seq = repo.nextSeq(businessDate);
  const number = creditNoteNumber(businessDate, seq);
  const id = repo.insertNote({
    number,
    business_date: businessDate,
    seq,
    invoice_id: invoice.id,
    customer_id: invoice.customer_id,
    source: input.source,
    reason: input.reason,
    notes: input.notes?.trim() || null,
    subtotal_cents: subtotal,
    tax_cents: tax,
    amount_cents: amount,
    // A note worth nothing (free goods returned) has nothing left to apply.
    status: amount > 0 ? 'ACTIVE' : 'USED',
    created_by: input.userId,
    created_at: at.toISOString(),
  });
  postEntries(db, [
    {
      kind: 'CN_ISSUE',
      method: 'CREDIT_NOTE',
      amountCents: -amount,
      till: input.till ?? null,
      invoiceId: invoice.id,
      creditNoteId: id,
      userId: input.userId,
      at: at.toISOString(),
      businessDate,
      reference: number,
    },
  ]);
  for (const l of input.lines) {
    repo.insertLine({
      note_id: id,
      invoice_line_id: l.invoiceLineId,
      product_id: l.productId,
      description: l.description,
      qty: l.qty,
      amount_cents: l.amountCents,
      tax_cents: l.taxCents,
    });
  }
  return { id, number, amountCents: amount };
}
