// Returns' void check (declared in the manifest): an invoice with returns cannot be voided (its goods
// already came back through the return, and a void would restock them twice).
import type { Db } from '../../core/db.js';
import type { VoidCheck } from '../../core/plugin.js';
import { VOID_BLOCKED_MESSAGE } from '../sales/void-checks.js';

const statements = new WeakMap<Db, { get(id: number): unknown }>();

/** Whether the invoice has returns that were not rejected. */
function hasReturns(db: Db, invoiceId: number): boolean {
  let st = statements.get(db);
  if (!st) {
    st = db.prepare(`SELECT 1 FROM returns_return WHERE invoice_id = ? AND status <> 'REJECTED' LIMIT 1`);
    statements.set(db, st);
  }
  return st.get(invoiceId) !== undefined;
}

export const returnsVoidCheck: VoidCheck = (db, invoiceId) => (hasReturns(db, invoiceId) ? VOID_BLOCKED_MESSAGE : null);
