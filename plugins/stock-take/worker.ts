// Stock-take's worker tasks (#18): a labels PDF runs to 2,000 labels (a barcode image each), made on a pool
// worker (core/offload/pool.ts) with its own read-only connection; its 400/404s reach the client unchanged.
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { labelsPdf } from './labels.js';
import { stockTakeRepo } from './repo.js';
import type { LabelsQuery } from './schemas.js';

const worker = defineWorkerTasks({
  tasks: {
    'stockTake.labelsPdf': async (q: LabelsQuery, { db }): Promise<Uint8Array> => labelsPdf(db, stockTakeRepo(db), q),
  },
});

declare module '../../core/offload/task-types.js' {
  interface OffloadTasks {
    'stockTake.labelsPdf': (typeof worker.tasks)['stockTake.labelsPdf'];
  }
}

export default worker;
