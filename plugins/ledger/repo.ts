// SQL for the ledger's tables, prepared once per connection.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import type { LedgerGroup, LedgerRow } from './types.js';

const GROUP = `kind, method, at_sale, back_office, count(*) AS n, sum(amount_cents) AS cents`;

export const ledgerRepo = perDb((db: Db) => {
  const s = {
    insert:
      db.prepare(`INSERT INTO ledger_entry (kind, method, amount_cents, till, shift_id, drawer, invoice_id, credit_note_id, at_sale, user_id, at, business_date, reference)
      VALUES (@kind, @method, @amount_cents, @till, @shift_id, @drawer, @invoice_id, @credit_note_id, @at_sale, @user_id, @at, @business_date, @reference)`),
    drawerShift: db.prepare('SELECT shift_id FROM ledger_drawer WHERE till = ?').pluck(),
    openDrawer: db.prepare('INSERT INTO ledger_drawer (till, shift_id) VALUES (?, ?)'),
    closeDrawer: db.prepare('DELETE FROM ledger_drawer WHERE till = ? AND shift_id = ?'),
    isOpenShift: db.prepare('SELECT 1 FROM ledger_drawer WHERE shift_id = ?').pluck(),
    markVoided: db.prepare('INSERT INTO ledger_void (invoice_id, at, business_date) VALUES (?, ?, ?)'),
    invoiceRows: db.prepare('SELECT * FROM ledger_entry WHERE invoice_id = ? ORDER BY id'),
    shiftRows: db.prepare('SELECT * FROM ledger_entry WHERE shift_id = ? ORDER BY id'),
    // A drawer's figures count every sale it took, voided since or not (the void's refund rows take the money out).
    shiftGroups: db.prepare(`SELECT ${GROUP}, 0 AS voided
      FROM (SELECT *, drawer IS NOT NULL AS back_office FROM ledger_entry WHERE shift_id = ?) GROUP BY kind, method, at_sale, back_office`),
    shiftInvoices: db.prepare(`SELECT count(DISTINCT invoice_id) FROM ledger_entry WHERE shift_id = ? AND at_sale = 1`).pluck(),
    dayGroups: db.prepare(`SELECT kind, method, at_sale, voided, back_office, sum(n) AS n, sum(cents) AS cents FROM ledger_day
      WHERE business_date BETWEEN ? AND ? GROUP BY kind, method, at_sale, voided, back_office HAVING sum(n) <> 0 OR sum(cents) <> 0`),
  };
  return {
    insert: (row: Omit<LedgerRow, 'id'>) => Number(s.insert.run(row).lastInsertRowid),
    drawerShift: (till: string) => (s.drawerShift.get(till) as number | undefined) ?? null,
    openDrawer: (till: string, shiftId: number) => s.openDrawer.run(till, shiftId),
    closeDrawer: (till: string, shiftId: number) => s.closeDrawer.run(till, shiftId).changes === 1,
    isOpenShift: (shiftId: number) => s.isOpenShift.get(shiftId) === 1,
    markVoided: (invoiceId: number, at: string, businessDate: string) => s.markVoided.run(invoiceId, at, businessDate),
    invoiceRows: (invoiceId: number) => s.invoiceRows.all(invoiceId) as LedgerRow[],
    shiftRows: (shiftId: number) => s.shiftRows.all(shiftId) as LedgerRow[],
    shiftGroups: (shiftId: number) => s.shiftGroups.all(shiftId) as LedgerGroup[],
    shiftInvoices: (shiftId: number) => s.shiftInvoices.get(shiftId) as number,
    /** Day sums over shop-local dates start..end (inclusive). */
    dayGroups: (start: string, end: string) => s.dayGroups.all(start, end) as LedgerGroup[],
  };
});
