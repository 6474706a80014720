// Reports' worker tasks (#18): the sales report, the end-of-day cash-up and the CSV run on a pool worker with
// its own read-only connection (core/offload/pool.ts), so a yearly report never holds up a till. Periods are
// resolved and checked on the main thread (a bad query is a 400 before any worker is asked).
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { sizeCurve, type SizeCurveFilter } from '../inventory/api.js';
import { salesCsvChunks } from './csv.js';
import { endOfDay } from './end-of-day.js';
import type { Period } from './period.js';
import type { ReportLiability } from './schemas.js';
import { salesReport } from './sales-report.js';

const worker = defineWorkerTasks({
  tasks: {
    // One read transaction: every figure of the report comes from the same snapshot, even while tills sell.
    // liabilities (#29): read by the route on the main thread, where the plugins' hooks are.
    'reports.sales': ({ period, liabilities }: { period: Period; liabilities: ReportLiability[] }, { db }) =>
      db.transaction(() => salesReport(db, period, liabilities))(),
    'reports.endOfDay': ({ date, timeZone, liabilities }: { date: string; timeZone: string; liabilities: ReportLiability[] }, { db }) =>
      db.transaction(() => endOfDay(db, date, timeZone, liabilities))(),
    // #30: one snapshot of the ledger for every size (a brand can be hundreds of sizes).
    'reports.sizeCurve': ({ filter, fromIso, toIso }: { filter: SizeCurveFilter; fromIso: string; toIso: string }, { db }) =>
      db.transaction(() => sizeCurve(db, filter, fromIso, toIso))(),
  },
  streams: {
    'reports.salesCsv': ({ period, liabilities }: { period: Period; liabilities: ReportLiability[] }, { db }) => salesCsvChunks(db, period, liabilities),
  },
});

declare module '../../core/offload/task-types.js' {
  interface OffloadTasks {
    'reports.sales': (typeof worker.tasks)['reports.sales'];
    'reports.endOfDay': (typeof worker.tasks)['reports.endOfDay'];
    'reports.sizeCurve': (typeof worker.tasks)['reports.sizeCurve'];
  }
  interface OffloadStreams {
    'reports.salesCsv': (typeof worker.streams)['reports.salesCsv'];
  }
}

export default worker;
