// Opens a till's shift with its float. One OPEN shift per till (409 otherwise); the shift remembers the
// newest sales ids, so everything the till takes from now on is its own.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { conflict } from '../../../core/errors.js';
import { toCents } from '../../../core/money.js';
import { salesMark } from '../../sales/api.js';
import { shiftsRepo } from '../repo.js';
import type { OpenShiftBody } from '../schemas.js';

/** Opens a shift; returns its id. */
export function openShift(db: Db, body: OpenShiftBody, userId: number | null): number {
  const repo = shiftsRepo(db);
  const floatCents = toCents(body.opening_float);
  return writeTx(db, () => {
    const open = repo.openAt(body.till);
    if (open) throw conflict('SHIFT_ALREADY_OPEN', `${body.till} already has an open shift. Close it first.`, { shift_id: open.id });
    return repo.insert({ till: body.till, opening_float_cents: floatCents, opened_at: nowIso(), opened_by: userId, ...salesMark(db) });
  });
}
