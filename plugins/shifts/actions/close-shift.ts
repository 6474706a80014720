// Closes a shift with the cash counted by denomination: the count, the expected cash and the variance
// (counted - expected) are kept with the shift, and the newest sales ids close its range, in one transaction.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { MAX_MONEY_CENTS } from '../../../core/money.js';
import { closeDrawer } from '../../ledger/api.js';
import { assertAtTill, type TillCaller } from './till-check.js';
import { countedCents, denominationOf } from '../denominations.js';
import { expectedCash } from '../report.js';
import { shiftsRepo } from '../repo.js';
import type { CloseShiftBody } from '../schemas.js';

/** Quantity per denomination (cents); 400 when one coin is named twice ("0.5" and "0.50"). */
export function countOf(counted: CloseShiftBody['counted']): Map<number, number> {
  const qty = new Map<number, number>();
  for (const [key, n] of Object.entries(counted)) {
    const d = denominationOf(key);
    if (!d) throw badRequest(`counted.${key}: not a Singapore dollar note or coin`, `counted.${key}`);
    if (qty.has(d.cents)) throw badRequest(`counted.${key}: ${d.label} are counted twice`, `counted.${key}`);
    qty.set(d.cents, n);
  }
  return qty;
}

/** Closes shift `shiftId`; 404 unknown, 409 already closed or not at its till (an ADMIN may close it from the back office). */
export function closeShift(db: Db, shiftId: number, body: CloseShiftBody, caller: TillCaller): void {
  const userId = caller.userId;
  const repo = shiftsRepo(db);
  const qty = countOf(body.counted);
  const counted = countedCents(qty);
  if (counted > MAX_MONEY_CENTS) throw badRequest('counted: the total is more than Kedai accepts', 'counted');
  const notes = body.notes?.trim() || null;
  writeTx(db, () => {
    const shift = repo.get(shiftId);
    if (!shift) throw notFound('Shift');
    if (shift.status !== 'OPEN') throw conflict('SHIFT_CLOSED', `The shift of ${shift.till} is already closed`);
    assertAtTill(shift, caller, `The shift of ${shift.till} is closed`, true);
    const expected = expectedCash(db, shift);
    if (
      !repo.close({
        id: shiftId,
        closed_at: nowIso(),
        closed_by: userId,
        counted_cents: counted,
        expected_cents: expected,
        notes,
        invoice: 0,
        payment: 0,
        refund: 0,
      })
    ) {
      throw conflict('SHIFT_CLOSED', `The shift of ${shift.till} is already closed`);
    }
    for (const [cents, n] of qty) if (n > 0) repo.insertCount(shiftId, cents, n);
    closeDrawer(db, shift.till, shiftId);
  });
}
