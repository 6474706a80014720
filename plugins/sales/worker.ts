// Sales' worker tasks (#18): a customer's statement lists every open invoice, so its PDF grows with the
// customer's history; it is made on a pool worker (core/offload/pool.ts) with its own read-only connection.
import { localDate } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { getSettings } from '../../core/settings.js';
import { statementPayNow } from './pdf/paynow-block.js';
import { statementPdf } from './pdf/statement-pdf.js';
import { salesRepo } from './repo.js';

const worker = defineWorkerTasks({
  tasks: {
    'sales.statementPdf': async ({ customerId, timeZone }: { customerId: number; timeZone: string }, { db }): Promise<{ bytes: Uint8Array; filename: string }> => {
      const repo = salesRepo(db);
      const customer = repo.customer(customerId);
      if (!customer) throw notFound('Customer');
      const today = localDate(new Date(), timeZone);
      const invoices = repo.openInvoices(customer.id);
      const due = invoices.reduce((sum, inv) => sum + inv.grand_total_cents - inv.paid_cents, 0);
      const payNow = await statementPayNow(db, customer.id, due, timeZone);
      const bytes = await statementPdf({ customer, invoices, shop: getSettings(db), today, payNow });
      return { bytes, filename: `statement-${customer.id}-${today.replace(/-/g, '')}.pdf` };
    },
  },
});

declare module '../../core/offload/task-types.js' {
  interface OffloadTasks {
    'sales.statementPdf': (typeof worker.tasks)['sales.statementPdf'];
  }
}

export default worker;
