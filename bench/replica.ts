// Benchmark (#19): the off-site copy's recovery point and recovery time.
// RPO: the real server (`kedai serve --replicate file://...`, Litestream at its default 1 s sync interval) takes
// sales from 4 tills; Litestream and the server are killed with SIGKILL (Litestream first: the worst case, it
// ships nothing on its way out); `kedai restore --from-replica` rebuilds a fresh folder and the acknowledged sales
// missing from it are counted: the RPO is the age, at the kill, of the oldest acknowledged sale that was lost.
// One more round kills the server alone (its guard then stops Litestream with SIGTERM: it ships what it holds).
// Restore time: the 1M-line year of sales (bench/reports.ts reportsFixture) copied, replicated once to a file://
// replica, then `kedai restore --from-replica` (Litestream restore + integrity_check + migrations + swap) timed.
// Run: node --import ./core/dev/register.mjs --import tsx bench/replica.ts [--rounds N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { ADMIN, NoAnswer, ROOT, TILL, bundleServer, call, createAccounts, signIn, startServer, type Runner } from '../tests/reliability/support-server.js';
import { findLitestream, litestreamConfig } from '../core/replica/litestream.js';
import { reportsFixture } from './reports.js';

export interface ReplicaBenchResult {
  rounds: { acked: number; lost: number; rpoMs: number; restoreMs: number }[];
  rpoMaxMs: number;
  /** The server alone killed: its guard stops Litestream with SIGTERM, which ships what it holds. */
  serverOnly: { acked: number; lost: number; rpoMs: number; restoreMs: number };
  restore1M: { lines: number; dbBytes: number; replicateMs: number; restoreMs: number; litestreamOnlyMs: number };
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; out: string }> {
  const child = spawn(file, args, { cwd: ROOT, env });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

const kedaiAsync = (runner: Runner, args: string[]) =>
  run(process.execPath, [runner.kind === 'bundle' ? runner.file : '', ...args], { ...process.env, DATA_DIR: '', KEDAI_REPLICATE: '' });

/** Server -> sh guard -> litestream (from /proc). */
function litestreamUnder(pid: number): number | null {
  const kids = (p: number) =>
    fs
      .readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .filter((n) => {
        try {
          const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === p;
        } catch {
          return false;
        }
      });
  for (const g of kids(pid)) for (const c of kids(g)) if (fs.readFileSync(`/proc/${c}/comm`, 'utf8').trim() === 'litestream') return c;
  return null;
}

/** One round: sell, kill both, restore; the lost sales and the RPO. */
async function rpoRound(runner: Runner, tmp: string, n: number, killLitestream = true) {
  const dataDir = path.join(tmp, `shop-${n}`);
  const replica = path.join(tmp, `replica-${n}`);
  createAccounts(runner, dataDir);
  const server = await startServer(runner, dataDir, ['--replicate', `file://${replica}`], { KEDAI_REPLICATE_SYNC_INTERVAL: '' });
  const owner = await signIn(server.url, ADMIN);
  const till = await signIn(server.url, TILL);
  const p = await call(server.url, 'POST', '/api/products', {
    token: owner,
    body: { item_name: 'Bench Slipper', selling_price: 9.9, cost: 4, stock_qty: 1_000_000 },
  });
  if (p.status !== 201) throw new Error(`product: ${p.status} ${JSON.stringify(p.body)}`);
  const productId = p.body.product.id as number;
  for (let i = 0; i < 100 && !(await call(server.url, 'GET', '/api/health')).body.replica?.ok; i++) await new Promise((r) => setTimeout(r, 100));
  const acks: { number: string; at: number }[] = [];
  const sell = async () => {
    for (;;) {
      try {
        const r = await call(server.url, 'POST', '/api/checkout', {
          token: till,
          body: { items: [{ productId, qty: 1 }] },
          headers: { 'idempotency-key': randomUUID() },
        });
        if (r.status === 201) acks.push({ number: r.body.number, at: Date.now() });
      } catch (err) {
        if (err instanceof NoAnswer) return;
        throw err;
      }
    }
  };
  const tills = Promise.all([sell(), sell(), sell(), sell()]);
  await new Promise((r) => setTimeout(r, 4000 + Math.random() * 3000));
  const ls = litestreamUnder(server.pid);
  const killAt = Date.now();
  if (ls && killLitestream) process.kill(ls, 'SIGKILL');
  await server.kill();
  await tills;
  // Litestream (killed, or stopping by itself after its server died) must be gone before the restore reads the replica.
  for (let i = 0; ls && i < 200 && fs.existsSync(`/proc/${ls}`) && !fs.readFileSync(`/proc/${ls}/stat`, 'utf8').includes(') Z '); i++)
    await new Promise((r) => setTimeout(r, 50));
  const fresh = path.join(tmp, `restored-${n}`);
  const t0 = performance.now();
  const r = await kedaiAsync(runner, ['restore', '--from-replica', `file://${replica}`, '--data', fresh]);
  const restoreMs = performance.now() - t0;
  if (r.code !== 0) throw new Error(`restore failed: ${r.out}`);
  const db = new Database(path.join(fresh, 'kedai.db'), { readonly: true });
  const present = new Set(db.prepare('SELECT number FROM sales_invoice').pluck().all() as string[]);
  db.close();
  const lost = acks.filter((a) => !present.has(a.number));
  return { acked: acks.length, lost: lost.length, rpoMs: lost.length ? Math.max(...lost.map((a) => killAt - a.at)) : 0, restoreMs };
}

/** Replicates a copy of the 1M-line fixture once, then times the restore from it. */
async function restore1M(runner: Runner, tmp: string) {
  const fixture = reportsFixture();
  const shop = path.join(tmp, 'big-shop');
  fs.mkdirSync(shop, { mode: 0o700 });
  for (const f of fs.readdirSync(fixture.dataDir)) if (f === 'kedai.db') fs.copyFileSync(path.join(fixture.dataDir, f), path.join(shop, f));
  const dbFile = path.join(shop, 'kedai.db');
  const lines = (() => {
    const d = new Database(dbFile, { readonly: true });
    try {
      return d.prepare('SELECT count(*) FROM sales_invoice_line').pluck().get() as number;
    } finally {
      d.close();
    }
  })();
  const replica = path.join(tmp, 'big-replica');
  const bin = findLitestream().file!;
  const config = path.join(tmp, 'big.yml');
  fs.writeFileSync(config, litestreamConfig({ dbFile, target: { kind: 'file', url: `file://${replica}`, dir: replica }, sync: '1s' }));
  const t0 = performance.now();
  const child = spawn(bin, ['replicate', '-config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const take = (d: Buffer) => {
      out += d;
      if (/"msg":"wal segment written"/.test(out)) resolve();
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', () => reject(new Error(`litestream stopped: ${out.slice(-2000)}`)));
  });
  const replicateMs = performance.now() - t0;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const only = path.join(tmp, 'litestream-only.db');
  const t1 = performance.now();
  const lr = await run(bin, ['restore', '-config', config, '-o', only, dbFile]);
  const litestreamOnlyMs = performance.now() - t1;
  if (lr.code !== 0) throw new Error(`litestream restore: ${lr.out}`);
  const fresh = path.join(tmp, 'big-restored');
  const t2 = performance.now();
  const r = await kedaiAsync(runner, ['restore', '--from-replica', `file://${replica}`, '--data', fresh]);
  const restoreMs = performance.now() - t2;
  if (r.code !== 0) throw new Error(`kedai restore: ${r.out}`);
  return { lines, dbBytes: fs.statSync(dbFile).size, replicateMs, restoreMs, litestreamOnlyMs };
}

/** Runs both measures; returns the figures. */
export async function runReplicaBench(rounds = 3): Promise<ReplicaBenchResult> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-bench-replica-'));
  const { runner, remove } = await bundleServer();
  try {
    const done: ReplicaBenchResult['rounds'] = [];
    for (let n = 1; n <= rounds; n++) done.push(await rpoRound(runner, tmp, n));
    const serverOnly = await rpoRound(runner, tmp, rounds + 1, false);
    return { rounds: done, rpoMaxMs: Math.max(...done.map((r) => r.rpoMs)), serverOnly, restore1M: await restore1M(runner, tmp) };
  } finally {
    remove();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const isEntry = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isEntry) {
  const i = process.argv.indexOf('--rounds');
  const r = await runReplicaBench(i > 0 ? Number(process.argv[i + 1]) : 3);
  for (const [n, x] of r.rounds.entries())
    console.log(
      `round ${n + 1}: ${x.acked} sales acknowledged, ${x.lost} lost, RPO ${(x.rpoMs / 1000).toFixed(2)} s, restore ${(x.restoreMs / 1000).toFixed(2)} s`,
    );
  console.log(`RPO (default 1 s sync, Litestream and server killed): at most ${(r.rpoMaxMs / 1000).toFixed(2)} s of acknowledged sales`);
  console.log(
    `server alone killed (Litestream ships on its way out): ${r.serverOnly.lost} of ${r.serverOnly.acked} lost, RPO ${(r.serverOnly.rpoMs / 1000).toFixed(2)} s`,
  );
  const b = r.restore1M;
  console.log(
    `restore of ${b.lines.toLocaleString('en')} lines (${(b.dbBytes / 1024 / 1024).toFixed(0)} MB): kedai restore --from-replica ${(b.restoreMs / 1000).toFixed(1)} s (litestream restore alone ${(b.litestreamOnlyMs / 1000).toFixed(1)} s; first snapshot ${(b.replicateMs / 1000).toFixed(1)} s)`,
  );
}
