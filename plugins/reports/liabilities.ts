// #29: the liabilities other plugins declare (manifest `liabilities`: gift cards, loyalty points) as the reports
// list them, in dollars. Read on the main thread, where the app's hooks are (a report's worker thread has none),
// in one read transaction, and handed to the worker's task with the period.
import type { Db } from '../../core/db.js';
import { toDollars } from '../../core/money.js';
import type { LiabilitySource, LiabilitySummary } from '../../core/plugin.js';
import type { ReportLiability } from './schemas.js';

export function liabilitiesOf(db: Db, sources: readonly LiabilitySource[], fromDate: string, toDate: string): ReportLiability[] {
  if (sources.length === 0) return [];
  // A source with nothing held and nothing moving (a shop that never sold a card) is left out: its reports stay as they were.
  const quiet = (f: LiabilitySummary) => f.openingCents === 0 && f.closingCents === 0 && f.lines.every((l) => l.cents === 0);
  return db.transaction(() =>
    sources.flatMap((s) => {
      const f = s.summary(db, fromDate, toDate);
      if (quiet(f)) return [];
      return {
        key: s.key,
        label: s.label,
        opening: toDollars(f.openingCents),
        lines: f.lines.map((l) => ({ code: l.code, label: l.label, amount: toDollars(l.cents) })),
        closing: toDollars(f.closingCents),
        expired: toDollars(f.expiredCents),
      };
    }),
  )();
}
