// The background uploader: takes due jobs from the queue one at a time and applies them to the store. Only
// async I/O on the main thread, so a request is never held up; a failure keeps the job (with its reason) and
// pauses the whole queue with growing waits (1 s, 2 s, 4 s ... 5 min), since a store that refused one photo
// is most likely down, full or refusing the keys.
import fs from 'node:fs';
import path from 'node:path';
import { nowIso } from '../../../core/db.js';
import type { ObjectStore } from '../../../core/replica/object-store.js';
import { IMAGES_PREFIX, imageKey } from '../../../core/replica/images.js';
import { VARIANTS } from '../file-store.js';
import type { ReplicaJob, ReplicaQueue } from './queue.js';

export interface UploaderLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface UploaderOptions {
  queue: ReplicaQueue;
  /** Opened by the loop itself, so loading the S3 client never delays the start. */
  openStore: () => Promise<ObjectStore>;
  imagesDir: string;
  log: UploaderLog;
  /** First wait after a failure (doubles each time) and the longest wait. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How long the loop sleeps with nothing due before it looks again (a missed wake costs at most this). */
  idleMs?: number;
}

export interface Uploader {
  /** Something was queued: look now (a pause after a failure still runs its course). */
  wake(): void;
  /** Stops after aborting the request in flight (its job stays queued for the next start). */
  stop(): Promise<void>;
}

/** The wait after the n-th failure in a row, with some jitter so restarted shops do not all call at once. */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

const exists = (file: string) =>
  fs.promises.access(file).then(
    () => true,
    () => false,
  );

export function startUploader(opts: UploaderOptions): Uploader {
  const { queue, imagesDir, log } = opts;
  const retryMs = opts.retryMs ?? 1000;
  const maxRetryMs = opts.maxRetryMs ?? 5 * 60_000;
  const idleMs = opts.idleMs ?? 30_000;
  const abort = new AbortController();
  let stopped = false;
  let wakeSleeper: (() => void) | undefined;
  let wokenEarly = false;
  let failures = 0;
  let lastLogged: string | undefined;

  /** Sleeps ms; stop() always ends it, wake() only when `wakeable`. */
  const sleep = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      if (stopped || (wakeable && wokenEarly)) {
        wokenEarly = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        abort.signal.removeEventListener('abort', done);
        if (wakeSleeper === done) wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      timer.unref();
      abort.signal.addEventListener('abort', done);
      if (wakeable) wakeSleeper = done;
    });

  const apply = async (store: ObjectStore, job: ReplicaJob) => {
    const names = VARIANTS.map((v) => `${job.file_id}.${v}.webp`);
    if (job.op === 'delete') {
      for (const name of names) await store.delete(imageKey(name), abort.signal);
      return 'sent';
    }
    const files = names.map((n) => path.join(imagesDir, n));
    // Deleted since it was queued (its delete job replaces this one) or lost locally: nothing to send.
    if (!(await Promise.all(files.map(exists))).every(Boolean)) return 'missing';
    for (const [i, name] of names.entries()) await store.putFile(imageKey(name), files[i], 'image/webp', abort.signal);
    return 'sent';
  };

  /** Once per start, before the queue: the photos the store lacks are queued (see queue.queueMissing). */
  const reconcile = async (store: ObjectStore) => {
    const stored = new Set((await store.list(IMAGES_PREFIX)).map((k) => k.slice(IMAGES_PREFIX.length)));
    const queued = queue.queueMissing(stored);
    if (queued > 0) log.info(`Off-site copy: ${queued} photos missing from ${store.where} queued`);
  };

  const loop = async () => {
    let store: ObjectStore | undefined;
    let reconciled = false;
    while (!stopped) {
      if (!reconciled) {
        try {
          store ??= await opts.openStore();
          await reconcile(store);
          reconciled = true;
          if (lastLogged !== undefined) queue.setError(null);
          lastLogged = undefined;
        } catch (err) {
          // Reported like a failed job; tried again each round (a job's own failure backs the round off).
          if (stopped) break;
          const message = (err as Error).message || String(err);
          queue.setError(message);
          if (message !== lastLogged) log.warn(`Off-site copy of photos cannot list ${store?.where ?? 'the store'}: ${message}`);
          lastLogged = message;
        }
      }
      const job = queue.nextDue(nowIso());
      if (!job) {
        const next = queue.earliestDue();
        await sleep(next ? Math.min(idleMs, Date.parse(next) - Date.now()) : idleMs, true);
        continue;
      }
      try {
        store ??= await opts.openStore();
        const outcome = await apply(store, job);
        if (outcome === 'missing') {
          queue.drop(job);
          // Deleted meanwhile is normal (its delete job follows); a photo still in use but gone from disk is not.
          if (queue.isLive(job.file_id)) log.warn(`Off-site copy: photo ${job.file_id} is missing from ${imagesDir}; not uploaded`);
        } else {
          queue.done(job);
        }
        if (failures > 0) log.info(`Off-site copy of photos works again (${store.where})`);
        failures = 0;
        lastLogged = undefined;
      } catch (err) {
        if (stopped) break; // aborted by stop(): the job stays queued as it was
        failures++;
        const message = (err as Error).message || String(err);
        const wait = backoffMs(failures, retryMs, maxRetryMs);
        queue.failed(job, message, new Date(Date.now() + backoffMs(job.attempts + 1, retryMs, maxRetryMs)).toISOString());
        if (message !== lastLogged) log.warn(`Off-site copy of photos failed, retrying (queue kept): ${message}`);
        lastLogged = message;
        await sleep(wait, false);
      }
    }
    store?.close();
  };

  const running = loop().catch((err) => log.warn(`Off-site copy of photos stopped: ${(err as Error).message}`));
  return {
    wake() {
      if (wakeSleeper) wakeSleeper();
      else wokenEarly = true;
    },
    async stop() {
      stopped = true;
      abort.abort();
      await running;
    },
  };
}
