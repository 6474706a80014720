// Shifts' worker task (#27): the X/Z report's 80 mm PDF is made on a pool worker (core/offload/pool.ts) with its
// own read-only connection: the figures come from the ledger there too, never on the thread that answers the tills.
import { notFound } from '../../core/errors.js';
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { getSettings } from '../../core/settings.js';
import { shiftReportPdf } from './pdf/shift-report-pdf.js';
import { shiftReport } from './report.js';
import { shiftsRepo } from './repo.js';

const worker = defineWorkerTasks({
  tasks: {
    'shifts.reportPdf': async ({ id, timeZone }: { id: number; timeZone: string }, { db }): Promise<{ bytes: Uint8Array; filename: string }> => {
      const shift = shiftsRepo(db).get(id);
      if (!shift) throw notFound('Shift');
      // One read transaction: every figure of the report from the same snapshot while the till sells.
      const report = db.transaction(() => shiftReport(db, shift))();
      const bytes = await shiftReportPdf({ report, shop: getSettings(db), timeZone });
      return { bytes, filename: `${report.kind}-report-shift-${report.shift.id}.pdf` };
    },
  },
});

declare module '../../core/offload/task-types.js' {
  interface OffloadTasks {
    'shifts.reportPdf': (typeof worker.tasks)['shifts.reportPdf'];
  }
}

export default worker;
