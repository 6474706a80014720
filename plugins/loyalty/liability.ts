// Loyalty points as a liability (#29, manifest `liabilities`): what the shop owed in points over a span of shop
// days, from the ledger's rows dated by their shop day. Every row is valued at today's point value (the setting),
// so opening + lines = closing to the cent whatever the value was when the points moved, and closing at the end
// of today = the sum of every customer's points x value (GET /api/customers/:id `loyalty.value`). If the value is
// changed, the whole history is revalued with it: the reports state the points' value now, not a past one.
//
// Expiry is written lazily (ledger.ts: per customer, on their next write or read), and a report is read-only: the
// summary adds the expiry a sweep has not written yet. An open lot whose last day is before `toDate` would be swept
// into an EXPIRED row dated the day after its last day, of exactly its `remaining` (every write for the customer
// sweeps first, so nothing has spent from it since): that is what the summary counts, on that date. A report
// therefore says the same before and after the sweep runs.
import { addDays } from '../../core/clock.js';
import type { Db } from '../../core/db.js';
import type { LiabilitySource, LiabilitySummary } from '../../core/plugin.js';
import { rulesOf } from './ledger.js';
import type { EntryKind } from './repo.js';

/** The lines, in the order reports list them, with the sign each carries in the ledger. */
const LINES: readonly { code: EntryKind; label: string }[] = [
  { code: 'EARNED', label: 'Earned' },
  { code: 'REDEEMED', label: 'Redeemed' },
  { code: 'REVERSED', label: 'Taken back by returns and voids' },
  { code: 'RESTORED', label: 'Given back by returns' },
  { code: 'EXPIRED', label: 'Expired' },
];

/** The summary's SQL; every statement reads an index (tested in loyalty.test.ts). */
export const LIABILITY_SQL = {
  before: 'SELECT coalesce(sum(points), 0) FROM loyalty_entry WHERE business_date < ?',
  byKind: 'SELECT kind, coalesce(sum(points), 0) AS points FROM loyalty_entry WHERE business_date >= ? AND business_date <= ? GROUP BY kind',
  // Lots past their last day (expires_on < toDate: swept on the day after, at the latest on toDate) still holding points.
  pendingExpiry:
    'SELECT expires_on, sum(remaining) AS points FROM loyalty_entry WHERE remaining > 0 AND expires_on IS NOT NULL AND expires_on < ? GROUP BY expires_on',
} as const;

export function loyaltyLiability(db: Db, fromDate: string, toDate: string): LiabilitySummary {
  const pointCents = rulesOf(db).pointCents;
  let openingPoints = db.prepare(LIABILITY_SQL.before).pluck().get(fromDate) as number;
  const points = new Map<EntryKind, number>(LINES.map((l) => [l.code, 0]));
  for (const r of db.prepare(LIABILITY_SQL.byKind).all(fromDate, toDate) as { kind: EntryKind; points: number }[]) points.set(r.kind, r.points);
  for (const r of db.prepare(LIABILITY_SQL.pendingExpiry).all(toDate) as { expires_on: string; points: number }[]) {
    const day = addDays(r.expires_on, 1);
    if (day < fromDate) openingPoints -= r.points;
    else points.set('EXPIRED', points.get('EXPIRED')! - r.points);
  }
  const lines = LINES.map((l) => ({ code: l.code, label: l.label, cents: points.get(l.code)! * pointCents }));
  const openingCents = openingPoints * pointCents;
  // Expired points are no longer owed: they leave the balance through the EXPIRED line, none is held in closing.
  return { openingCents, lines, closingCents: openingCents + lines.reduce((s, l) => s + l.cents, 0), expiredCents: 0 };
}

export const loyaltyLiabilitySource: LiabilitySource = { key: 'loyalty_points', label: 'Loyalty points', summary: loyaltyLiability };
