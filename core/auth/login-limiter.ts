// Login rate limit: after 10 failures within 5 minutes from one address, OR against one username, further
// attempts get 429. Failures are counted both ways so that neither many addresses against one account nor one
// address against many accounts gets more tries. A success forgets only the failures of that same address
// against that same account: signing in as staff never resets the count of wrong admin passwords.
export const MAX_FAILURES = 10;
export const WINDOW_MS = 5 * 60 * 1000;
const MAX_KEYS = 10_000;

interface Failure { t: number; ip: string; user: string }

/** Tracks failed logins in memory (a restart forgets, which is fine for a shop LAN). */
export function loginLimiter(now: () => number = Date.now) {
  const byIp = new Map<string, Failure[]>();
  const byUser = new Map<string, Failure[]>();
  const recent = (map: Map<string, Failure[]>, key: string) => {
    const list = (map.get(key) ?? []).filter((f) => now() - f.t < WINDOW_MS);
    if (list.length) map.set(key, list);
    else map.delete(key);
    return list;
  };
  const waitOf = (list: Failure[]) => (list.length < MAX_FAILURES ? 0 : WINDOW_MS - (now() - list[list.length - MAX_FAILURES].t));
  const push = (map: Map<string, Failure[]>, key: string, f: Failure) => {
    const list = recent(map, key);
    list.push(f);
    map.set(key, list);
    if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
  };
  const norm = (username: string) => username.trim().toLowerCase();
  return {
    /** Milliseconds until this address may try this username again, or 0 when it may try now. */
    blockedFor(ip: string, username: string): number {
      return Math.max(waitOf(recent(byIp, ip)), waitOf(recent(byUser, norm(username))));
    },
    fail(ip: string, username: string) {
      const f = { t: now(), ip, user: norm(username) };
      push(byIp, ip, f);
      push(byUser, f.user, f);
    },
    succeed(ip: string, username: string) {
      const user = norm(username);
      const keep = (f: Failure) => !(f.ip === ip && f.user === user);
      for (const [map, key] of [[byIp, ip], [byUser, user]] as const) {
        const list = (map.get(key) ?? []).filter(keep);
        if (list.length) map.set(key, list);
        else map.delete(key);
      }
    },
  };
}
