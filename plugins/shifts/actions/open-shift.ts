// Opens a till's shift with its float. One OPEN shift per till (409 otherwise); the ledger is told the till's drawer
// is this shift's from now on, and the float is the drawer's first cash row.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { conflict } from '../../../core/errors.js';
import { toCents } from '../../../core/money.js';
import { localDate } from '../../../core/clock.js';
import { openDrawer, postEntries } from '../../ledger/api.js';
import { shiftsRepo } from '../repo.js';
import type { OpenShiftBody } from '../schemas.js';

const NO_MARK = { invoice: 0, payment: 0, refund: 0 };

/** Opens a shift; returns its id. */
export function openShift(db: Db, body: OpenShiftBody, userId: number | null, timeZone: string): number {
  const repo = shiftsRepo(db);
  const floatCents = toCents(body.opening_float);
  return writeTx(db, () => {
    const open = repo.openAt(body.till);
    if (open) throw conflict('SHIFT_ALREADY_OPEN', `${body.till} already has an open shift. Close it first.`, { shift_id: open.id });
    const at = nowIso();
    const id = repo.insert({ till: body.till, opening_float_cents: floatCents, opened_at: at, opened_by: userId, ...NO_MARK });
    openDrawer(db, body.till, id);
    postEntries(db, [
      {
        kind: 'FLOAT',
        method: 'CASH',
        amountCents: floatCents,
        till: body.till,
        shiftId: id,
        userId,
        at,
        businessDate: localDate(new Date(at), timeZone),
        reference: 'Opening float',
      },
    ]);
    return id;
  });
}
