// Sales' worker tasks (#18, #27): every sales PDF is made on a pool worker (core/offload/pool.ts) with its own
// read-only connection, never on the thread that answers the tills: a 154-line invoice takes seconds to lay out,
// and a customer's statement lists every open invoice. The route checks the caller and that the invoice exists.
import { localDate } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { getSettings } from '../../core/settings.js';
import type { ReceiptSection } from '../../core/plugin.js';
import { invoicePdf } from './pdf/invoice-pdf.js';
import { invoicePayNow, statementPayNow } from './pdf/paynow-block.js';
import { receiptPdf } from './pdf/receipt-pdf.js';
import { statementPdf } from './pdf/statement-pdf.js';
import { salesRepo } from './repo.js';

export interface InvoicePdfInput {
  id: number;
  format: 'invoice' | 'receipt';
  timeZone: string;
  /** Other plugins' receipt blocks, read on the main thread (plugin hooks live there): plain data. */
  sections: ReceiptSection[];
}

const worker = defineWorkerTasks({
  tasks: {
    'sales.invoicePdf': async ({ id, format, timeZone, sections }: InvoicePdfInput, { db }): Promise<{ bytes: Uint8Array; filename: string }> => {
      const repo = salesRepo(db);
      const invoice = repo.get(id);
      if (!invoice) throw notFound('Invoice');
      const payNow = await invoicePayNow(db, invoice, timeZone);
      const data = {
        invoice,
        lines: repo.lines(id),
        adjustments: repo.adjustments(id),
        payments: repo.payments(id),
        shop: getSettings(db),
        timeZone,
        payNow,
        sections,
      };
      const bytes = format === 'receipt' ? await receiptPdf(data) : await invoicePdf(data);
      return { bytes, filename: `${invoice.number}.pdf` };
    },
    'sales.statementPdf': async (
      { customerId, timeZone }: { customerId: number; timeZone: string },
      { db },
    ): Promise<{ bytes: Uint8Array; filename: string }> => {
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
    'sales.invoicePdf': (typeof worker.tasks)['sales.invoicePdf'];
    'sales.statementPdf': (typeof worker.tasks)['sales.statementPdf'];
  }
}

export default worker;
