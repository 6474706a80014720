// The worker pool on a real database file: results, read-only connections, errors keeping their HTTP status,
// a crashed worker failing only its own job (then replaced), queueing beyond the pool's size, streams that
// the reader paces (backpressure) and that fail cleanly, and shutdown.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import { openDb, type Db } from '../db.js';
import { AppError } from '../errors.js';
import { loadConfig } from '../config.js';
import { OffloadPool } from './pool.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-pool-'));
const dbFile = path.join(dir, 'kedai.db');
const extraTasks = pathToFileURL(path.resolve('tests/helpers/offload-test-tasks.ts')).href;
let db: Db;
let pool: OffloadPool;

// The test tasks are not in OffloadTasks (production names only): call them untyped.
const run = (name: string, input: unknown = {}) => (pool.run as unknown as (n: string, i: unknown) => Promise<any>)(name, input);
const stream = (name: string, input: unknown = {}) => (pool.stream as unknown as (n: string, i: unknown) => Promise<Readable>)(name, input);
const rejection = async (p: Promise<unknown>): Promise<Error> =>
  p.then(
    () => {
      throw new Error('should have failed');
    },
    (e: Error) => e,
  );

test.before(() => {
  db = openDb(dbFile);
  db.exec('CREATE TABLE core_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  pool = new OffloadPool({ dbFile, size: 2, extraTasks });
});

test.after(async () => {
  await pool.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('KEDAI_WORKERS sets the pool size (1-16, default 2); anything else stops the start with a clear message', () => {
  assert.is(loadConfig([], {}).workers, 2);
  assert.is(loadConfig([], { KEDAI_WORKERS: '4' }).workers, 4);
  for (const bad of ['0', '17', 'many', '1.5'])
    assert.throws(() => loadConfig([], { KEDAI_WORKERS: bad }), /Invalid KEDAI_WORKERS: .* \(1 to 16 worker threads\)/);
});

test('a task runs on a worker with its own read-only connection', async () => {
  assert.equal(await run('test.echo', { n: 7 }), { n: 7, one: 1, readonly: true });
  const err = await rejection(run('test.write'));
  assert.match(err.message, /readonly/i);
});

test('a 404 thrown in the worker stays a 404; a plain error stays a plain error (a 500)', async () => {
  const e = await rejection(run('test.notFound'));
  assert.ok(e instanceof AppError);
  assert.is((e as AppError).statusCode, 404);
  assert.is((e as AppError).code, 'NOT_FOUND');
  assert.is(e.message, 'Widget not found');
  const plain = await rejection(run('test.fail'));
  assert.not.ok(plain instanceof AppError);
  assert.is(plain.message, 'plain failure');
});

test('a crashed worker fails its own job with a 500 that says so, and the next job gets a fresh worker', async () => {
  const e = (await rejection(run('test.crash'))) as AppError;
  assert.ok(e instanceof AppError);
  assert.is(e.statusCode, 500);
  assert.is(e.code, 'WORKER_STOPPED');
  assert.match(e.message, /test\.crash job stopped unexpectedly: its worker thread ended: worker blew up/);
  assert.equal(await run('test.echo', { n: 1 }), { n: 1, one: 1, readonly: true });
  assert.ok(pool.load.workers <= 2);
});

test('a task that gives no answer in time: its worker is stopped, the job fails with a 500 saying so', async () => {
  const quick = new OffloadPool({ dbFile, size: 1, extraTasks, answerTimeoutMs: 300 });
  try {
    const e = (await rejection((quick.run as unknown as (n: string, i: unknown) => Promise<unknown>)('test.sleep', { ms: 5000 }))) as AppError;
    assert.is(e.statusCode, 500);
    assert.match(e.message, /test\.sleep job stopped unexpectedly: its worker thread ended: it gave no answer for 0 s/);
    assert.equal(await (quick.run as unknown as (n: string, i: unknown) => Promise<unknown>)('test.echo', { n: 5 }), { n: 5, one: 1, readonly: true });
  } finally {
    await quick.close();
  }
});

test('beyond the pool size jobs queue, and run two at a time', async () => {
  const started = Date.now();
  const jobs = [0, 1, 2, 3].map(() => run('test.sleep', { ms: 150 }));
  await new Promise((r) => setTimeout(r, 30));
  assert.equal({ busy: pool.load.busy, queued: pool.load.queued }, { busy: 2, queued: 2 });
  const done = (await Promise.all(jobs)).map((r: { finished: number }) => r.finished - started).sort((a, b) => a - b);
  // Two finish after about one sleep, the other two after about two.
  assert.ok(done[1] < done[2] - 100, JSON.stringify(done));
  assert.equal(pool.load, { busy: 0, queued: 0, workers: 2 });
});

test('a stream: every chunk in order; the worker makes chunks only as the reader takes them', async () => {
  const made = new Int32Array(new SharedArrayBuffer(4));
  const s = await stream('test.count', { chunks: 200, size: 64 * 1024, made }); // 12.5 MB
  // Nobody reads yet: the worker stops once the stream's buffer is full (256 KB: a handful of chunks).
  await new Promise((r) => setTimeout(r, 200));
  const madeWhilePaused = Atomics.load(made, 0);
  assert.ok(madeWhilePaused >= 1 && madeWhilePaused < 10, `made ${madeWhilePaused} chunks before anyone read`);
  const parts: Buffer[] = [];
  for await (const chunk of s) parts.push(chunk as Buffer);
  const text = Buffer.concat(parts).toString();
  assert.is(text.length, 200 * 64 * 1024);
  const numbers = text
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(line.slice(0, 6)));
  assert.equal(numbers, [...Array(200).keys()]);
  assert.is(Atomics.load(made, 0), 200);
});

test('a stream that fails half-way errors the readable; one that fails at once rejects with its status', async () => {
  const s = await stream('test.failAfter', { after: 3 });
  const got: string[] = [];
  const err = await (async () => {
    try {
      for await (const c of s) got.push(String(c));
    } catch (e) {
      return e as Error;
    }
    return null;
  })();
  assert.is(got.join(''), 'row 0\nrow 1\nrow 2\n');
  assert.is(err?.message, 'stream broke');
  const first = (await rejection(stream('test.badRequestFirst'))) as AppError;
  assert.is(first.statusCode, 404);
  // The workers are free again.
  assert.equal(await run('test.echo', { n: 2 }), { n: 2, one: 1, readonly: true });
});

test('a reader that stops early frees its worker', async () => {
  const s = await stream('test.count', { chunks: 10_000, size: 1024 });
  s.destroy();
  await new Promise((r) => setTimeout(r, 50));
  const [a, b] = await Promise.all([run('test.echo', { n: 3 }), run('test.echo', { n: 4 })]);
  assert.is(a.n + b.n, 7);
  assert.is(pool.load.busy, 0);
});

test('lanes: bulk jobs never take the last worker; interactive work runs beside them and goes first', async () => {
  // Two pool workers: bulk jobs one at a time, the other worker kept for interactive work.
  const bulk = (ms: number) =>
    (pool.run as unknown as (n: string, i: unknown, o: unknown) => Promise<{ finished: number }>)('test.sleep', { ms }, { lane: 'bulk' });
  const jobs = [bulk(1000), bulk(1000), bulk(1000)];
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(pool.lanes, { interactive: 0, bulk: 1 });
  assert.equal({ queued: pool.load.queued }, { queued: 2 });
  const echo = await run('test.echo', { n: 9 });
  assert.is(echo.n, 9);
  // It did not wait behind them: the first bulk job still holds its worker, the other two still wait.
  assert.equal({ ...pool.lanes, queued: pool.load.queued }, { interactive: 0, bulk: 1, queued: 2 });
  // An interactive job that arrives while bulk work waits is served before it.
  const order: string[] = [];
  const slowInteractive = run('test.sleep', { ms: 100 }).then(() => order.push('interactive'));
  const done = await Promise.all([...jobs.map((j, i) => j.then(() => order.push(`bulk ${i}`))), slowInteractive]);
  assert.ok(done.length === 4);
  assert.is(order[0], 'interactive');
  assert.equal(pool.lanes, { interactive: 0, bulk: 0 });
});

test('a pool of one still has an interactive lane: one more worker for it', async () => {
  const one = new OffloadPool({ dbFile, size: 1, extraTasks });
  const call = one.run.bind(one) as unknown as (n: string, i: unknown, o?: unknown) => Promise<any>;
  try {
    assert.is(one.bulkSlots, 1);
    const slow = call('test.sleep', { ms: 500 }, { lane: 'bulk' });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal((await call('test.echo', { n: 1 })).n, 1);
    assert.ok(one.load.workers === 2 && one.lanes.bulk === 1);
    await slow;
  } finally {
    await one.close();
  }
});

test('each owner has at most 2 bulk jobs at once: the third is a 429 that says why; the place comes back when one ends', async () => {
  const bulk = (owner: number, ms = 300) =>
    (pool.run as unknown as (n: string, i: unknown, o: unknown) => Promise<unknown>)('test.sleep', { ms }, { lane: 'bulk', owner });
  const a = bulk(7);
  const b = bulk(7);
  const third = (await rejection(bulk(7))) as AppError;
  assert.is(third.statusCode, 429);
  assert.is(third.code, 'TOO_MANY_BULK_JOBS');
  assert.is(third.message, 'You already have 2 exports or label batches running: wait for one to finish, then try again (at most 2 at a time)');
  // Another user is not held back by owner 7's jobs (they queue in the bulk lane).
  await Promise.all([a, b, bulk(8, 10)]);
  // Streams count too, running or waiting; a stream's reader going away gives its place back.
  const s = await (pool.stream as unknown as (n: string, i: unknown, o: unknown) => Promise<Readable>)(
    'test.count',
    { chunks: 1000, size: 64 * 1024 },
    { owner: 7 },
  );
  s.on('error', () => undefined);
  const c = bulk(7, 10); // waits: the stream holds the bulk lane's worker
  assert.is(((await rejection(bulk(7))) as AppError).statusCode, 429, 'the stream and c');
  s.destroy();
  await c;
  await Promise.all([bulk(7, 10), bulk(7, 10)]);
  // Interactive jobs are never counted.
  await Promise.all(
    [0, 1, 2, 3].map(() => (pool.run as unknown as (n: string, i: unknown, o: unknown) => Promise<unknown>)('test.echo', { n: 1 }, { owner: 7 })),
  );
});

test('a reader that stops reading: the stream is ended after the stall timeout and its worker is free again', async () => {
  const quick = new OffloadPool({ dbFile, size: 2, extraTasks, stallTimeoutMs: 300 });
  try {
    const made = new Int32Array(new SharedArrayBuffer(4));
    const s = await (quick.stream as unknown as (n: string, i: unknown, o: unknown) => Promise<Readable>)(
      'test.count',
      { chunks: 1000, size: 64 * 1024, made },
      { owner: 1 },
    );
    // Read a little, then stop (as a socket nobody drains would).
    const first = await new Promise<Buffer>((resolve) =>
      s.once('data', (c: Buffer) => {
        s.pause();
        resolve(c);
      }),
    );
    assert.ok(first.length > 0);
    const ended = new Promise<Error>((resolve) => s.once('error', resolve));
    assert.is(quick.lanes.bulk, 1);
    const err = (await ended) as AppError;
    assert.is(err.statusCode, 408);
    assert.is(err.code, 'READER_STALLED');
    assert.match(err.message, /test\.count download was ended: nothing was read for 0 s/);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(quick.lanes, { interactive: 0, bulk: 0 });
    assert.ok(Atomics.load(made, 0) < 20, `the worker made ${Atomics.load(made, 0)} chunks`);
    // Its owner's place is free: two more bulk jobs run.
    const again = await Promise.all(
      [1, 2].map(() =>
        (quick.run as unknown as (n: string, i: unknown, o: unknown) => Promise<{ n: number }>)('test.echo', { n: 3 }, { lane: 'bulk', owner: 1 }),
      ),
    );
    assert.is(again.length, 2);
  } finally {
    await quick.close();
  }
});

test('a worker idle for idleExitMs ends (its memory goes back); the next job starts a fresh one', async () => {
  // An idle time longer than two workers' boots can be apart on a loaded machine (with 200 ms, the first worker had
  // ended by the time a slow-booting second finished, and the pool showed one).
  const brief = new OffloadPool({ dbFile, size: 2, extraTasks, idleExitMs: 1500 });
  const call = brief.run.bind(brief) as unknown as (n: string, i: unknown) => Promise<any>;
  try {
    await Promise.all([call('test.sleep', { ms: 50 }), call('test.sleep', { ms: 50 })]);
    assert.is(brief.load.workers, 2);
    await call('test.echo', { n: 1 }); // keeps one worker busy a moment longer: each worker has its own idle time
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(brief.load, { busy: 0, queued: 0, workers: 0 });
    assert.equal(await call('test.echo', { n: 2 }), { n: 2, one: 1, readonly: true });
    assert.is(brief.load.workers, 1);
  } finally {
    await brief.close();
  }
});

test('close: waiting and running jobs fail with 503, later ones too', async () => {
  const p2 = new OffloadPool({ dbFile, size: 1, extraTasks });
  const slow = rejection((p2.run as unknown as (n: string, i: unknown) => Promise<unknown>)('test.sleep', { ms: 300 }));
  const queued = rejection((p2.run as unknown as (n: string, i: unknown) => Promise<unknown>)('test.echo', { n: 1 }));
  await new Promise((r) => setTimeout(r, 30));
  await p2.close();
  for (const p of [slow, queued]) assert.is(((await p) as AppError).statusCode, 503);
  const after = (await rejection((p2.run as unknown as (n: string, i: unknown) => Promise<unknown>)('test.echo', { n: 1 }))) as AppError;
  assert.is(after.statusCode, 503);
});

test.run();
