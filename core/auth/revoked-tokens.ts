// Tokens ended by logout. A JWT stays valid until it expires, so logging out records the token's hash and
// the guard refuses it from then on; the list survives a restart and forgets tokens once they have expired.
import crypto from 'node:crypto';
import type { Db } from '../db.js';

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** The revocation list: in memory for the guard, in the database for restarts. */
export function revokedTokens(db: Db, now: () => number = Date.now) {
  const prune = db.prepare('DELETE FROM core_revoked_token WHERE expires_at <= ?');
  const insert = db.prepare('INSERT OR IGNORE INTO core_revoked_token (token_hash, expires_at) VALUES (?, ?)');
  const nowSec = () => Math.floor(now() / 1000);
  prune.run(nowSec());
  const revoked = new Map<string, number>(
    (db.prepare('SELECT token_hash, expires_at FROM core_revoked_token').all() as { token_hash: string; expires_at: number }[]).map((r) => [
      r.token_hash,
      r.expires_at,
    ]),
  );
  return {
    /** Ends a token for good; `expiresAt` is its exp (seconds). */
    revoke(token: string, expiresAt: number) {
      const h = hashOf(token);
      insert.run(h, expiresAt);
      revoked.set(h, expiresAt);
      if (revoked.size % 100 === 0) {
        prune.run(nowSec());
        for (const [k, exp] of revoked) if (exp <= nowSec()) revoked.delete(k);
      }
    },
    isRevoked: (token: string) => revoked.size > 0 && revoked.has(hashOf(token)),
  };
}
