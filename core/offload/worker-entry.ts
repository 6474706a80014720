// The worker thread's program: load the native parts the way the main thread did, run one task, post its
// result (or its error's name, message and code) and end.
import { parentPort, workerData } from 'node:worker_threads';
import { setNativeBinding } from '../native.js';
import { TASKS, type TaskName } from './tasks.js';

export interface WorkerInput {
  task: TaskName;
  input: unknown;
  /** better-sqlite3's addon file when the main thread loaded it from the executable's runtime folder. */
  sqliteAddon: string | null;
}

export type WorkerOutput = { ok: true; result: unknown } | { ok: false; name: string; message: string; code?: string };

async function run({ task, input, sqliteAddon }: WorkerInput) {
  if (sqliteAddon) {
    const addon = { exports: {} as object };
    process.dlopen(addon, sqliteAddon);
    setNativeBinding('better-sqlite3', addon.exports);
  }
  try {
    const result = await (TASKS[task] as (i: unknown) => Promise<unknown>)(input);
    parentPort!.postMessage({ ok: true, result } satisfies WorkerOutput);
  } catch (err) {
    const e = err as Error & { code?: unknown; cause?: { code?: unknown } };
    const code = e.code ?? e.cause?.code;
    parentPort!.postMessage({ ok: false, name: e.constructor?.name ?? 'Error', message: e.message, code: typeof code === 'string' ? code : undefined } satisfies WorkerOutput);
  }
}

void run(workerData as WorkerInput);
