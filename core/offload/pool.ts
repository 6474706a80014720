// A small pool of long-lived worker threads for the slow reads (reports, CSV exports, many-page PDFs), so
// the thread that answers the tills never waits for them (#18). Each worker opens the shop's database
// READ-ONLY once (WAL: it reads while the tills write) and parses the PDF fonts. Workers start when first
// needed and end after 30 s without work (their grown heaps go back to the system); jobs queue when all are busy. A worker that dies fails its own job with a clear 500 and is replaced by the
// next job that needs one; a job never hangs. Tasks live in plugins (listed in app/worker-tasks.ts).
// Two lanes (#27): interactive jobs (reports, end-of-day, single PDFs) and bulk ones (CSV exports, label
// batches). Bulk jobs never take the last worker, so an interactive job always finds one free or soon free;
// each user has at most two bulk jobs at once (429 beyond); a stream whose reader stops reading for 30 s is
// ended (the client's connection closes) and its worker freed.
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { sqliteAddonForWorkers, startWorker } from './run.js';
import type { OffloadStreams, OffloadTasks, StreamInput, TaskInput, TaskOutput, WireError } from './task-types.js';
import type { PoolReply, PoolRequest } from './worker-messages.js';

export interface PoolOptions {
  dbFile: string;
  /** How many worker threads at most (Config.workers: KEDAI_WORKERS, default 2). */
  size: number;
  /** Tests only: a module (file URL) whose default export adds tasks (core/offload/task-types.ts WorkerTasks). */
  extraTasks?: string;
  /** The longest a worker may take to answer (a result, or a stream's next chunk) before it is stopped: 5 minutes. */
  answerTimeoutMs?: number;
  /** A stream whose reader takes nothing for this long is ended and its worker freed: 30 s (tests lower it). */
  stallTimeoutMs?: number;
  /** Bulk jobs one user may have running or waiting at once: 2. */
  bulkPerUser?: number;
  /** A worker with nothing to do for this long ends, giving its memory back (the next job starts a fresh one): 30 s. */
  idleExitMs?: number;
}

export const ANSWER_TIMEOUT_MS = 5 * 60_000;
export const STALL_TIMEOUT_MS = 30_000;
export const BULK_PER_USER = 2;
export const IDLE_EXIT_MS = 30_000;

/** Interactive: someone waits at the screen (reports, end-of-day, one PDF). Bulk: exports and label batches. */
export type Lane = 'interactive' | 'bulk';

export interface JobOptions {
  /** Default: interactive for run(), bulk for stream(). */
  lane?: Lane;
  /** Who asked (the user's id): a bulk job counts against its owner's limit. */
  owner?: string | number;
}

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
  lane: Lane;
  owner?: string | number;
  /** Its place in its owner's bulk count was given back (once, whichever way the job ended). */
  released?: boolean;
}

interface StreamState {
  readable: Readable;
  started: boolean;
  /** A chunk was asked for and has not come yet. */
  asked: boolean;
  /** The reader stopped early (client gone): the worker is told, then freed on its 'end'. */
  cancelled: boolean;
  /** Runs while a chunk waits for the reader to want the next: a reader that never does is ended. */
  stall?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** What the worker threw, if it died of an uncaught error (said in the job's 500). */
  crash?: Error;
  /** Runs while the worker owes an answer: a stuck task ends as a 500, never a hang. */
  timer?: NodeJS.Timeout;
  timedOut?: boolean;
  /** Runs while the worker has no job: it ends when nothing comes (retired, not a crash). */
  idle?: NodeJS.Timeout;
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
  /** Bulk jobs running or waiting, by owner. */
  private bulkByOwner = new Map<string | number, number>();

  private readonly answerTimeoutMs: number;
  private readonly stallTimeoutMs: number;
  private readonly bulkPerUser: number;
  private readonly idleExitMs: number;
  /** Workers bulk jobs may hold at once: all but one (at least one). */
  readonly bulkSlots: number;
  /** Workers at most: the pool's size, plus one for the interactive lane when the size is 1. */
  readonly maxWorkers: number;

  constructor(private readonly opts: PoolOptions) {
    this.size = opts.size;
    this.answerTimeoutMs = opts.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
    this.stallTimeoutMs = opts.stallTimeoutMs ?? STALL_TIMEOUT_MS;
    this.bulkPerUser = opts.bulkPerUser ?? BULK_PER_USER;
    this.idleExitMs = opts.idleExitMs ?? IDLE_EXIT_MS;
    this.bulkSlots = Math.max(1, opts.size - 1);
    this.maxWorkers = Math.max(opts.size, this.bulkSlots + 1);
  }

  /** Runs a task on a worker and resolves with its result (its AppError rejects with the same status). */
  run<K extends keyof OffloadTasks>(name: K, input: TaskInput<K>, o: JobOptions = {}): Promise<TaskOutput<K>> {
    return new Promise((resolve, reject) =>
      this.enqueue({
        id: this.nextId++,
        kind: 'run',
        name: String(name),
        input,
        resolve: resolve as (v: unknown) => void,
        reject,
        lane: o.lane ?? 'interactive',
        owner: o.owner,
      }),
    );
  }

  /**
   * Streams a task's chunks. Resolves once the first chunk is ready (so a 4xx from the task is still an
   * HTTP error, not a broken download); the worker makes each next chunk only when the reader wants it.
   */
  stream<K extends keyof OffloadStreams>(name: K, input: StreamInput<K>, o: JobOptions = {}): Promise<Readable> {
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        kind: 'stream',
        name: String(name),
        input,
        resolve: resolve as (v: unknown) => void,
        reject,
        lane: o.lane ?? 'bulk',
        owner: o.owner,
      };
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

  /** Busy workers by lane (for tests and the log). */
  get lanes() {
    const busy = (lane: Lane) => this.slots.filter((s) => s.job?.lane === lane).length;
    return { interactive: busy('interactive'), bulk: busy('bulk') };
  }

  /** Stops every worker; queued and running jobs fail (the server is shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = new AppError(503, 'SHUTTING_DOWN', 'The server is shutting down; try again in a moment');
    for (const job of this.queue.splice(0)) this.fail(job, stopping);
    const slots = this.slots.splice(0);
    for (const s of slots) {
      clearTimeout(s.timer);
      clearTimeout(s.idle);
      if (s.job) this.fail(s.job, stopping);
      s.job = null; // its 'exit' has nothing left to fail
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private enqueue(job: Job) {
    if (this.closed) return job.reject(new AppError(503, 'SHUTTING_DOWN', 'The server is shutting down; try again in a moment'));
    if (job.lane === 'bulk' && job.owner !== undefined) {
      const mine = this.bulkByOwner.get(job.owner) ?? 0;
      if (mine >= this.bulkPerUser) {
        job.released = true;
        return job.reject(
          new AppError(
            429,
            'TOO_MANY_BULK_JOBS',
            `You already have ${mine} exports or label batches running: wait for one to finish, then try again (at most ${this.bulkPerUser} at a time)`,
            { running: mine, limit: this.bulkPerUser },
          ),
        );
      }
      this.bulkByOwner.set(job.owner, mine + 1);
    }
    this.queue.push(job);
    this.dispatch();
  }

  /** Gives a finished bulk job's place back to its owner. */
  private release(job: Job) {
    if (job.released) return;
    job.released = true;
    if (job.lane !== 'bulk' || job.owner === undefined) return;
    const left = (this.bulkByOwner.get(job.owner) ?? 1) - 1;
    if (left > 0) this.bulkByOwner.set(job.owner, left);
    else this.bulkByOwner.delete(job.owner);
  }

  /** Where the next job a free worker takes waits: the first interactive one, else the first bulk one if the bulk lane has room. */
  private nextJobAt(): number {
    const at = this.queue.findIndex((j) => j.lane === 'interactive');
    if (at >= 0 || this.lanes.bulk >= this.bulkSlots) return at;
    return this.queue.findIndex((j) => j.lane === 'bulk');
  }

  private dispatch() {
    for (const cancelled of this.queue.filter((j) => j.stream?.cancelled)) {
      this.queue.splice(this.queue.indexOf(cancelled), 1);
      this.release(cancelled);
    }
    while (this.queue.length) {
      const at = this.nextJobAt();
      if (at < 0) return; // only bulk jobs wait, and the bulk lane is full: a free worker stays for interactive work
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.maxWorkers) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.splice(at, 1)[0];
      this.busy(slot, job);
      this.post(slot, { type: job.kind, id: job.id, name: job.name, input: job.input });
    }
  }

  private spawn(): Slot {
    const worker = startWorker({ mode: 'pool', dbFile: this.opts.dbFile, sqliteAddon: sqliteAddonForWorkers(), extraTasks: this.opts.extraTasks });
    const slot: Slot = { worker, job: null };
    worker.on('message', (m: PoolReply) => this.onReply(slot, m));
    worker.on('error', (err) => {
      slot.crash = err;
    }); // 'exit' follows and fails the job
    worker.on('exit', (code) => {
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      if (slot.job) {
        const job = slot.job;
        slot.job = null;
        const why = slot.timedOut
          ? `: it gave no answer for ${Math.round(this.answerTimeoutMs / 1000)} s`
          : slot.crash
            ? `: ${slot.crash.message}`
            : ` (exit code ${code})`;
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
    clearTimeout(slot.idle);
    if (job) {
      slot.worker.ref();
      return;
    }
    slot.worker.unref();
    // A PDF or an export leaves its worker's heap grown, and V8 keeps it: a worker left idle ends instead, so
    // the server's memory settles back after the busy hour (#27). Its 'exit' has no job to fail.
    slot.idle = setTimeout(() => {
      if (slot.job) return;
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      void slot.worker.terminate();
    }, this.idleExitMs);
    slot.idle.unref();
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
      else this.watchReader(job);
      return;
    }
    // Every other reply ends the job: the worker is free.
    this.busy(slot, null);
    if (s) clearTimeout(s.stall);
    this.release(job);
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

  /**
   * The stream's buffer is full and the worker waits for the reader. A reader that takes nothing more for
   * stallTimeoutMs (a client that stopped reading, a socket nobody drains) is ended: the readable errors (the
   * HTTP reply's connection is closed), the worker is told to stop and is free for the next job.
   */
  private watchReader(job: Job) {
    const s = job.stream!;
    clearTimeout(s.stall);
    s.stall = setTimeout(() => {
      if (s.cancelled || s.asked) return;
      s.readable.destroy(
        new AppError(408, 'READER_STALLED', `The ${job.name} download was ended: nothing was read for ${Math.round(this.stallTimeoutMs / 1000)} s`),
      );
    }, this.stallTimeoutMs);
    s.stall.unref();
  }

  /** The reader wants more: ask the worker for the next chunk (once; it answers one chunk per pull). */
  private ask(job: Job) {
    const s = job.stream!;
    clearTimeout(s.stall);
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
    clearTimeout(s.stall);
    const slot = this.slots.find((x) => x.job === job);
    if (slot) this.post(slot, { type: 'cancel', id: job.id });
  }

  private fail(job: Job, err: Error) {
    this.release(job);
    const s = job.stream;
    if (s) clearTimeout(s.stall);
    if (s?.started) {
      if (!s.cancelled) s.readable.destroy(err);
    } else job.reject(err);
  }
}
