// Issue 13.7: a full disk answers 507 with a message a cashier understands, on checkout and on backup, and
// leaves nothing half-written. Checkout: the app's own connection is capped with PRAGMA max_page_count and
// filled, so SQLite answers SQLITE_FULL exactly as on a full disk. Backup: the data folder lives on a real
// small tmpfs that is then filled (needs root to mount; skipped with a note otherwise).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { testApp } from '../tests/helpers/app.js';
import { BackupError, createBackup } from './backup.js';
import { DISK_FULL_MESSAGE, installErrorHandler, isDiskFull } from './errors.js';

const counts = (db: import('./db.js').Db) => ({
  invoices: (db.prepare('SELECT COUNT(*) AS n FROM sales_invoice').get() as { n: number }).n,
  lines: (db.prepare('SELECT COUNT(*) AS n FROM sales_invoice_line').get() as { n: number }).n,
  movements: (db.prepare('SELECT COUNT(*) AS n FROM inventory_stock_movement').get() as { n: number }).n,
  stock: (db.prepare('SELECT SUM(stock_qty) AS n FROM inventory_product').get() as { n: number }).n,
});

test('isDiskFull: SQLITE_FULL, ENOSPC, EDQUOT and wrapped causes; nothing else', () => {
  assert.ok(isDiskFull(Object.assign(new Error('x'), { code: 'SQLITE_FULL' })));
  assert.ok(isDiskFull(Object.assign(new Error('x'), { code: 'ENOSPC' })));
  assert.ok(isDiskFull(new BackupError('full', { cause: Object.assign(new Error('x'), { code: 'EDQUOT' }) })));
  assert.not.ok(isDiskFull(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' })));
  assert.not.ok(isDiskFull(new Error('plain')));
  assert.not.ok(isDiskFull(undefined));
});

test('the error handler answers 507 DISK_FULL with the cashier message', async () => {
  const app = Fastify();
  installErrorHandler(app);
  app.get('/full', async () => {
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  });
  const r = await app.inject({ method: 'GET', url: '/full' });
  assert.is(r.statusCode, 507);
  assert.equal(r.json(), { error: DISK_FULL_MESSAGE, code: 'DISK_FULL' });
  await app.close();
});

test('checkout on a full database: 507 with a plain message, no invoice, no line, no stock change; works again once there is room', async () => {
  const t = await testApp({ demo: true });
  try {
    const db = t.app.db;
    const product = db.prepare('SELECT id, stock_qty FROM inventory_product WHERE stock_qty >= 5 AND archived_at IS NULL ORDER BY id LIMIT 1').get() as {
      id: number;
      stock_qty: number;
    };
    assert.ok(product, 'a demo product with stock');
    const before = counts(db);
    assert.ok(product.stock_qty >= 5);
    db.prepare('UPDATE inventory_product SET stock_qty = stock_qty + 1000 WHERE id = ?').run(product.id);
    before.stock += 1000;
    // Fill the database to its (lowered) page limit: big rows, then small ones to pack the last pages.
    db.exec('CREATE TABLE filler (x BLOB)');
    const pages = (db.pragma('page_count', { simple: true }) as number) + 8;
    db.pragma(`max_page_count = ${pages}`);
    const put = db.prepare('INSERT INTO filler VALUES (?)');
    for (const size of [2000, 200, 20, 1]) {
      try {
        for (;;) put.run(Buffer.alloc(size));
      } catch (err) {
        assert.is((err as { code?: string }).code, 'SQLITE_FULL');
      }
    }
    const sale = {
      items: [
        { productId: product.id, qty: 2 },
        { productId: product.id, qty: 1 },
      ],
      tendered: 100000,
    };
    // A sale or two may still fit in the pages' free space; the next one that needs a page must fail whole.
    let r: { status: number; body: any } | undefined;
    let fitted = 0;
    for (let i = 0; i < 40; i++) {
      const beforeTry = counts(db);
      r = await t.staff.post('/api/checkout', sale);
      if (r.status !== 201) {
        assert.equal(counts(db), beforeTry, 'nothing half-written');
        break;
      }
      fitted++;
    }
    assert.ok(fitted < 40, 'the database filled up');
    assert.is(r!.status, 507);
    assert.equal(r!.body, { error: DISK_FULL_MESSAGE, code: 'DISK_FULL' });
    assert.match(r!.body.error, /out of disk space/);
    assert.not.match(r!.body.error, /SQLITE|Internal/);
    assert.is(db.inTransaction, false);
    const full = counts(db);
    assert.is(full.invoices, before.invoices + fitted);
    assert.is(full.stock, before.stock - 3 * fitted);

    db.exec('DROP TABLE filler');
    db.pragma('max_page_count = 1073741823');
    const ok = await t.staff.post('/api/checkout', sale);
    assert.is(ok.status, 201);
    const after = counts(db);
    assert.is(after.invoices, full.invoices + 1);
    assert.is(after.stock, full.stock - 3);
  } finally {
    await t.close();
  }
});

/** Mounts a tmpfs of `size` at a new folder; undefined when this machine does not allow it (not root). */
function tmpfs(size: string): { dir: string; unmount(): void } | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-full-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    unmount: () => {
      spawnSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills a file system until writing fails, leaving `leave` bytes (roughly). */
function fill(dir: string, leave: number) {
  const free = fs.statfsSync(dir).bavail * fs.statfsSync(dir).bsize;
  try {
    fs.writeFileSync(path.join(dir, 'filler.bin'), Buffer.alloc(Math.max(0, free - leave)));
  } catch {
    /* full */
  }
}

test('backup onto a full disk: GET /api/admin/backup answers 507, createBackup says so, nothing is left behind', async () => {
  const mount = tmpfs('24m'); // room for the demo shop, then filled
  if (!mount) {
    console.log('  (skipped: cannot mount a tmpfs here; run the tests as root to exercise a real full disk)');
    return;
  }
  const t = await testApp({ demo: true, dataDir: path.join(mount.dir, 'data') });
  try {
    // A database bigger than the free space left, so its snapshot cannot fit.
    const db = t.app.db;
    db.exec('CREATE TABLE bulk (x BLOB)');
    const put = db.prepare('INSERT INTO bulk VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 600; i++) put.run(Buffer.alloc(2000, i));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    fill(mount.dir, 300 * 1024);
    const backupsBefore = fs.readdirSync(t.app.paths.backups).sort();

    const r = await t.admin.get('/api/admin/backup');
    assert.is(r.status, 507);
    assert.equal(r.body, { error: DISK_FULL_MESSAGE, code: 'DISK_FULL' });
    assert.equal(fs.readdirSync(t.app.paths.backups).sort(), backupsBefore, 'no temp file, snapshot or partial archive left');

    let error: unknown;
    try {
      await createBackup({ paths: t.app.paths, outFile: path.join(t.app.paths.backups, 'x.tar.gz'), db });
    } catch (err) {
      error = err;
    }
    assert.instance(error, BackupError);
    assert.match((error as Error).message, /disk is full/);
    assert.ok(isDiskFull(error));
    assert.equal(fs.readdirSync(t.app.paths.backups).sort(), backupsBefore);

    // The shop keeps selling what fits, and once there is room the backup works.
    fs.rmSync(path.join(mount.dir, 'filler.bin'));
    const ok = await t.admin.get('/api/admin/backup');
    assert.is(ok.status, 200);
    assert.ok(ok.raw.length > 1000);
  } finally {
    await t.close();
    mount.unmount();
  }
});

test.run();
