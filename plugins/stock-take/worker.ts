// Stock-take's worker stream (#18, #27): a labels PDF runs to 2,000 labels, made on a pool worker
// (core/offload/pool.ts) with its own read-only connection and sent page by page as the client reads it (a bulk
// job: it never takes the interactive lane's worker). Its 400/404s reach the client unchanged, before any byte.
import { defineWorkerTasks } from '../../core/offload/task-types.js';
import { labelsPdfChunks } from './labels.js';
import { stockTakeRepo } from './repo.js';
import type { LabelsQuery } from './schemas.js';

const worker = defineWorkerTasks({
  streams: {
    'stockTake.labelsPdf': (job: { query: LabelsQuery; imagesDir: string }, { db }) =>
      labelsPdfChunks(db, stockTakeRepo(db), job.query, { imagesDir: job.imagesDir }),
  },
});

declare module '../../core/offload/task-types.js' {
  interface OffloadStreams {
    'stockTake.labelsPdf': (typeof worker.streams)['stockTake.labelsPdf'];
  }
}

export default worker;
