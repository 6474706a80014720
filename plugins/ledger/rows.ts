// Reading raw ledger rows (tests, the shift report's refund lines).
import type { Db } from '../../core/db.js';
import { ledgerRepo } from './repo.js';
import type { LedgerRow } from './types.js';

/** The rows of a shift or an invoice, oldest first. */
export function ledgerRows(db: Db, of: { shiftId: number } | { invoiceId: number }): LedgerRow[] {
  const repo = ledgerRepo(db);
  return 'shiftId' in of ? repo.shiftRows(of.shiftId) : repo.invoiceRows(of.invoiceId);
}
