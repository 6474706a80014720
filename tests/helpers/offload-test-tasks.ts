// Worker tasks for core/offload/pool.test.ts only (the pool's `extraTasks`): a 404, a crash, a slow job, and
// streams that count what they made (to see backpressure) or fail half-way.
import { notFound } from '../../core/errors.js';
import { defineWorkerTasks } from '../../core/offload/task-types.js';

export default defineWorkerTasks({
  tasks: {
    'test.echo': (input: { n: number }, { db }) => ({ n: input.n, one: db.prepare('SELECT 1').pluck().get(), readonly: db.readonly }),
    'test.notFound': () => {
      throw notFound('Widget');
    },
    'test.fail': () => {
      throw new Error('plain failure');
    },
    // An uncaught error outside the task's promise: the worker thread dies.
    'test.crash': () =>
      new Promise(() =>
        setTimeout(() => {
          throw new Error('worker blew up');
        }, 1),
      ),
    'test.write': (_: unknown, { db }) => db.prepare("INSERT INTO core_meta (key, value) VALUES ('x', 'y')").run().changes,
    'test.sleep': ({ ms }: { ms: number }) => {
      const until = Date.now() + ms;
      while (Date.now() < until); // holds the worker's thread, as a big report would
      return { finished: Date.now() };
    },
  },
  streams: {
    // `made` is shared memory: the test sees how far the worker got while nobody read.
    'test.count': function* ({ chunks, size, made }: { chunks: number; size: number; made?: Int32Array }) {
      for (let i = 0; i < chunks; i++) {
        if (made) Atomics.store(made, 0, i + 1);
        yield `${String(i).padStart(6, '0')}${'x'.repeat(size - 7)}\n`;
      }
    },
    'test.failAfter': async function* ({ after }: { after: number }) {
      for (let i = 0; i < after; i++) yield `row ${i}\n`;
      throw new Error('stream broke');
    },
    // biome-ignore lint/correctness/useYield: it must fail before its first chunk (the 4xx is sent, no partial body)
    'test.badRequestFirst': async function* () {
      throw notFound('Report');
    },
  },
});
