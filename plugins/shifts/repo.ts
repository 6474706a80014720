// SQL for the shift tables, prepared once per connection.
import type { Db } from '../../core/db.js';
import { pageRows, perDb, byKey, whereOf } from '../../core/repo-support.js';

/** The newest sales ids at a shift's open and close (kept from before the ledger; new shifts write 0). */
export interface SalesMark {
  invoice: number;
  payment: number;
  refund: number;
}
import type { MovementKind, ShiftStatus } from './schemas.js';

/** A shifts_shift row with the opener's and closer's usernames joined. */
export interface ShiftRow {
  id: number;
  till: string;
  status: ShiftStatus;
  opening_float_cents: number;
  opened_at: string;
  opened_by: number | null;
  from_invoice_id: number;
  from_payment_id: number;
  from_refund_id: number;
  to_invoice_id: number | null;
  to_payment_id: number | null;
  to_refund_id: number | null;
  closed_at: string | null;
  closed_by: number | null;
  counted_cents: number | null;
  expected_cents: number | null;
  variance_cents: number | null;
  notes: string | null;
  opened_by_username: string | null;
  closed_by_username: string | null;
}

export interface MovementRow {
  id: number;
  shift_id: number;
  kind: MovementKind;
  amount_cents: number;
  reason: string;
  created_at: string;
  created_by: number | null;
  created_by_username: string | null;
}

export interface CountRow {
  denomination_cents: number;
  qty: number;
}

const SHIFT_SELECT = `SELECT s.*, o.username AS opened_by_username, c.username AS closed_by_username
  FROM shifts_shift s LEFT JOIN core_user o ON o.id = s.opened_by LEFT JOIN core_user c ON c.id = s.closed_by`;

/** The shifts repository for one connection. */
export const shiftsRepo = perDb((db: Db) => {
  const s = {
    get: db.prepare(`${SHIFT_SELECT} WHERE s.id = ?`),
    openAt: db.prepare(`${SHIFT_SELECT} WHERE s.till = ? AND s.status = 'OPEN'`),
    insert: db.prepare(`INSERT INTO shifts_shift (till, status, opening_float_cents, opened_at, opened_by, from_invoice_id, from_payment_id, from_refund_id)
      VALUES (@till, 'OPEN', @opening_float_cents, @opened_at, @opened_by, @invoice, @payment, @refund)`),
    close: db.prepare(`UPDATE shifts_shift SET status = 'CLOSED', closed_at = @closed_at, closed_by = @closed_by, counted_cents = @counted_cents,
      expected_cents = @expected_cents, variance_cents = @counted_cents - @expected_cents, notes = @notes,
      to_invoice_id = @invoice, to_payment_id = @payment, to_refund_id = @refund
      WHERE id = @id AND status = 'OPEN'`),
    insertMovement: db.prepare(`INSERT INTO shifts_cash_movement (shift_id, kind, amount_cents, reason, created_at, created_by)
      VALUES (@shift_id, @kind, @amount_cents, @reason, @created_at, @created_by)`),
    movements: db.prepare(`SELECT m.*, u.username AS created_by_username FROM shifts_cash_movement m
      LEFT JOIN core_user u ON u.id = m.created_by WHERE m.shift_id = ? ORDER BY m.id`),
    insertCount: db.prepare('INSERT INTO shifts_count (shift_id, denomination_cents, qty) VALUES (?, ?, ?)'),
    counts: db.prepare('SELECT denomination_cents, qty FROM shifts_count WHERE shift_id = ? ORDER BY denomination_cents DESC'),
    usernames: db.prepare('SELECT id, username FROM core_user'),
  };
  const list = byKey((where: string) => ({
    page: db.prepare(`${SHIFT_SELECT} ${where} ORDER BY s.opened_at DESC, s.id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) FROM shifts_shift s ${where}`).pluck(),
  }));

  return {
    get: (id: number) => s.get.get(id) as ShiftRow | undefined,
    /** The till's OPEN shift, if any. */
    openAt: (till: string) => s.openAt.get(till) as ShiftRow | undefined,
    insert: (v: { till: string; opening_float_cents: number; opened_at: string; opened_by: number | null } & SalesMark) =>
      Number(s.insert.run(v).lastInsertRowid),
    /** Closes an OPEN shift; false when it was not open. */
    close: (v: { id: number; closed_at: string; closed_by: number | null; counted_cents: number; expected_cents: number; notes: string | null } & SalesMark) =>
      s.close.run(v).changes === 1,
    insertMovement: (v: Omit<MovementRow, 'id' | 'created_by_username'>) => Number(s.insertMovement.run(v).lastInsertRowid),
    movements: (shiftId: number) => s.movements.all(shiftId) as MovementRow[],
    insertCount: (shiftId: number, denominationCents: number, qty: number) => s.insertCount.run(shiftId, denominationCents, qty),
    counts: (shiftId: number) => s.counts.all(shiftId) as CountRow[],
    /** Every user's name by id (a shop has a handful of staff). */
    usernames: () => new Map((s.usernames.all() as { id: number; username: string }[]).map((u) => [u.id, u.username])),
    /** One page of shifts, newest first, filtered by till and status. */
    list(f: { till?: string; status?: ShiftStatus }, limit: number, offset: number): { rows: ShiftRow[]; total: number } {
      const w = whereOf([f.till && ['s.till = @till', { till: f.till }], f.status && ['s.status = @status', { status: f.status }]]);
      const st = list(w.sql);
      const total = st.count.get(w.params) as number;
      return { rows: pageRows<ShiftRow>(st.page, w.params, total, limit, offset), total };
    },
  };
});
