// The worker thread's program, as a function of the tasks it serves (runWorker), in two modes:
// - one-shot (core/offload/run.ts): run one core task (a backup), post its result and end;
// - pool (core/offload/pool.ts): open the shop's database READ-ONLY once, then serve the tasks it was given
//   (the plugins': app/worker.ts hands over app/worker-tasks.ts) one at a time for as long as the server runs.
// Core names no plugin: the program file is the app's (app/worker.ts), or core's own worker-entry.ts (core
// tasks only) where no app told core its own. Native parts load the way the main thread loaded them (the
// executable hands over its unpacked addon).
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDb, type Db } from '../db.js';
import { AppError } from '../errors.js';
import { setNativeBinding } from '../native.js';
import { warmUpPdf } from '../pdf/render.js';
import { TASKS } from './tasks.js';
import type { StreamFn, TaskFn, WireError, WorkerTasks } from './task-types.js';
import type { PoolReply, PoolRequest, PoolWorkerInput, WorkerInput, WorkerOutput } from './worker-messages.js';

/**
 * Lowers this worker thread's CPU priority (nice 10; Linux, where a thread has its own): on a 2-core mini PC a
 * PDF or an export must not take the core the tills' requests need. An idle machine still gives a worker all
 * the CPU it wants; only when both want it at once does the thread that answers the tills go first (#27).
 */
function yieldToTheTills() {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) os.setPriority(tid, WORKER_NICE);
  } catch {
    // Not Linux, or not allowed: the worker runs at the server's own priority.
  }
}
const WORKER_NICE = 10;

function loadSqliteAddon(sqliteAddon: string | null) {
  if (!sqliteAddon) return;
  const addon = { exports: {} as object };
  process.dlopen(addon, sqliteAddon);
  setNativeBinding('better-sqlite3', addon.exports);
}

function wireError(err: unknown): WireError {
  const e = err as Error & { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  const out: WireError = { name: e?.constructor?.name ?? 'Error', message: String(e?.message ?? err), code: typeof code === 'string' ? code : undefined };
  if (err instanceof AppError) Object.assign(out, { statusCode: err.statusCode, details: err.details });
  return out;
}

async function runOnce({ task, input, sqliteAddon }: WorkerInput) {
  loadSqliteAddon(sqliteAddon);
  try {
    const result = await (TASKS[task] as (i: unknown) => Promise<unknown>)(input);
    parentPort!.postMessage({ ok: true, result } satisfies WorkerOutput);
  } catch (err) {
    const { name, message, code } = wireError(err);
    parentPort!.postMessage({ ok: false, name, message, code } satisfies WorkerOutput);
  }
}

async function serve({ dbFile, sqliteAddon, extraTasks }: PoolWorkerInput, workerTasks: WorkerTasks) {
  loadSqliteAddon(sqliteAddon);
  const extra: WorkerTasks = extraTasks ? ((await import(extraTasks)) as { default: WorkerTasks }).default : {};
  const tasks: Record<string, TaskFn> = { ...workerTasks.tasks, ...extra.tasks };
  const streams: Record<string, StreamFn> = { ...workerTasks.streams, ...extra.streams };
  // WAL: this connection reads a consistent snapshot per statement while the tills write.
  const db: Db = openDb(dbFile, { readonly: true });
  // A 2 MB page cache (better-sqlite3 builds with 16 MB): a worker's jobs read a period once, and the OS keeps
  // the file cached; a 16 MB cache per worker stayed in the server's RSS after the worker ended (#27).
  db.pragma('cache_size = -2000');
  // Fonts parsed once per worker, now (#27): the first PDF it makes does not pay for them. A failure here is
  // the first PDF's to report (fonts.ts tries again), not the worker's.
  await warmUpPdf().catch(() => undefined);
  const ctx = { db };
  const port = parentPort!;
  const post = (m: PoolReply) => port.postMessage(m);
  const encoder = new TextEncoder();
  // The one stream this worker is feeding (the pool sends a worker one job at a time).
  let current: { id: number; it: AsyncIterator<string | Uint8Array> | Iterator<string | Uint8Array> } | null = null;

  const next = async () => {
    const s = current!;
    try {
      const r = await s.it.next();
      if (current !== s) return; // cancelled meanwhile
      if (r.done) {
        current = null;
        post({ type: 'end', id: s.id });
      } else {
        // Bytes, moved to the main thread rather than copied (a string would be copied into its heap, then
        // encoded again for the socket: a yearly CSV is 27 MB of them).
        const bytes = typeof r.value === 'string' ? encoder.encode(r.value) : r.value;
        const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
        port.postMessage({ type: 'chunk', id: s.id, chunk: bytes } satisfies PoolReply, own ? [bytes.buffer as ArrayBuffer] : []);
      }
    } catch (err) {
      current = null;
      post({ type: 'error', id: s.id, error: wireError(err) });
    }
  };

  post({ type: 'ready' });
  port.on('message', async (m: PoolRequest) => {
    if (m.type === 'run') {
      const fn = tasks[m.name];
      try {
        if (!fn) throw new Error(`Unknown worker task: ${m.name}`);
        post({ type: 'done', id: m.id, result: await fn(m.input, ctx) });
      } catch (err) {
        post({ type: 'error', id: m.id, error: wireError(err) });
      }
    } else if (m.type === 'stream') {
      const fn = streams[m.name];
      try {
        if (!fn) throw new Error(`Unknown worker stream: ${m.name}`);
        const source = fn(m.input, ctx);
        const it = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : (source as Iterable<string | Uint8Array>)[Symbol.iterator]();
        current = { id: m.id, it };
        await next(); // the first chunk goes at once: the caller answers only when it has it (or the error)
      } catch (err) {
        post({ type: 'error', id: m.id, error: wireError(err) });
      }
    } else if (m.type === 'pull') {
      if (current?.id === m.id) await next();
    } else if (m.type === 'cancel') {
      // Answered with 'end' (whatever the generator does on return): the pool frees this worker on it.
      if (current?.id !== m.id) return; // already ended: its 'end' or 'error' is on its way
      const it = current.it;
      current = null;
      try {
        await it.return?.(undefined);
      } finally {
        post({ type: 'end', id: m.id });
      }
    }
  });
}

/** Runs this worker thread: one core task, or (pool mode) `workerTasks` for as long as the server runs. */
export function runWorker(workerTasks: WorkerTasks) {
  yieldToTheTills();
  const data = workerData as WorkerInput | PoolWorkerInput;
  if ('mode' in data && data.mode === 'pool') void serve(data, workerTasks);
  else void runOnce(data as WorkerInput);
}
