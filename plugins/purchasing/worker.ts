// Purchasing's worker tasks (#18): a purchase order's PDF grows with its lines; it is made on a pool worker
// (core/offload/pool.ts) with its own read-only connection.
import { notFound } from '../../core/errors.js';
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { getSettings } from '../../core/settings.js';
import { purchaseOrderPdf } from './pdf/purchase-order-pdf.js';
import { purchasingRepo } from './repo.js';

const worker = defineWorkerTasks({
  tasks: {
    'purchasing.orderPdf': async ({ id }: { id: number }, { db }): Promise<{ bytes: Uint8Array; filename: string }> => {
      const repo = purchasingRepo(db);
      const order = repo.getOrder(id);
      if (!order) throw notFound('Purchase order');
      const supplier = repo.getSupplier(order.supplier_id);
      if (!supplier) throw notFound('Supplier');
      const bytes = await purchaseOrderPdf({ order, lines: repo.lines(order.id), supplier, shop: getSettings(db) });
      return { bytes, filename: `${order.number}.pdf` };
    },
  },
});

declare module '../../core/offload/task-types.js' {
  interface OffloadTasks {
    'purchasing.orderPdf': (typeof worker.tasks)['purchasing.orderPdf'];
  }
}

export default worker;
