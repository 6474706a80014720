// An exchange that costs less than the goods brought back: the note paid the new sale and the customer takes
// the balance in money (the exchange records that money as a sales refund). The note is then spent: its
// applied amount rises by the balance (USED) and its notes say how it was paid out, since no invoice
// application explains that part.
import type { Db } from '../../../core/db.js';
import { conflict } from '../../../core/errors.js';
import { formatMoney } from '../../../core/money.js';
import { creditNotesRepo } from '../repo.js';
import { postEntries } from '../../ledger/api.js';

/** Who pays the balance out, when and where (the ledger's row). */
export interface PayOutContext {
  userId: number | null;
  at: string;
  businessDate: string;
  till: string | null;
}

/**
 * Spends `amountCents` of note `noteId` as paid back by `method`, inside the caller's transaction; 409 when it is
 * not there to spend. The ledger books it as the note redeemed (+) against its invoice; the caller books the money out.
 */
export function payOutCreditNote(db: Db, noteId: number, amountCents: number, method: string, ctx: PayOutContext): void {
  if (!db.inTransaction) throw new Error('payOutCreditNote must run inside a write transaction');
  if (amountCents <= 0) return;
  const repo = creditNotesRepo(db);
  if (!repo.payOut(noteId, amountCents, `Balance ${formatMoney(amountCents)} refunded by ${method}`)) {
    throw conflict('CREDIT_NOTE_NOT_ACTIVE', 'The credit note has no such balance left to refund');
  }
  const note = repo.get(noteId)!;
  postEntries(db, [
    {
      kind: 'CN_REDEEM',
      method: 'CREDIT_NOTE',
      amountCents,
      till: ctx.till,
      invoiceId: note.invoice_id,
      creditNoteId: noteId,
      userId: ctx.userId,
      at: ctx.at,
      businessDate: ctx.businessDate,
      reference: note.number,
    },
  ]);
}
