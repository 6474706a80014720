// Every plugin's worker tasks (plugins/<p>/worker.ts), imported explicitly like app/plugins.ts: the worker
// threads' program (app/worker.ts) serves them; the main thread calls them by name through app.offload.
// Names are '<plugin>.<task>'. tests/plugin-lists.test.ts checks this list against the plugins/ folders.
import type { StreamFn, TaskFn, WorkerTasks } from '../core/offload/task-types.js';
import creditNotes from '../plugins/credit-notes/worker.js';
import purchasing from '../plugins/purchasing/worker.js';
import reports from '../plugins/reports/worker.js';
import sales from '../plugins/sales/worker.js';
import shifts from '../plugins/shifts/worker.js';
import stockTake from '../plugins/stock-take/worker.js';

const all: WorkerTasks[] = [sales, creditNotes, shifts, reports, purchasing, stockTake];

export const workerTasks: { tasks: Record<string, TaskFn>; streams: Record<string, StreamFn> } = {
  tasks: Object.assign({}, ...all.map((w) => w.tasks ?? {})),
  streams: Object.assign({}, ...all.map((w) => w.streams ?? {})),
};
