// Login rate limit: after 10 failures within 5 minutes from one address, OR against one username, further
// attempts get 429. Failures are counted both ways so that neither many addresses against one account nor one
// address against many accounts gets more tries. A success forgets only the failures of that same address
// against that same account: signing in as staff never resets the count of wrong admin passwords.
// The counting itself (failureLimiter) is shared with other guessable secrets typed at the till (#25: a credit
// note's number or redemption code), so every guess is limited by the same rule.
export const MAX_FAILURES = 10;
export const WINDOW_MS = 5 * 60 * 1000;
const MAX_KEYS = 20_000;

interface Failure {
  t: number;
  tag: string;
}

/**
 * Failures counted per key in memory over the last WINDOW_MS (a restart forgets, which is fine for a shop LAN):
 * a key with MAX_FAILURES of them is blocked until the oldest of those ages out. One failure may count under
 * several keys (an address and a username); its tag lets a success forget exactly the failures it explains.
 */
export function failureLimiter(now: () => number = Date.now) {
  const byKey = new Map<string, Failure[]>();
  const recent = (key: string) => {
    const list = (byKey.get(key) ?? []).filter((f) => now() - f.t < WINDOW_MS);
    if (list.length) byKey.set(key, list);
    else byKey.delete(key);
    return list;
  };
  const waitOf = (list: Failure[]) => (list.length < MAX_FAILURES ? 0 : WINDOW_MS - (now() - list[list.length - MAX_FAILURES].t));
  return {
    /** Milliseconds until none of `keys` is blocked, or 0 when a try is allowed now. */
    blockedFor(keys: string[]): number {
      return Math.max(0, ...keys.map((k) => waitOf(recent(k))));
    },
    /** Counts one failure under every key. */
    fail(keys: string[], tag = '') {
      const f = { t: now(), tag };
      for (const key of keys) {
        const list = recent(key);
        list.push(f);
        byKey.set(key, list);
        if (byKey.size > MAX_KEYS) byKey.delete(byKey.keys().next().value!);
      }
    },
    /** Forgets the failures tagged `tag` under these keys. */
    forgive(keys: string[], tag: string) {
      for (const key of keys) {
        const list = (byKey.get(key) ?? []).filter((f) => f.tag !== tag);
        if (list.length) byKey.set(key, list);
        else byKey.delete(key);
      }
    },
  };
}

/** Tracks failed logins (per address and per username) in memory. */
export function loginLimiter(now: () => number = Date.now) {
  const failures = failureLimiter(now);
  const norm = (username: string) => username.trim().toLowerCase();
  const keys = (ip: string, username: string) => [`ip:${ip}`, `user:${norm(username)}`];
  const tag = (ip: string, username: string) => `${ip}\n${norm(username)}`;
  return {
    /** Milliseconds until this address may try this username again, or 0 when it may try now. */
    blockedFor(ip: string, username: string): number {
      return failures.blockedFor(keys(ip, username));
    },
    fail(ip: string, username: string) {
      failures.fail(keys(ip, username), tag(ip, username));
    },
    succeed(ip: string, username: string) {
      failures.forgive(keys(ip, username), tag(ip, username));
    },
  };
}
