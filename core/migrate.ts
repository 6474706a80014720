// Forward-only migrations owned by plugins. Each file runs in its own transaction and is recorded as
// (plugin, version); versions must run 1, 2, 3... with no gaps, and a database from a newer Kedai is refused.
import type { Db } from './db.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Declares a migration from its file name ("001-create-products") and SQL text. */
export function migration(fileName: string, sql: string): Migration {
  const m = /^(\d{3})-([a-z0-9-]+)$/.exec(fileName);
  if (!m) throw new Error(`Migration name must look like 001-some-name: ${fileName}`);
  return { version: Number(m[1]), name: m[2], sql };
}

/**
 * A plugin's migrations from its folder (`import files from './migrations/index.sql-folder'`: every .sql file, by
 * file name): each named by its file without `.sql`, so adding `migrations/012-foo.sql` needs no code.
 */
export function migrationsOf(files: { file: string; sql: string }[]): Migration[] {
  return files.map((f) => {
    if (!f.file.endsWith('.sql')) throw new Error(`Not a .sql migration: ${f.file}`);
    return migration(f.file.slice(0, -'.sql'.length), f.sql);
  });
}

export class MigrationError extends Error {}

function ensureTable(db: Db) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    plugin TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (plugin, version)
  )`);
}

/** Which versions of each plugin the database has. */
export function appliedVersions(db: Db): Map<string, number[]> {
  ensureTable(db);
  const rows = db.prepare('SELECT plugin, version FROM schema_migrations ORDER BY plugin, version').all() as { plugin: string; version: number }[];
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.plugin, [...(out.get(r.plugin) ?? []), r.version]);
  return out;
}

/** Checks a plugin's migration list is 1..n with no gaps or repeats. */
export function checkSequence(plugin: string, migrations: Migration[]) {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new MigrationError(`Plugin ${plugin}: migration ${m.version}-${m.name} is out of order or leaves a gap (expected version ${i + 1})`);
  });
}

/**
 * Runs one migration the way SQLite's "generalized ALTER TABLE procedure" asks: foreign keys off (a table other
 * tables point at can be rebuilt to change a CHECK), then, before the transaction commits, every foreign key
 * checked; a violation rolls the migration back. Foreign keys are switched back on whatever happens.
 */
function withForeignKeysChecked(db: Db, fn: () => void) {
  const wasOn = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      fn();
      const broken = db.pragma('foreign_key_check') as { table: string; parent: string }[];
      if (broken.length) throw new MigrationError(`Migration left ${broken.length} broken reference(s), e.g. ${broken[0].table} -> ${broken[0].parent}`);
    })();
  } finally {
    if (wasOn) db.pragma('foreign_keys = ON');
  }
}

/** Applies pending migrations for the given plugins in the given order; returns how many ran. */
export function runMigrations(db: Db, plugins: { name: string; migrations: Migration[] }[]): number {
  const applied = appliedVersions(db);
  for (const [plugin, versions] of applied) {
    const known = plugins.find((p) => p.name === plugin);
    if (!known)
      throw new MigrationError(
        `This database was written by a newer or different Kedai (it has migrations for "${plugin}", which this version does not know). Refusing to start so nothing is damaged.`,
      );
    const newest = Math.max(...versions);
    if (newest > known.migrations.length)
      throw new MigrationError(
        `This database was written by a newer Kedai (${plugin} is at version ${newest}, this program knows ${known.migrations.length}). Refusing to start so nothing is damaged.`,
      );
    versions.forEach((v, i) => {
      if (v !== i + 1) throw new MigrationError(`Database migrations for ${plugin} have a gap at version ${i + 1}`);
    });
  }
  const record = db.prepare('INSERT INTO schema_migrations (plugin, version, name, applied_at) VALUES (?, ?, ?, ?)');
  let ran = 0;
  for (const plugin of plugins) {
    checkSequence(plugin.name, plugin.migrations);
    const done = applied.get(plugin.name)?.length ?? 0;
    for (const m of plugin.migrations.slice(done)) {
      withForeignKeysChecked(db, () => {
        db.exec(m.sql);
        record.run(plugin.name, m.version, m.name, new Date().toISOString());
      });
      ran++;
    }
  }
  return ran;
}
