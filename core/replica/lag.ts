// How far behind the off-site copy is, in seconds: the age of the oldest local change the replica may not hold.
//
// Local changes: Kedai polls its own connection (`total_changes()` counts its commits' rows, `data_version`
// moves when another connection commits): a move means the database changed at about that moment.
// The replica's position: Litestream v0.3.13's Prometheus metrics (its `addr`): the shadow WAL it keeps beside the
// database (`litestream_shadow_wal_index` / `_size`), what the replica holds (`litestream_replica_wal_index` /
// `_offset`), and `litestream_sync_count`, bumped after each copy of the WAL into the shadow WAL.
// A change is held once (1) two more shadow syncs have ended since the first reading after it was seen (so one
// started after it was committed and copied it) and (2) the replica's position equals the shadow WAL's end.
// Litestream restarted: its counters begin again at 0, so pending changes wait for two syncs of the new process.

export interface LitestreamMetrics {
  syncCount: number;
  syncErrorCount: number;
  shadowIndex: number | null;
  shadowSize: number | null;
  replicaIndex: number | null;
  replicaOffset: number | null;
}

/** Reads Litestream's metrics text (one database, one replica: labels are ignored). */
export function parseMetrics(text: string): LitestreamMetrics {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-z_]+)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (m) values.set(m[1], Number(m[2]));
  }
  const get = (name: string) => (values.has(name) ? values.get(name)! : null);
  return {
    syncCount: get('litestream_sync_count') ?? 0,
    syncErrorCount: get('litestream_sync_error_count') ?? 0,
    shadowIndex: get('litestream_shadow_wal_index'),
    shadowSize: get('litestream_shadow_wal_size'),
    replicaIndex: get('litestream_replica_wal_index'),
    replicaOffset: get('litestream_replica_wal_offset'),
  };
}

/** True when the replica holds everything in the shadow WAL. */
export function caughtUp(m: LitestreamMetrics): boolean {
  return m.shadowIndex !== null && m.replicaIndex !== null && m.shadowIndex === m.replicaIndex && m.shadowSize === m.replicaOffset;
}

interface PendingChange {
  at: number;
  /**
   * Litestream's sync count at the first metrics reading after the change was seen (null until then): the sync in
   * flight at that reading may have missed the change, the one after it cannot have.
   */
  syncCount: number | null;
}

/** Keeps the local changes not yet known to be off-site; `lagSeconds` is the age of the oldest. */
export class LagTracker {
  private pending: PendingChange[] = [];
  private syncCount: number | null = null;

  /** The database changed after `at` (ms): the time of the poll before the one that saw the change. */
  localChange(at: number) {
    const last = this.pending[this.pending.length - 1];
    // Changes seen before the next metrics reading share its sync count: the oldest of them stands for all.
    if (last && last.syncCount === null) return;
    this.pending.push({ at, syncCount: null });
  }

  /** A new Litestream process: its counters start again. */
  restarted() {
    this.syncCount = null;
    for (const p of this.pending) p.syncCount = null;
  }

  /** A metrics reading. */
  metrics(m: LitestreamMetrics) {
    this.syncCount = m.syncCount;
    for (const p of this.pending) if (p.syncCount === null) p.syncCount = m.syncCount;
    if (!caughtUp(m)) return;
    this.pending = this.pending.filter((p) => m.syncCount < (p.syncCount as number) + 2);
  }

  /** Seconds since the oldest change the replica may not hold (0 when it holds all). */
  lagSeconds(now: number): number {
    return this.pending.length ? Math.max(0, Math.floor((now - this.pending[0].at) / 1000)) : 0;
  }
}
