// Credit notes' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of credit-notes). Returns issues its credit note in the return's own transaction and replies with it.
import type { Db } from '../../core/db.js';
import { creditNoteJson } from './credit-note-json.js';
import { creditNotesRepo } from './repo.js';
import type { CreditNote as CreditNoteJson } from './schemas.js';

export { payOutCreditNote } from './actions/pay-out-credit-note.js';
export { creditNoteRow } from './note-row.js';
export { redeemCreditNote } from './actions/redeem-credit-note.js';
export { noteNumberOf } from './lookup.js';
export { applyCreditNote, applyToInvoice, type ApplyInput, type ApplyResult, type ApplyContext } from './actions/apply-credit-note.js';
export { createManualCreditNote, type ManualNoteInput } from './actions/create-manual-credit-note.js';
export { issueCreditNote, type CreditNoteLineInput, type IssueCreditNoteInput, type IssuedCreditNote } from './actions/issue-credit-note.js';
export { CreditNote } from './schemas.js';

/** An existing credit note as GET /api/returns/credit-notes/:id replies it: lines and applications included. */
export function creditNoteReply(db: Db, id: number): CreditNoteJson {
  const notes = creditNotesRepo(db);
  return creditNoteJson(notes.get(id)!, notes.lines(id), notes.applications(id));
}
