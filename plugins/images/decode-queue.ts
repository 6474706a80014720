// Decoding a picture takes memory in proportion to its pixels, not its bytes: a 350 KB PNG of 40 megapixels
// at 16 bits needs tens of MB while libvips works on it. So decodes take turns: at most MAX_PARALLEL_DECODES
// run at once, the rest wait in line (their upload bytes are already bounded by the body limit), and when the
// line is MAX_WAITING_DECODES long a new upload is told to try again (503) instead of piling up in memory.
import { AppError } from '../../core/errors.js';
import { MAX_PARALLEL_DECODES, MAX_WAITING_DECODES } from './limits.js';

export const BUSY_MESSAGE = 'The server is busy processing other pictures. Please try this upload again in a minute.';

/** A first-come first-served line with `slots` places running at once and at most `maxWaiting` waiting. */
export function decodeQueue(slots: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight on
    else running--;
  };
  return {
    /** Runs fn when a slot is free; 503 BUSY when the line is full. */
    async run<T>(fn: () => Promise<T>): Promise<T> {
      if (running >= slots) {
        if (waiting.length >= maxWaiting) throw new AppError(503, 'BUSY', BUSY_MESSAGE);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await fn();
      } finally {
        release();
      }
    },
    /** Decodes running now and waiting (for tests and logs). */
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/** The server's one line for image decoding. */
export const imageDecodes = decodeQueue(MAX_PARALLEL_DECODES, MAX_WAITING_DECODES);
