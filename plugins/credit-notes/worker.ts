// Credit notes' worker task (#27): the GST credit note PDF (and the till's slip, the same document) is made on a
// pool worker (core/offload/pool.ts) with its own read-only connection, never on the thread that answers the
// tills. The route finds the note (by id, or by its code with the look-up's rate limit) and checks the caller.
import { notFound } from '../../core/errors.js';
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { getSettings } from '../../core/settings.js';
import { invoiceRow } from '../sales/api.js';
import { creditNotePdf } from './pdf/credit-note-pdf.js';
import { creditNotesRepo } from './repo.js';

const worker = defineWorkerTasks({
  tasks: {
    'creditNotes.pdf': async ({ id, timeZone }: { id: number; timeZone: string }, { db }): Promise<{ bytes: Uint8Array; filename: string }> => {
      const repo = creditNotesRepo(db);
      const note = repo.get(id);
      if (!note) throw notFound('Credit note');
      const invoice = invoiceRow(db, note.invoice_id);
      if (!invoice) throw notFound('Invoice');
      const bytes = await creditNotePdf({
        note,
        lines: repo.lines(note.id),
        applications: repo.applications(note.id),
        invoice,
        shop: getSettings(db),
        timeZone,
      });
      return { bytes, filename: `${note.number}.pdf` };
    },
  },
});

declare module '../../core/offload/task-types.js' {
  interface OffloadTasks {
    'creditNotes.pdf': (typeof worker.tasks)['creditNotes.pdf'];
  }
}

export default worker;
