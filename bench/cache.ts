// Bench fixtures are slow to make (50,000 products, a year of sales): each is made once into a folder under
// the temp dir, keyed by what shapes it (generator source, schema migrations, size), and reused as a data
// folder by later runs. A folder only appears under its key once complete (made under a partial name, renamed).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../core/config.js';
import { corePlugin, openStore } from '../core/app.js';
import type { Db } from '../core/db.js';
import type { KedaiPlugin } from '../core/plugin.js';

export const CACHE_ROOT = process.env.KEDAI_BENCH_CACHE ?? path.join(os.tmpdir(), 'kedai-bench-cache');

export interface CachedData {
  /** The data folder to serve (kedai.db inside). */
  dataDir: string;
  /** True when this run had to make it. */
  made: boolean;
  /** How long making it took (0 when reused). */
  makeMs: number;
  /** The fixture's own figures, as `make` returned them when it was made. */
  info: Record<string, unknown>;
}

/** A short hash of everything that changes the fixture: its generator's text, the schema and the size. */
export function fixtureKey(parts: (string | number)[], plugins: KedaiPlugin[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(String(p)).update('\0');
  for (const p of [corePlugin, ...plugins]) for (const m of p.migrations ?? []) h.update(`${p.name}/${m.version}/${m.name}\0${m.sql}\0`);
  return h.digest('hex').slice(0, 16);
}

/** The text of a source file next to this one (generator versions are keyed by their source). */
export function sourceText(relativeToRepo: string): string {
  return fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', relativeToRepo), 'utf8');
}

/**
 * Returns the data folder holding fixture `name` for `key`, making it with `make(db)` (on a migrated
 * database, no HTTP) when it is missing. Older folders of the same name are removed when a new one is made.
 */
export function cachedDataDir(name: string, key: string, plugins: KedaiPlugin[], make: (db: Db) => Record<string, unknown>): CachedData {
  const dir = path.join(CACHE_ROOT, `${name}-${key}`);
  const infoFile = path.join(dir, 'fixture.json');
  if (fs.existsSync(infoFile)) return { dataDir: dir, made: false, makeMs: 0, info: JSON.parse(fs.readFileSync(infoFile, 'utf8')) };

  fs.mkdirSync(CACHE_ROOT, { recursive: true });
  for (const old of fs.readdirSync(CACHE_ROOT)) {
    if (old.startsWith(`${name}-`)) fs.rmSync(path.join(CACHE_ROOT, old), { recursive: true, force: true });
  }
  const partial = `${dir}.partial-${process.pid}`;
  const started = performance.now();
  const config = loadConfig([], {}, { dataDir: partial, demo: false, scryptLogN: 10, uiDir: null, logLevel: 'silent' });
  const { db } = openStore(config, plugins);
  let info: Record<string, unknown>;
  try {
    info = make(db);
    // Everything into the main file, so the folder is complete without its -wal.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const makeMs = Math.round(performance.now() - started);
  fs.writeFileSync(path.join(partial, 'fixture.json'), JSON.stringify({ ...info, makeMs }));
  fs.renameSync(partial, dir);
  return { dataDir: dir, made: true, makeMs, info };
}
