// The supervisor and the restore with a real Litestream process, in this process's app (no HTTP server):
// /api/health's replica block, Kedai's autocheckpoint handed over while Litestream runs, a round trip through a
// file:// replica, and an empty replica refused without touching the folder.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { ReplicaSupervisor } from './supervisor.js';
import { parseReplicaTarget } from './target.js';
import { restoreFromReplica } from './restore.js';
import { ensureDataDir } from '../data-dir.js';
import { openDb } from '../db.js';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-replica-proc-'));
  made.push(dir);
  return dir;
};
let t: TestApp;
let sup: ReplicaSupervisor;
const replicaDir = tmp();
const target = parseReplicaTarget(`file://${replicaDir}`);
const env = { ...process.env, KEDAI_REPLICATE_SYNC_INTERVAL: '200ms' };
const quiet = { info: () => undefined, error: () => undefined };

async function until<T>(what: string, fn: () => Promise<T | false | null | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// As the owner's Settings screen reads it (signed in as ADMIN): the details; anyone else sees ok and lag_seconds only.
const health = async () => (await t.admin.get('/api/health')).body as { replica?: { ok: boolean; lag_seconds: number; last_error: string | null } };

test.before(async () => {
  t = await testApp();
  sup = new ReplicaSupervisor({ db: t.app.db, dbFile: t.app.paths.db, dataDir: t.dataDir, target, env, log: quiet });
});

test.after(async () => {
  await sup?.stop();
  await t?.close();
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

test('health has no replica block while replication is off', async () => {
  assert.is((await health()).replica, undefined);
});

test('running: health ok with lag 0 once shipped; autocheckpoint off while Litestream runs, back on after', async () => {
  t.app.replicaStatus = () => sup.status();
  await sup.start();
  assert.is(t.app.db.pragma('wal_autocheckpoint', { simple: true }), 0);
  const first = await health();
  assert.is(first.replica!.ok, true);
  assert.is(first.replica!.last_error, null);
  await until('the first copy', async () => fs.existsSync(path.join(replicaDir, 'generations')));
  for (let i = 1; i <= 5; i++) {
    const r = await t.admin.post('/api/products', { item_name: `Replica Boot ${i}`, selling_price: 49.9, cost: 20, stock_qty: 5 });
    assert.is(r.status, 201, JSON.stringify(r.body));
  }
  await new Promise((r) => setTimeout(r, 700)); // the supervisor notices changes every 500 ms
  const h = await until('lag 0 after the writes', async () => {
    const b = await health();
    return b.replica?.ok && b.replica.lag_seconds === 0 ? b : null;
  });
  assert.equal(h.replica, { ok: true, lag_seconds: 0, last_error: null, photos_pending: 0 });
  assert.ok(fs.readdirSync(path.join(replicaDir, 'generations')).length >= 1, 'a generation in the replica folder');
  const pid = sup.pid!;
  await sup.stop();
  assert.throws(() => process.kill(pid, 0), 'the guard is gone');
  assert.is(t.app.db.pragma('wal_autocheckpoint', { simple: true }), 1000);
});

test('restore from the replica: the products come back, integrity checked, into a fresh folder, photos with them', async () => {
  const paths = ensureDataDir(tmp());
  // The images side's downloader writes into <dir>/images: here, the staging folder swapped in with the database.
  const fetchImages = async (_t: unknown, _c: unknown, dir: string) => {
    fs.writeFileSync(path.join(dir, 'images', 'p1.webp'), 'photo');
    return { files: 1 };
  };
  const result = await restoreFromReplica({ paths, target, credentials: null, prepare: () => undefined, env, fetchImages });
  assert.is(result.images, 1);
  assert.is(fs.readFileSync(path.join(paths.images, 'p1.webp'), 'utf8'), 'photo');
  const db = openDb(paths.db);
  try {
    const names = db.prepare("SELECT item_name FROM inventory_product WHERE item_name LIKE 'Replica Boot %' ORDER BY item_name").pluck().all();
    assert.equal(
      names,
      [1, 2, 3, 4, 5].map((i) => `Replica Boot ${i}`),
    );
  } finally {
    db.close();
  }
});

test('a replica that cannot be written: the error in health, and the lag grows from the change not shipped', async () => {
  const blocker = path.join(tmp(), 'a-file');
  fs.writeFileSync(blocker, 'x');
  const broken = new ReplicaSupervisor({
    db: t.app.db,
    dbFile: t.app.paths.db,
    dataDir: t.dataDir,
    target: parseReplicaTarget(`file://${blocker}/replica`),
    env,
    log: quiet,
  });
  t.app.replicaStatus = () => broken.status();
  try {
    await broken.start();
    const r = await t.admin.post('/api/products', { item_name: 'Unshipped Clog', selling_price: 30, cost: 10, stock_qty: 1 });
    assert.is(r.status, 201, 'selling goes on');
    const h = await until('lag >= 2 s with an error', async () => {
      const b = await health();
      return b.replica && b.replica.lag_seconds >= 2 && b.replica.last_error ? b : null;
    });
    assert.is(h.replica!.ok, false);
    assert.match(h.replica!.last_error!, /not a directory|Cannot write to the replica folder/);
    // Without a token: that it fails and how far behind, not why (the reason names the folder).
    const anon = (await t.anon.get('/api/health')).body;
    assert.equal(Object.keys(anon.replica), ['ok', 'lag_seconds']);
    assert.is(anon.replica.ok, false);
  } finally {
    await broken.stop();
    t.app.replicaStatus = null;
  }
});

test('an empty replica: a clear message, and no database appears in the folder', async () => {
  const paths = ensureDataDir(tmp());
  const empty = parseReplicaTarget(`file://${tmp()}`);
  try {
    await restoreFromReplica({ paths, target: empty, credentials: null, prepare: () => undefined, env });
    assert.unreachable('restored from nothing');
  } catch (err) {
    assert.match((err as Error).message, /holds no copy of a Kedai database .*nothing was restored/);
  }
  assert.is(fs.existsSync(paths.db), false);
});

test.run();
