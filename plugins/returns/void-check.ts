// Registers with sales' void seam: an invoice with returns cannot be voided (its goods already came back
// through the return, and a void would restock them twice).
import type { Db } from '../../core/db.js';
import { addVoidCheck, VOID_BLOCKED_MESSAGE } from '../sales/void-checks.js';

const statements = new WeakMap<Db, { get(id: number): unknown } | null>();

/** Whether the invoice has returns (false when this plugin's table is absent). */
function hasReturns(db: Db, invoiceId: number): boolean {
  let st = statements.get(db);
  if (st === undefined) {
    // An app built without this plugin (a sales-only test) has no table: nothing to block then.
    try {
      st = db.prepare(`SELECT 1 FROM returns_return WHERE invoice_id = ? AND status <> 'REJECTED' LIMIT 1`);
    } catch {
      st = null;
    }
    statements.set(db, st);
  }
  return st ? st.get(invoiceId) !== undefined : false;
}

/** The check sales runs inside a void's transaction. */
export const returnsVoidCheck = (db: Db, invoiceId: number) => (hasReturns(db, invoiceId) ? VOID_BLOCKED_MESSAGE : null);

addVoidCheck(returnsVoidCheck);
