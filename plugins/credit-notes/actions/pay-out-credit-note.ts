// An exchange that costs less than the goods brought back: the note paid the new sale and the customer takes
// the balance in money (the exchange records that money as a sales refund). The note is then spent: its
// applied amount rises by the balance (USED) and its notes say how it was paid out, since no invoice
// application explains that part.
import type { Db } from '../../../core/db.js';
import { conflict } from '../../../core/errors.js';
import { formatMoney } from '../../../core/money.js';
import { creditNotesRepo } from '../repo.js';

/** Spends `amountCents` of note `noteId` as paid back by `method`, inside the caller's transaction; 409 when it is not there to spend. */
export function payOutCreditNote(db: Db, noteId: number, amountCents: number, method: string): void {
  if (!db.inTransaction) throw new Error('payOutCreditNote must run inside a write transaction');
  if (amountCents <= 0) return;
  if (!creditNotesRepo(db).payOut(noteId, amountCents, `Balance ${formatMoney(amountCents)} refunded by ${method}`)) {
    throw conflict('CREDIT_NOTE_NOT_ACTIVE', 'The credit note has no such balance left to refund');
  }
}
