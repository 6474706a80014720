// A credit note tendered at the till: checkout (in sales) calls this through the `tenders` hook of the
// credit-notes manifest, inside the sale's own transaction, after the invoice is written. It finds the
// note by its printed number and spends it with the Apply rules (spendCreditNote), so a note pays a sale
// exactly as it pays an invoice from the Credit Notes screen.
import type { Db } from '../../../core/db.js';
import { AppError } from '../../../core/errors.js';
import type { TenderRedemption } from '../../../core/plugin.js';
import { creditNotesRepo } from '../repo.js';
import { spendCreditNote } from './apply-credit-note.js';

/** Normalises a typed or scanned note number (case and spaces do not matter). */
export function noteNumberOf(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Spends the note numbered `r.reference` on the sale; 404 unknown number, 409 not ACTIVE / other customer / too much. */
export function redeemCreditNote(db: Db, r: TenderRedemption): { paymentId: number; reference: string } {
  const field = `${r.field}.reference`;
  const note = creditNotesRepo(db).byNumber(noteNumberOf(r.reference));
  if (!note) throw new AppError(404, 'NOT_FOUND', `Credit note ${r.reference} not found`, { field });
  const spent = spendCreditNote(db, note, r.invoiceId, r.amountCents, {
    userId: r.userId, at: r.at, notes: 'Tendered at the till', fields: { note: field, amount: `${r.field}.amount` },
  });
  return { paymentId: spent.paymentId, reference: note.number };
}
