// SQL of the display plugin's two tables: a till's paired display (by its token's hash) and its last state.
import type { Db } from '../../core/db.js';

export interface PairingRow {
  id: number;
  till: string;
  token_hash: string;
  paired_at: string;
  paired_by: number | null;
}

/** Prepared statements over display_pairing and display_state (made once per connection). */
export function displayRepo(db: Db) {
  const s = {
    byHash: db.prepare('SELECT id, till, token_hash, paired_at, paired_by FROM display_pairing WHERE token_hash = ?'),
    byTill: db.prepare('SELECT id, till, token_hash, paired_at, paired_by FROM display_pairing WHERE till = ?'),
    pair: db.prepare(`INSERT INTO display_pairing (till, token_hash, paired_at, paired_by) VALUES (?, ?, ?, ?)
      ON CONFLICT (till) DO UPDATE SET token_hash = excluded.token_hash, paired_at = excluded.paired_at, paired_by = excluded.paired_by`),
    unpair: db.prepare('DELETE FROM display_pairing WHERE till = ?'),
    state: db.prepare('SELECT state_json FROM display_state WHERE till = ?').pluck(),
    saveState: db.prepare(`INSERT INTO display_state (till, state_json, updated_at) VALUES (?, ?, ?)
      ON CONFLICT (till) DO UPDATE SET state_json = excluded.state_json, updated_at = excluded.updated_at`),
    dropState: db.prepare('DELETE FROM display_state WHERE till = ?'),
  };
  return {
    /** The pairing a token's hash belongs to. */
    byTokenHash: (hash: string) => s.byHash.get(hash) as PairingRow | undefined,
    /** The till's display, if it has one. */
    byTill: (till: string) => s.byTill.get(till) as PairingRow | undefined,
    /** Pairs a display to the till, replacing the one it had (its token no longer matches anything). */
    pair: (till: string, tokenHash: string, at: string, userId: number | null) => {
      s.pair.run(till, tokenHash, at, userId);
    },
    /** Forgets the till's display and what it showed; true when there was one. */
    unpair: db.transaction((till: string) => {
      s.dropState.run(till);
      return s.unpair.run(till).changes > 0;
    }),
    /** The till's last published state (its PUT body as JSON), if any. */
    state: (till: string) => s.state.get(till) as string | undefined,
    saveState: (till: string, json: string, at: string) => {
      s.saveState.run(till, json, at);
    },
  };
}
export type DisplayRepo = ReturnType<typeof displayRepo>;
