// Writing the ledger: rows are only ever added, inside the writer's own transaction (a sale, a return, a void,
// a shift), so a movement of value is recorded exactly when the thing that moved it is.
import type { Db } from '../../core/db.js';
import { ledgerRepo } from './repo.js';
import type { LedgerEntryInput } from './types.js';

function mustBeInTransaction(db: Db, what: string) {
  if (!db.inTransaction) throw new Error(`${what} must run inside a write transaction`);
}

/** Records movements (zero amounts skipped); a row at a till goes to that till's open shift unless it names one. */
export function postEntries(db: Db, entries: LedgerEntryInput[]): void {
  mustBeInTransaction(db, 'postEntries');
  const repo = ledgerRepo(db);
  for (const e of entries) {
    if (e.amountCents === 0) continue;
    if (!Number.isSafeInteger(e.amountCents)) throw new Error(`ledger amount is not whole cents: ${e.amountCents}`);
    const shiftId = e.shiftId !== undefined ? e.shiftId : e.till ? repo.drawerShift(e.till) : null;
    repo.insert({
      kind: e.kind,
      method: e.method,
      amount_cents: e.amountCents,
      till: e.till ?? null,
      shift_id: shiftId,
      drawer: e.drawer ?? null,
      invoice_id: e.invoiceId ?? null,
      credit_note_id: e.creditNoteId ?? null,
      at_sale: e.atSale ? 1 : 0,
      user_id: e.userId,
      at: e.at,
      business_date: e.businessDate,
      reference: e.reference ?? null,
    });
  }
}

/** The invoice is voided: its sale rows stop counting as sales of their day (the money rows stay). */
export function markVoided(db: Db, invoiceId: number, at: string, businessDate: string): void {
  mustBeInTransaction(db, 'markVoided');
  ledgerRepo(db).markVoided(invoiceId, at, businessDate);
}

/** A shift opened at `till`: from now on the till's rows are the shift's. */
export function openDrawer(db: Db, till: string, shiftId: number): void {
  mustBeInTransaction(db, 'openDrawer');
  ledgerRepo(db).openDrawer(till, shiftId);
}

/** The shift closed: the till's rows belong to no shift until the next one opens. */
export function closeDrawer(db: Db, till: string, shiftId: number): void {
  mustBeInTransaction(db, 'closeDrawer');
  ledgerRepo(db).closeDrawer(till, shiftId);
}

/** The till's open shift id, or null. */
export function openShiftAt(db: Db, till: string | null | undefined): number | null {
  return till ? ledgerRepo(db).drawerShift(till) : null;
}

/** True while shift `shiftId` is open. */
export function isShiftOpen(db: Db, shiftId: number): boolean {
  return ledgerRepo(db).isOpenShift(shiftId);
}
