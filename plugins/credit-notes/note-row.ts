// A note's row for other plugins (returns applies the note it just issued to the invoice's account).
import type { Db } from '../../core/db.js';
import { creditNotesRepo, type CreditNoteRow } from './repo.js';

/** The note's row (with its customer's name), or undefined. */
export function creditNoteRow(db: Db, id: number): CreditNoteRow | undefined {
  return creditNotesRepo(db).get(id);
}
