// Cash put into the drawer (PAY_IN: change from the bank) or taken out (PAY_OUT: milk for the pantry), with
// the reason. Only on an OPEN shift; a pay-out above the cash the drawer should hold is refused.
import type { Db } from '../../../core/db.js';
import { nowIso, writeTx } from '../../../core/db.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { formatMoney, toCents } from '../../../core/money.js';
import { expectedCash } from '../report.js';
import { shiftsRepo } from '../repo.js';
import type { CashMovementBody } from '../schemas.js';
import { localDate } from '../../../core/clock.js';
import { postEntries } from '../../ledger/api.js';
import { assertAtTill, type TillCaller } from './till-check.js';

/** Records a pay-in or pay-out; returns its id and the drawer's expected cash after it. */
export function addCashMovement(db: Db, shiftId: number, body: CashMovementBody, caller: TillCaller, timeZone: string): { id: number; expectedCents: number } {
  const userId = caller.userId;
  const repo = shiftsRepo(db);
  const amountCents = toCents(body.amount);
  const reason = body.reason.trim();
  if (!reason) throw badRequest('reason is required', 'reason');
  return writeTx(db, () => {
    const shift = repo.get(shiftId);
    if (!shift) throw notFound('Shift');
    if (shift.status !== 'OPEN') throw conflict('SHIFT_CLOSED', `The shift of ${shift.till} is closed`);
    assertAtTill(shift, caller, `Cash goes in and out of ${shift.till}'s drawer`);
    const before = expectedCash(db, shift);
    if (body.kind === 'PAY_OUT' && amountCents > before) {
      throw conflict('NOT_ENOUGH_CASH', `Pay-out of ${formatMoney(amountCents)} is more than the ${formatMoney(before)} that should be in the drawer`, {
        expected_cash: before / 100,
      });
    }
    const at = nowIso();
    const id = repo.insertMovement({ shift_id: shiftId, kind: body.kind, amount_cents: amountCents, reason, created_at: at, created_by: userId });
    postEntries(db, [
      {
        kind: body.kind,
        method: 'CASH',
        amountCents: body.kind === 'PAY_IN' ? amountCents : -amountCents,
        till: shift.till,
        shiftId,
        userId,
        at,
        businessDate: localDate(new Date(at), timeZone),
        reference: reason,
      },
    ]);
    return { id, expectedCents: before + (body.kind === 'PAY_IN' ? amountCents : -amountCents) };
  });
}
