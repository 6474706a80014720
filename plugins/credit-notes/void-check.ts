// Credit notes' void check (declared in the manifest): an invoice that has a (non-VOID) credit note
// cannot be voided, since the note would then credit money for a sale that no longer counts.
import type { Db } from '../../core/db.js';
import type { VoidCheck } from '../../core/plugin.js';
import { VOID_BLOCKED_MESSAGE } from '../sales/void-checks.js';

const statements = new WeakMap<Db, { get(id: number): unknown }>();

/** Whether the invoice has a credit note that still stands. */
function hasCreditNote(db: Db, invoiceId: number): boolean {
  let st = statements.get(db);
  if (!st) {
    st = db.prepare(`SELECT 1 FROM credit_notes_note WHERE invoice_id = ? AND status <> 'VOID' LIMIT 1`);
    statements.set(db, st);
  }
  return st.get(invoiceId) !== undefined;
}

export const creditNoteVoidCheck: VoidCheck = (db, invoiceId) => (hasCreditNote(db, invoiceId) ? VOID_BLOCKED_MESSAGE : null);
