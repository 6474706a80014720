// Benchmark (#18.4a): what a till lives through while the back office works. The real server runs as its own
// process (the bundled `kedai serve`) on a copy of the year of sales (~1,000,000 invoice lines). Two tills
// sell in a loop (checkout, then /api/health) and every reply's latency is recorded. Phases, each against the
// same tills with nothing else running: idle; while the owner downloads a backup; while the yearly report runs
// over and over; while the yearly CSV streams. Figures: p50 and p99 per phase and their ratio to idle.
// Run alone: node --import ./core/dev/register.mjs --import tsx bench/tills-wait.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { reportsFixture } from './reports.js';
import { bundleServer, call, signIn, startServer } from '../tests/reliability/support-server.js';

const YEAR = 2025;
const TILLS = 2;
const IDLE_MS = 4000;

export interface PhaseFigures {
  phase: string;
  /** How long the back-office job took (0 for idle). */
  jobMs: number;
  checkout: { n: number; p50: number; p99: number; max: number };
  health: { n: number; p50: number; p99: number; max: number };
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const summary = (xs: number[]) => ({ n: xs.length, p50: quantile(xs, 0.5), p99: quantile(xs, 0.99), max: Math.max(0, ...xs) });

/** Copies the cached year of sales into a fresh folder the server may write to. */
function copyFixture(): string {
  const fixture = reportsFixture();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-tills-wait-'));
  fs.copyFileSync(path.join(fixture.dataDir, 'kedai.db'), path.join(dir, 'kedai.db'));
  return dir;
}

export async function runTillsWaitBench(opts: { log?: (s: string) => void } = {}): Promise<{ phases: PhaseFigures[]; lines: number }> {
  const log = opts.log ?? (() => undefined);
  const dir = copyFixture();
  const bundle = await bundleServer();
  const server = await startServer(bundle.runner, dir, [], { KEDAI_AUTO_BACKUP: '0' });
  try {
    const token = await signIn(server.url, { username: 'bench', password: 'bench-password' });
    const made = await call(server.url, 'POST', '/api/products', { token, body: { item_name: 'Bench Till Runner', sku: 'BENCH-TILL-1', size: '42', selling_price: 10, stock_qty: 1_000_000 } });
    if (made.status !== 201) throw new Error(`product: ${made.status} ${JSON.stringify(made.body)}`);
    const productId = (made.body as { product: { id: number } }).product.id;
    const lines = (await call(server.url, 'GET', `/api/reports/sales?type=yearly&year=${YEAR}`, { token, timeoutMs: 120_000 })).body.items_sold as number;

    /** Runs the tills until `job` settles (or for `ms` when idle); their latencies. */
    const measure = async (phase: string, job: (() => Promise<unknown>) | null): Promise<PhaseFigures> => {
      const checkout: number[] = [];
      const health: number[] = [];
      let running = true;
      const till = async () => {
        while (running) {
          const sale = await call(server.url, 'POST', '/api/checkout', { token, body: { items: [{ productId, qty: 1 }] }, timeoutMs: 120_000 });
          if (sale.status !== 201) throw new Error(`checkout ${sale.status}`);
          checkout.push(sale.ms);
          const h = await call(server.url, 'GET', '/api/health', { timeoutMs: 120_000 });
          health.push(h.ms);
        }
      };
      const tills = Array.from({ length: TILLS }, till);
      await new Promise((r) => setTimeout(r, 300)); // the tills are selling before the job starts
      const t0 = performance.now();
      if (job) await job();
      else await new Promise((r) => setTimeout(r, IDLE_MS));
      const jobMs = job ? performance.now() - t0 : 0;
      running = false;
      await Promise.all(tills);
      const f = { phase, jobMs, checkout: summary(checkout), health: summary(health) };
      log(`  ${phase}: job ${jobMs.toFixed(0)} ms; checkout p50 ${f.checkout.p50.toFixed(1)} p99 ${f.checkout.p99.toFixed(1)} max ${f.checkout.max.toFixed(0)} ms (${f.checkout.n}); health p50 ${f.health.p50.toFixed(1)} p99 ${f.health.p99.toFixed(1)} max ${f.health.max.toFixed(0)} ms`);
      return f;
    };
    const get = (url: string) => async () => {
      const res = await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.subarray(0, 200).toString()}`);
      return body.length;
    };
    const repeat = (n: number, fn: () => Promise<unknown>) => async () => { for (let i = 0; i < n; i++) await fn(); };

    const phases: PhaseFigures[] = [];
    phases.push(await measure('idle', null));
    phases.push(await measure('backup download', get('/api/admin/backup')));
    phases.push(await measure('yearly report x5', repeat(5, get(`/api/reports/sales?type=yearly&year=${YEAR}`))));
    phases.push(await measure('yearly CSV', get(`/api/reports/sales/csv?type=yearly&year=${YEAR}`)));
    return { phases, lines };
  } finally {
    await server.stop();
    bundle.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runTillsWaitBench({ log: console.log });
  console.log(`${r.lines} items sold in the year served`);
}
