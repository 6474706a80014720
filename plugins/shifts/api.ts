// The public face of shifts (tests/boundaries.test.ts lets other plugins import nothing else of it): a till's
// open shift, for a plugin that wants to know whether a till is trading.
import type { Db } from '../../core/db.js';
import { shiftsRepo } from './repo.js';

/** The id of the till's OPEN shift, or null when it has none. */
export function openShiftId(db: Db, till: string): number | null {
  return shiftsRepo(db).openAt(till)?.id ?? null;
}
