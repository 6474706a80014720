// A credit note tendered at the till: checkout (in sales) calls this through the `tenders` hook of the
// credit-notes manifest, inside the sale's own transaction, after the invoice is written. It finds the
// note by what the till sent (lookup.ts: a walk-in's note only by the code on its slip, #25) and spends it
// with the Apply rules (spendCreditNote), so a note pays a sale exactly as it pays an invoice from the
// Credit Notes screen.
import type { Db } from '../../../core/db.js';
import type { TenderRedemption } from '../../../core/plugin.js';
import { tenderedNote } from '../lookup.js';
import { spendCreditNote } from './apply-credit-note.js';

/**
 * Spends the note `r.reference` names on the sale; 404 unknown, 400 a walk-in's note by number, 409 not ACTIVE / other
 * customer / too much, 429 too many failed look-ups. Sales writes the CREDIT_NOTE payment (r.recordPayment, with the
 * note's number as its reference: never the slip's code); this writes the note's own rows.
 */
export function redeemCreditNote(db: Db, r: TenderRedemption): void {
  const field = `${r.field}.reference`;
  const note = tenderedNote(db, r.reference ?? '', { clientIp: r.clientIp, field });
  spendCreditNote(db, note, r.invoiceId, r.amountCents, {
    userId: r.userId,
    at: r.at,
    notes: 'Tendered at the till',
    fields: { note: field, amount: `${r.field}.amount` },
    recordPayment: () => r.recordPayment(note.number),
  });
}
