// Login rate limit per client address: after 10 failures within 5 minutes, further attempts get 429.
export const MAX_FAILURES = 10;
export const WINDOW_MS = 5 * 60 * 1000;

/** Tracks failed logins per address in memory (a restart forgets, which is fine for a shop LAN). */
export function loginLimiter(now: () => number = Date.now) {
  const failures = new Map<string, number[]>();
  const recent = (ip: string) => (failures.get(ip) ?? []).filter((t) => now() - t < WINDOW_MS);
  return {
    /** Milliseconds until the address may try again, or 0 when it may try now. */
    blockedFor(ip: string): number {
      const list = recent(ip);
      failures.set(ip, list);
      if (list.length < MAX_FAILURES) return 0;
      return WINDOW_MS - (now() - list[list.length - MAX_FAILURES]);
    },
    fail(ip: string) {
      const list = recent(ip);
      list.push(now());
      failures.set(ip, list);
      if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
    },
    succeed(ip: string) {
      failures.delete(ip);
    },
  };
}
