// What stops an invoice from being voided. Sales knows only about credit-note payments; later plugins
// (returns, credit notes) add their own reasons with addVoidCheck when their module loads.
import type { Db } from '../../core/db.js';
import { salesRepo } from './repo.js';

/** Returns a reason the invoice cannot be voided, or null when it can. */
export type VoidCheck = (db: Db, invoiceId: number) => string | null;

export const VOID_BLOCKED_MESSAGE = 'Cannot void an invoice with returns or credit notes applied';

const checks: VoidCheck[] = [
  // A credit note applied to the invoice: voiding would leave the note's money pointing nowhere.
  (db, invoiceId) => (salesRepo(db).hasPaymentMethod(invoiceId, 'CREDIT_NOTE') ? VOID_BLOCKED_MESSAGE : null),
];

/** Lets a later plugin (returns) refuse voids, e.g. when the invoice has returns. */
export function addVoidCheck(check: VoidCheck): void {
  if (!checks.includes(check)) checks.push(check);
}

/** The first reason the invoice cannot be voided, or null. Runs inside the void's transaction. */
export function voidBlocker(db: Db, invoiceId: number): string | null {
  for (const check of checks) {
    const reason = check(db, invoiceId);
    if (reason) return reason;
  }
  return null;
}
