// The cash drawer's openings (#25): a cash sale's receipt opens it once (the first print), anything else is an
// opening without a sale, with a reason. Both are kept and listed on the shift's X/Z report.
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import { openShiftAt } from './post.js';

export interface DrawerOpeningRow {
  id: number;
  till: string | null;
  shift_id: number | null;
  invoice_id: number | null;
  reason: string;
  user_id: number | null;
  at: string;
  username: string | null;
}

const statements = perDb((db: Db) => ({
  insert:
    db.prepare(`INSERT INTO ledger_drawer_opening (till, shift_id, invoice_id, reason, user_id, at) VALUES (@till, @shift_id, @invoice_id, @reason, @user_id, @at)
    ON CONFLICT (invoice_id) DO NOTHING`),
  remove: db.prepare('DELETE FROM ledger_drawer_opening WHERE id = ?'),
  ofShift: db.prepare(`SELECT o.*, u.username FROM ledger_drawer_opening o LEFT JOIN core_user u ON u.id = o.user_id WHERE o.shift_id = ? ORDER BY o.id`),
}));

/**
 * Records an opening at `till` (its open shift's); for a sale's receipt (`invoiceId`) only the first time.
 * Returns the row's id, or null when that sale's receipt had already opened the drawer.
 */
export function recordDrawerOpening(
  db: Db,
  o: { till: string | null; invoiceId?: number | null; reason: string; userId: number | null; at?: Date },
): number | null {
  const r = statements(db).insert.run({
    till: o.till,
    shift_id: openShiftAt(db, o.till),
    invoice_id: o.invoiceId ?? null,
    reason: o.reason,
    user_id: o.userId,
    at: (o.at ?? new Date()).toISOString(),
  });
  return r.changes === 1 ? Number(r.lastInsertRowid) : null;
}

/** Takes back an opening that did not happen (the printer never answered), so a retry may open the drawer. */
export function forgetDrawerOpening(db: Db, id: number): void {
  statements(db).remove.run(id);
}

/** The openings during a shift, oldest first. */
export function drawerOpenings(db: Db, shiftId: number): DrawerOpeningRow[] {
  return statements(db).ofShift.all(shiftId) as DrawerOpeningRow[];
}
