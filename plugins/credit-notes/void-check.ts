// Registers with sales' void seam: an invoice that has a (non-VOID) credit note cannot be voided, since the
// note would then credit money for a sale that no longer counts.
import type { Db } from '../../core/db.js';
import { addVoidCheck, VOID_BLOCKED_MESSAGE } from '../sales/void-checks.js';

const statements = new WeakMap<Db, { get(id: number): unknown } | null>();

/** Whether the invoice has a credit note that still stands (false when this plugin's table is absent). */
function hasCreditNote(db: Db, invoiceId: number): boolean {
  let st = statements.get(db);
  if (st === undefined) {
    // An app built without this plugin (a sales-only test) has no table: nothing to block then.
    try {
      st = db.prepare(`SELECT 1 FROM credit_notes_note WHERE invoice_id = ? AND status <> 'VOID' LIMIT 1`);
    } catch {
      st = null;
    }
    statements.set(db, st);
  }
  return st ? st.get(invoiceId) !== undefined : false;
}

/** The check sales runs inside a void's transaction. */
export const creditNoteVoidCheck = (db: Db, invoiceId: number) => (hasCreditNote(db, invoiceId) ? VOID_BLOCKED_MESSAGE : null);

addVoidCheck(creditNoteVoidCheck);
