// Whether the server answers (#26.10). A request that gets no answer at all marks it unreachable; from then on the
// health check is asked every few seconds until it answers, and the banner (shell/connection-banner.tsx) stays up
// until then. The till keeps its cart (localStorage) and a retried checkout keeps its Idempotency-Key meanwhile.
import { signal } from '@preact/signals-react';

/** False while the server cannot be reached. */
export const reachable = signal(true);

/** How often the health check is asked while the server is away. */
export const RECHECK_MS = 2000;
let timer: ReturnType<typeof setTimeout> | null = null;

async function recheck(): Promise<void> {
  timer = null;
  try {
    const res = await fetch('/api/health', { cache: 'no-store' });
    if (res.ok) {
      reachable.value = true;
      return;
    }
  } catch {
    // Still away.
  }
  schedule();
}

/** The next check; never what keeps a process alive (tests run this module under Node). */
function schedule() {
  timer = setTimeout(() => void recheck(), RECHECK_MS);
  (timer as { unref?: () => void }).unref?.();
}

/** A request got no answer: say so and watch for the server's return. */
export function markUnreachable(): void {
  reachable.value = false;
  if (!timer) schedule();
}

/** A request was answered: the server is there. */
export function markReachable(): void {
  if (!reachable.peek()) reachable.value = true;
}
