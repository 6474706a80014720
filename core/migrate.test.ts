import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from './db.js';
import { migration, runMigrations, appliedVersions, MigrationError } from './migrate.js';
import { orderPlugins } from './plugin.js';

const tmpDb = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-mig-'));
  return { db: openDb(path.join(dir, 'kedai.db')), dir };
};

const m1 = migration('001-create-a', 'CREATE TABLE t_a (id INTEGER PRIMARY KEY, name TEXT NOT NULL);');
const m2 = migration('002-add-b', 'ALTER TABLE t_a ADD COLUMN b INTEGER NOT NULL DEFAULT 0;');

test('db pragmas: WAL, synchronous FULL, foreign keys', () => {
  const { db } = tmpDb();
  assert.is(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.is(db.pragma('synchronous', { simple: true }), 2);
  assert.is(db.pragma('foreign_keys', { simple: true }), 1);
  db.close();
});

test('migrations run once, in order, and are recorded per plugin', () => {
  const { db } = tmpDb();
  assert.is(runMigrations(db, [{ name: 'a', migrations: [m1] }]), 1);
  assert.is(runMigrations(db, [{ name: 'a', migrations: [m1, m2] }]), 1);
  assert.is(runMigrations(db, [{ name: 'a', migrations: [m1, m2] }]), 0);
  assert.equal(appliedVersions(db).get('a'), [1, 2]);
  db.prepare('INSERT INTO t_a (name, b) VALUES (?, ?)').run('x', 1);
  db.close();
});

test('a failing migration rolls back entirely and is not recorded', () => {
  const { db } = tmpDb();
  const bad = migration('001-bad', 'CREATE TABLE t_ok (id INTEGER); CREATE TABLE t_ok (id INTEGER);');
  assert.throws(() => runMigrations(db, [{ name: 'x', migrations: [bad] }]));
  assert.is((db.prepare("SELECT COUNT(*) n FROM sqlite_master WHERE name = 't_ok'").get() as { n: number }).n, 0);
  assert.is(appliedVersions(db).get('x'), undefined);
  db.close();
});

test('gaps in a plugin list are refused', () => {
  const { db } = tmpDb();
  const m3 = migration('003-late', 'SELECT 1;');
  assert.throws(() => runMigrations(db, [{ name: 'a', migrations: [m1, m3] }]), /gap/);
  db.close();
});

test('a database from a newer version is refused, not touched', () => {
  const { db } = tmpDb();
  runMigrations(db, [{ name: 'a', migrations: [m1, m2] }]);
  assert.throws(
    () => runMigrations(db, [{ name: 'a', migrations: [m1] }]),
    (e: Error) => e instanceof MigrationError && /newer/.test(e.message),
  );
  assert.throws(() => runMigrations(db, [{ name: 'b', migrations: [] }]), /newer or different/);
  db.close();
});

test('migration names must be numbered', () => {
  assert.throws(() => migration('create-a', ''), /001-some-name/);
  assert.is(migration('012-x-y', 'S').version, 12);
});

test('plugins are ordered by dependency; missing deps, cycles and twins are refused', () => {
  const order = orderPlugins([{ name: 'sales', dependsOn: ['inventory', 'customers'] }, { name: 'customers' }, { name: 'inventory' }]).map((p) => p.name);
  assert.ok(order.indexOf('sales') > order.indexOf('inventory'));
  assert.ok(order.indexOf('sales') > order.indexOf('customers'));
  assert.throws(() => orderPlugins([{ name: 'a', dependsOn: ['zzz'] }]), /zzz/);
  assert.throws(
    () =>
      orderPlugins([
        { name: 'a', dependsOn: ['b'] },
        { name: 'b', dependsOn: ['a'] },
      ]),
    /cycle/,
  );
  assert.throws(() => orderPlugins([{ name: 'a' }, { name: 'a' }]), /Two plugins/);
});

test('a migration runs with foreign keys off, is checked before commit, and a broken reference rolls it back', () => {
  const { db } = tmpDb();
  const parent = migration(
    '001-parent',
    'CREATE TABLE t_p (id INTEGER PRIMARY KEY); CREATE TABLE t_c (p INTEGER REFERENCES t_p (id)); INSERT INTO t_p VALUES (1); INSERT INTO t_c VALUES (1);',
  );
  // Rebuilding a table others point at (the only way to change a CHECK) works...
  const rebuild = migration(
    '002-rebuild',
    'CREATE TABLE t_p2 (id INTEGER PRIMARY KEY CHECK (id > 0)); INSERT INTO t_p2 SELECT id FROM t_p; DROP TABLE t_p; ALTER TABLE t_p2 RENAME TO t_p;',
  );
  runMigrations(db, [{ name: 'fk', migrations: [parent, rebuild] }]);
  assert.is(db.prepare('SELECT count(*) FROM t_c').pluck().get(), 1);
  // ...and one that leaves a dangling reference is refused whole.
  const broken = migration('003-broken', 'DELETE FROM t_p; CREATE TABLE t_x (id INTEGER);');
  assert.throws(
    () => runMigrations(db, [{ name: 'fk', migrations: [parent, rebuild, broken] }]),
    (e: Error) => e instanceof MigrationError && /broken reference/.test(e.message),
  );
  assert.is(db.prepare('SELECT count(*) FROM t_p').pluck().get(), 1);
  assert.equal(appliedVersions(db).get('fk'), [1, 2]);
  assert.is(db.pragma('foreign_keys', { simple: true }), 1, 'back on');
  db.close();
});

test.run();
