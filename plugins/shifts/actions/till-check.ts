// Drawers belong to tills (#25): a shift's cash movements and its close are accepted only from that shift's till
// (the X-Kedai-Till header). The one exception: an ADMIN closing a forgotten shift from the back office (no till).
import { conflict } from '../../../core/errors.js';
import type { ShiftRow } from '../repo.js';

/** Who asks, from which till. */
export interface TillCaller {
  userId: number | null;
  role: 'ADMIN' | 'USER';
  till: string | null;
}

/** 409 WRONG_TILL naming the shift's till unless the caller is at it (or, when `backOfficeAdmin`, an ADMIN with no till). */
export function assertAtTill(shift: ShiftRow, caller: TillCaller, what: string, backOfficeAdmin = false): void {
  if (caller.till === shift.till) return;
  if (backOfficeAdmin && caller.role === 'ADMIN' && caller.till === null) return;
  throw conflict('WRONG_TILL', `${what} only at ${shift.till}: this is ${caller.till ? caller.till : 'no till'}`, { till: shift.till });
}
