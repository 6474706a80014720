// Loyalty's public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing else).
// Reports may read the points outstanding from here rather than from this plugin's table.
import type { Db } from '../../core/db.js';

/** Points every customer holds (the ledger's sum; expired points are out once each customer's sweep has run). */
export function pointsOutstanding(db: Db): number {
  return db.prepare('SELECT coalesce(sum(points), 0) FROM loyalty_entry').pluck().get() as number;
}

export { LOYALTY_POINTS } from './tender.js';
