// Issue 13.12: image decoding takes turns, so parallel uploads of huge pictures cannot multiply memory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../core/errors.js';
import { BUSY_MESSAGE, decodeQueue, imageDecodes } from './decode-queue.js';
import { MAX_PARALLEL_DECODES } from './limits.js';
import { processImage } from './process-image.js';
import { picture } from './test-support.js';

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

test('at most `slots` run at once, in arrival order; a full line answers 503 BUSY; errors free the slot', async () => {
  const q = decodeQueue(2, 3);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const job = (i: number, fail = false) =>
    q.run(async () => {
      running++;
      most = Math.max(most, running);
      await tick(10);
      running--;
      order.push(i);
      if (fail) throw new Error(`job ${i} failed`);
      return i;
    });
  const jobs = [job(0), job(1, true), job(2), job(3), job(4)];
  assert.equal(q.stats(), { running: 2, waiting: 3 });
  let busy: unknown;
  try {
    await job(5);
  } catch (err) {
    busy = err;
  }
  assert.instance(busy, AppError);
  assert.is((busy as AppError).statusCode, 503);
  assert.is((busy as AppError).code, 'BUSY');
  assert.is((busy as AppError).message, BUSY_MESSAGE);
  const results = await Promise.allSettled(jobs);
  assert.equal(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled'],
  );
  assert.is(most, 2);
  assert.equal(order, [0, 1, 2, 3, 4]);
  assert.equal(q.stats(), { running: 0, waiting: 0 });
  assert.is(await job(6), 6, 'usable again after the line emptied');
});

test('processImage: six uploads at once are decoded one at a time, all succeed', async () => {
  assert.is(MAX_PARALLEL_DECODES, 1);
  const input = await picture('png', 3000, 2000);
  let most = 0;
  const sampler = setInterval(() => {
    most = Math.max(most, imageDecodes.stats().running);
  }, 1);
  const out = await Promise.all(Array.from({ length: 6 }, () => processImage(input)));
  clearInterval(sampler);
  assert.is(most, 1);
  assert.equal(
    out.map((o) => [o.display.width, o.thumb.width]),
    Array(6).fill([1600, 320]),
  );
  assert.equal(imageDecodes.stats(), { running: 0, waiting: 0 });
});

test.run();
