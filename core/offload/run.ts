// Runs a task (core/offload/tasks.ts) on its own worker thread and resolves with its result: the thread that
// answers the tills only waits for a message. One thread per task: backups are rare, and a thread that ends
// gives its memory back. The worker's program is the app's (app/worker.ts: core tasks and every plugin's,
// told by setWorkerProgram), else core's own worker-entry (core tasks only). Where it lives depends on how Kedai runs:
// - development and tests through tsx: a .ts file, loaded through tsx (Node 20 does not pass the main
//   thread's module hooks on to workers, so the worker registers them itself);
// - a bundle (tests' bundleServer): a .mjs file beside the bundle;
// - the single executable: the `worker.cjs` it unpacked into its runtime folder (setWorkerScript).
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { BackupError } from '../backup.js';
import type { Tasks, TaskName } from './tasks.js';
import type { PoolWorkerInput, WorkerInput, WorkerOutput } from './worker-messages.js';

let executable: { script: string; sqliteAddon: string } | null = null;
/** The app's worker program (a .ts or .mjs file URL), told by the composition root (app/worker-location.ts). */
let program: URL | null = null;

/**
 * A worker's heap, bounded (#27). Node sizes a worker's heap from the machine's memory and V8 lets it grow far
 * past what a job keeps alive before collecting: a yearly CSV (27 MB streamed, a page of rows alive at a time)
 * took the server's RSS from 118 to 307 MB, 211 with these limits. Young generation 8 MB (default up to 48, kept
 * committed), old generation 64 MB: every job keeps far less alive (a 2,000-label PDF is streamed, a report is
 * summed by SQLite); one that needs more ends as a 500 that says its worker ran out of memory.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 };

/** The SQLite addon a worker must load (the executable's unpacked one), or null to let better-sqlite3 find its own. */
export function sqliteAddonForWorkers(): string | null {
  return executable?.sqliteAddon ?? null;
}

/** The single executable's unpacked worker program and SQLite addon (core/sea-runtime.ts loadRuntime). */
export function setWorkerScript(script: string, sqliteAddon: string) {
  executable = { script, sqliteAddon };
}

/** The app's worker program (runWorker with the plugins' tasks), used by every worker started from now on. */
export function setWorkerProgram(file: URL) {
  program = file;
}

/** Starts the worker program (one-shot or pool mode, by its data) wherever this build keeps it. */
export function startWorker(data: WorkerInput | PoolWorkerInput): Worker {
  if (executable) return new Worker(executable.script, { workerData: data, resourceLimits: WORKER_LIMITS });
  const here = typeof import.meta.url === 'string' ? import.meta.url : pathToFileURL(path.join(process.cwd(), 'core/offload/run.ts')).href;
  const file = program ?? new URL(here.endsWith('.ts') ? './worker-entry.ts' : './worker-entry.mjs', here);
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { workerData: data, resourceLimits: WORKER_LIMITS });
  const entry = file.href;
  const sqlHooks = new URL('../dev/register.mjs', here).href;
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(sqlHooks)}); }).then(() => import(${JSON.stringify(entry)}))`;
  return new Worker(boot, { eval: true, workerData: data, resourceLimits: WORKER_LIMITS });
}

/** An error from the worker as the caller knows it (a BackupError keeps its class and its code). */
function rebuild(out: Extract<WorkerOutput, { ok: false }>): Error {
  const cause = out.code ? Object.assign(new Error(out.code), { code: out.code }) : undefined;
  const err = out.name === 'BackupError' ? new BackupError(out.message, { cause }) : new Error(out.message, { cause });
  if (out.code) Object.assign(err, { code: out.code });
  return err;
}

/** Runs `task` on a worker thread. */
export function runOffThread<K extends TaskName>(task: K, input: Parameters<Tasks[K]>[0]): ReturnType<Tasks[K]> {
  return new Promise<unknown>((resolve, reject) => {
    const worker = startWorker({ task, input, sqliteAddon: executable?.sqliteAddon ?? null });
    let settled = false;
    worker.once('message', (out: WorkerOutput) => {
      settled = true;
      if (out.ok) resolve(out.result);
      else reject(rebuild(out));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
    });
    worker.once('exit', (code) => {
      if (!settled) {
        settled = true;
        reject(new Error(`The ${task} worker stopped (exit code ${code}) before it finished`));
      }
    });
  }) as unknown as ReturnType<Tasks[K]>;
}
