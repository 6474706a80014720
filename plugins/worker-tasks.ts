// Every plugin's worker tasks (plugins/<p>/worker.ts), imported explicitly like plugins/index.ts: the worker
// threads' program (core/offload/worker-entry.ts) serves them; the main thread calls them by name through
// app.offload. Names are '<plugin>.<task>'.
import type { StreamFn, TaskFn, WorkerTasks } from '../core/offload/task-types.js';
import creditNotes from './credit-notes/worker.js';
import purchasing from './purchasing/worker.js';
import reports from './reports/worker.js';
import sales from './sales/worker.js';
import shifts from './shifts/worker.js';
import stockTake from './stock-take/worker.js';

const all: WorkerTasks[] = [sales, creditNotes, shifts, reports, purchasing, stockTake];

export const workerTasks: { tasks: Record<string, TaskFn>; streams: Record<string, StreamFn> } = {
  tasks: Object.assign({}, ...all.map((w) => w.tasks ?? {})),
  streams: Object.assign({}, ...all.map((w) => w.streams ?? {})),
};
