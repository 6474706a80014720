// The messages between the main thread and a worker thread (core/offload/run.ts and pool.ts on one side, the
// worker program, worker-program.ts, on the other): types only, so the main thread's side needs nothing of
// the worker's code (which loads the PDF machinery).
import type { TaskName } from './tasks.js';
import type { WireError } from './task-types.js';

export interface WorkerInput {
  task: TaskName;
  input: unknown;
  /** better-sqlite3's addon file when the main thread loaded it from the executable's runtime folder. */
  sqliteAddon: string | null;
}

export interface PoolWorkerInput {
  mode: 'pool';
  dbFile: string;
  sqliteAddon: string | null;
  /** Tests only: a module whose default export (WorkerTasks) is served besides the plugins' tasks. */
  extraTasks?: string;
}

export type WorkerOutput = { ok: true; result: unknown } | { ok: false; name: string; message: string; code?: string };

/** Main thread -> pool worker. */
export type PoolRequest =
  | { type: 'run'; id: number; name: string; input: unknown }
  | { type: 'stream'; id: number; name: string; input: unknown }
  | { type: 'pull'; id: number }
  | { type: 'cancel'; id: number };

/** Pool worker -> main thread. */
export type PoolReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'chunk'; id: number; chunk: string | Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; error: WireError };
