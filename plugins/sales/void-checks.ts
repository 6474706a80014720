// What stops an invoice from being voided. Each plugin declares its reasons as `voidChecks` in its
// manifest (sales: credit-note payments; returns: returns; credit notes: notes issued); core collects
// them per app (app.pluginHooks.voidChecks) and voidInvoice runs them inside the void's transaction.
import type { Db } from '../../core/db.js';
import type { VoidCheck } from '../../core/plugin.js';
import { salesRepo } from './repo.js';

export const VOID_BLOCKED_MESSAGE = 'Cannot void an invoice with returns or credit notes applied';

/**
 * A credit note (or another plugin's tender, #29: a gift card) applied to the invoice: voiding would leave the
 * tender's value pointing nowhere (a void pays back money only); a return puts it back on the tender instead.
 */
export const creditNotePaymentVoidCheck: VoidCheck = (db, invoiceId) => (salesRepo(db).hasStoredValuePayment(invoiceId) ? VOID_BLOCKED_MESSAGE : null);

/**
 * A void check that refuses when `sql` (one `?`: the invoice id) finds a row: for plugins whose rows make
 * a void wrong. Prepared on each void (voids are rare), inside the void's transaction.
 */
export function voidBlockedWhen(sql: string): VoidCheck {
  return (db, invoiceId) => (db.prepare(sql).get(invoiceId) !== undefined ? VOID_BLOCKED_MESSAGE : null);
}

/** The first reason the invoice cannot be voided, or null. */
export function voidBlocker(db: Db, checks: readonly VoidCheck[], invoiceId: number): string | null {
  for (const check of checks) {
    const reason = check(db, invoiceId);
    if (reason) return reason;
  }
  return null;
}
