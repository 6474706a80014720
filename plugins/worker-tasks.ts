// Every plugin's worker tasks (plugins/<p>/worker.ts), imported explicitly like plugins/index.ts: the worker
// threads' program (core/offload/worker-entry.ts) serves them; the main thread calls them by name through
// app.offload. Names are '<plugin>.<task>'.
import type { StreamFn, TaskFn } from '../core/offload/task-types.js';
import reports from './reports/worker.js';

const all = [reports];

export const workerTasks: { tasks: Record<string, TaskFn>; streams: Record<string, StreamFn> } = {
  tasks: Object.assign({}, ...all.map((w) => w.tasks ?? {})),
  streams: Object.assign({}, ...all.map((w) => w.streams ?? {})),
};
