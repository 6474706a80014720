// The server's backups run on a worker thread (#18.1), here from the bundled server (the program the worker
// runs is the bundle's sibling worker.mjs): the owner's download while two tills keep selling. Every
// sale answered, and the archive holds a database that passes integrity_check with every sale acknowledged
// before the download started. How long the tills waited is measured by `npm run bench` (till-during-backup).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { bundleServer, call, signIn, startServer, tempDataDir, type Server } from './support-server.js';

let server: Server;
let remove: () => void;

test.after(async () => {
  await server?.stop();
  remove?.();
});

test('GET /api/admin/backup while two tills sell: every sale answered, the archive is whole and holds them', async () => {
  const bundle = await bundleServer();
  remove = bundle.remove;
  const dir = tempDataDir('backup-worker');
  server = await startServer(bundle.runner, dir, ['--demo']);
  const token = await signIn(server.url, { username: 'admin', password: 'admin123' });
  const created = await call(server.url, 'POST', '/api/products', {
    token,
    body: { item_name: 'Backup Runner', sku: 'BKW-1', size: '42', selling_price: 10, stock_qty: 100000 },
  });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const productId = (created.body as { product: { id: number } }).product.id;

  const sold: number[] = [];
  let selling = true;
  const till = async () => {
    while (selling) {
      const r = await call(server.url, 'POST', '/api/checkout', { token, body: { items: [{ productId, qty: 1 }] } });
      assert.is(r.status, 201, JSON.stringify(r.body));
      sold.push((r.body as { invoiceId: number }).invoiceId);
    }
  };
  const tills = [till(), till()];
  while (sold.length < 4) await new Promise((r) => setTimeout(r, 5));
  const before = [...sold];
  const res = await fetch(`${server.url}/api/admin/backup`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(res.status, 200);
  const archive = Buffer.from(await res.arrayBuffer());
  selling = false;
  await Promise.all(tills);

  // A plain .tar.gz: the system's tar unpacks it.
  const out = tempDataDir('backup-worker-out');
  fs.writeFileSync(path.join(out, 'backup.tar.gz'), archive);
  const untar = spawnSync('tar', ['-xzf', 'backup.tar.gz'], { cwd: out, encoding: 'utf8' });
  assert.is(untar.status, 0, untar.stderr);
  const db = new Database(path.join(out, 'kedai.db'), { readonly: true });
  try {
    assert.is(db.pragma('integrity_check', { simple: true }), 'ok');
    const ids = new Set(db.prepare('SELECT id FROM sales_invoice').pluck().all() as number[]);
    for (const id of before) assert.ok(ids.has(id), `sale ${id} acknowledged before the backup is in it`);
  } finally {
    db.close();
  }
});

test.run();
