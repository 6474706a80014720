// Rows to JSON: cents to dollars, user ids to usernames.
import { toDollars } from '../../core/money.js';
import type { MovementRow, ShiftRow } from './repo.js';
import type { CashMovement, Shift } from './schemas.js';

const dollarsOrNull = (c: number | null) => (c === null ? null : toDollars(c));

/** A shift as the API shows it. */
export function shiftJson(r: ShiftRow): Shift {
  return {
    id: r.id,
    till: r.till,
    status: r.status,
    opening_float: toDollars(r.opening_float_cents),
    opened_at: r.opened_at,
    opened_by: r.opened_by_username,
    closed_at: r.closed_at,
    closed_by: r.closed_by_username,
    counted: dollarsOrNull(r.counted_cents),
    expected: dollarsOrNull(r.expected_cents),
    variance: dollarsOrNull(r.variance_cents),
    notes: r.notes,
  };
}

/** A pay-in or pay-out as the API shows it. */
export function movementJson(m: MovementRow): CashMovement {
  return { id: m.id, kind: m.kind, amount: toDollars(m.amount_cents), reason: m.reason, created_at: m.created_at, created_by: m.created_by_username };
}
