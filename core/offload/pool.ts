// A small pool of long-lived worker threads for the slow reads (reports, CSV exports, many-page PDFs), so
// the thread that answers the tills never waits for them (#18). Each worker opens the shop's database
// READ-ONLY once (WAL: it reads while the tills write). Workers start when first needed and then stay;
// jobs queue when all are busy. A worker that dies fails its own job with a clear 500 and is replaced by the
// next job that needs one; a job never hangs. Tasks live in plugins (plugins/worker-tasks.ts).
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { sqliteAddonForWorkers, startWorker } from './run.js';
import type { OffloadStreams, OffloadTasks, StreamInput, TaskInput, TaskOutput, WireError } from './task-types.js';
import type { PoolReply, PoolRequest } from './worker-entry.js';

export interface PoolOptions {
  dbFile: string;
  /** How many worker threads at most (Config.workers: KEDAI_WORKERS, default 2). */
  size: number;
  /** Tests only: a module (file URL) whose default export adds tasks (core/offload/task-types.ts WorkerTasks). */
  extraTasks?: string;
  /** The longest a worker may take to answer (a result, or a stream's next chunk) before it is stopped: 5 minutes. */
  answerTimeoutMs?: number;
}

export const ANSWER_TIMEOUT_MS = 5 * 60_000;

/** A job as the pool tracks it: a plain task, or a stream fed to a Readable. */
interface Job {
  id: number;
  kind: 'run' | 'stream';
  name: string;
  input: unknown;
  /** Settles a run, or the stream's first chunk (the caller answers HTTP only then). */
  resolve(v: unknown): void;
  reject(e: Error): void;
  stream?: StreamState;
}

interface StreamState {
  readable: Readable;
  started: boolean;
  /** A chunk was asked for and has not come yet. */
  asked: boolean;
  /** The reader stopped early (client gone): the worker is told, then freed on its 'end'. */
  cancelled: boolean;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** What the worker threw, if it died of an uncaught error (said in the job's 500). */
  crash?: Error;
  /** Runs while the worker owes an answer: a stuck task ends as a 500, never a hang. */
  timer?: NodeJS.Timeout;
  timedOut?: boolean;
  /** The worker has loaded and opened its connection (start-up time does not count against a job). */
  ready?: boolean;
  /** A request is waiting for the worker's answer. */
  owed?: boolean;
}

/** The message an error from the worker becomes: an AppError keeps its status (a 404 stays a 404). */
function rebuild(e: WireError): Error {
  if (e.statusCode) return new AppError(e.statusCode, e.code ?? 'ERROR', e.message, e.details);
  const err = new Error(e.message);
  if (e.code) Object.assign(err, { code: e.code });
  return err;
}

export class OffloadPool {
  readonly size: number;
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  private readonly answerTimeoutMs: number;

  constructor(private readonly opts: PoolOptions) {
    this.size = opts.size;
    this.answerTimeoutMs = opts.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  }

  /** Runs a task on a worker and resolves with its result (its AppError rejects with the same status). */
  run<K extends keyof OffloadTasks>(name: K, input: TaskInput<K>): Promise<TaskOutput<K>> {
    return new Promise((resolve, reject) => this.enqueue({ id: this.nextId++, kind: 'run', name: String(name), input, resolve: resolve as (v: unknown) => void, reject }));
  }

  /**
   * Streams a task's chunks. Resolves once the first chunk is ready (so a 4xx from the task is still an
   * HTTP error, not a broken download); the worker makes each next chunk only when the reader wants it.
   */
  stream<K extends keyof OffloadStreams>(name: K, input: StreamInput<K>): Promise<Readable> {
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, kind: 'stream', name: String(name), input, resolve: resolve as (v: unknown) => void, reject };
      const readable = new Readable({
        highWaterMark: 256 * 1024,
        read: () => this.ask(job),
        destroy: (err, cb) => {
          this.cancel(job);
          cb(err);
        },
      });
      job.stream = { readable, started: false, asked: true, cancelled: false };
      this.enqueue(job);
    });
  }

  /** Jobs running and waiting (for tests and the log). */
  get load() {
    return { busy: this.slots.filter((s) => s.job).length, queued: this.queue.length, workers: this.slots.length };
  }

  /** Stops every worker; queued and running jobs fail (the server is shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = new AppError(503, 'SHUTTING_DOWN', 'The server is shutting down; try again in a moment');
    for (const job of this.queue.splice(0)) this.fail(job, stopping);
    const slots = this.slots.splice(0);
    for (const s of slots) {
      clearTimeout(s.timer);
      if (s.job) this.fail(s.job, stopping);
      s.job = null; // its 'exit' has nothing left to fail
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private enqueue(job: Job) {
    if (this.closed) return job.reject(new AppError(503, 'SHUTTING_DOWN', 'The server is shutting down; try again in a moment'));
    this.queue.push(job);
    this.dispatch();
  }

  private dispatch() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      if (job.stream?.cancelled) continue;
      this.busy(slot, job);
      this.post(slot, { type: job.kind, id: job.id, name: job.name, input: job.input });
    }
  }

  private spawn(): Slot {
    const worker = startWorker({ mode: 'pool', dbFile: this.opts.dbFile, sqliteAddon: sqliteAddonForWorkers(), extraTasks: this.opts.extraTasks });
    const slot: Slot = { worker, job: null };
    worker.on('message', (m: PoolReply) => this.onReply(slot, m));
    worker.on('error', (err) => { slot.crash = err; }); // 'exit' follows and fails the job
    worker.on('exit', (code) => {
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      if (slot.job) {
        const job = slot.job;
        slot.job = null;
        const why = slot.timedOut ? `: it gave no answer for ${Math.round(this.answerTimeoutMs / 1000)} s`
          : slot.crash ? `: ${slot.crash.message}` : ` (exit code ${code})`;
        this.fail(job, new AppError(500, 'WORKER_STOPPED', `The ${job.name} job stopped unexpectedly: its worker thread ended${why}. Please try again.`));
      }
      if (!this.closed) this.dispatch(); // a replacement starts for whatever waits
    });
    // An idle pool worker must not keep the process alive on its own (busy(): referenced while it works).
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private busy(slot: Slot, job: Job | null) {
    slot.job = job;
    if (job) slot.worker.ref();
    else slot.worker.unref();
  }

  private post(slot: Slot, m: PoolRequest) {
    slot.worker.postMessage(m);
    if (m.type === 'cancel') return;
    slot.owed = true;
    if (slot.ready) this.arm(slot);
  }

  private arm(slot: Slot) {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      slot.timedOut = true;
      void slot.worker.terminate(); // 'exit' fails the job and frees the slot
    }, this.answerTimeoutMs);
    slot.timer.unref();
  }

  private onReply(slot: Slot, m: PoolReply) {
    if (m.type === 'ready') {
      slot.ready = true;
      if (slot.owed) this.arm(slot);
      return;
    }
    clearTimeout(slot.timer);
    slot.owed = false;
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    const s = job.stream;
    if (m.type === 'chunk' && s) {
      s.asked = false;
      if (s.cancelled) return;
      if (!s.started) {
        s.started = true;
        job.resolve(s.readable);
      }
      if (s.readable.push(m.chunk)) this.ask(job);
      return;
    }
    // Every other reply ends the job: the worker is free.
    this.busy(slot, null);
    if (m.type === 'done') job.resolve(m.result);
    else if (m.type === 'end') {
      if (s && !s.cancelled) {
        if (!s.started) {
          s.started = true;
          job.resolve(s.readable);
        }
        s.readable.push(null);
      }
    } else if (m.type === 'error') this.fail(job, rebuild(m.error));
    this.dispatch();
  }

  /** The reader wants more: ask the worker for the next chunk (once; it answers one chunk per pull). */
  private ask(job: Job) {
    const s = job.stream!;
    if (s.asked || s.cancelled || !s.started) return;
    const slot = this.slots.find((x) => x.job === job);
    if (!slot) return;
    s.asked = true;
    this.post(slot, { type: 'pull', id: job.id });
  }

  private cancel(job: Job) {
    const s = job.stream!;
    if (s.cancelled) return;
    s.cancelled = true;
    const slot = this.slots.find((x) => x.job === job);
    if (slot) this.post(slot, { type: 'cancel', id: job.id });
  }

  private fail(job: Job, err: Error) {
    const s = job.stream;
    if (s?.started) {
      if (!s.cancelled) s.readable.destroy(err);
    } else job.reject(err);
  }
}
