// Benchmark (#18.4a): what a till lives through while the back office works. The real server runs as its own
// process (the bundled `kedai serve`) on a copy of the year of sales (~1,000,000 invoice lines). Two tills
// sell in a loop (checkout, then /api/health) and every reply's latency is recorded. Phases, each against the
// same tills with nothing else running: idle; while the owner downloads a backup; while the yearly report runs
// over and over; while the yearly CSV streams; while two 154-line invoice PDFs render in a loop; while six
// 1,860-label roll jobs run at once (#27.2, three owners with two each: the per-user bulk limit). Figures: p50
// and p99 per phase and their ratio to idle, and the server's RSS (peak in each phase, then settled after all).
// Run alone: node --import ./core/dev/register.mjs --import tsx bench/tills-wait.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reportsFixture } from './reports.js';
import { call, signIn, startServer } from '../tests/reliability/support-server.js';
import { shippedServer } from './shipped-server.js';

const YEAR = 2025;
const TILLS = 2;
const IDLE_MS = 4000;
/** The invoice of #27: 154 lines (its PDF took 2.9 s on the request thread). */
const INVOICE_LINES = 154;
/** 155 products x 12 copies = 1,860 roll labels a job. */
const LABEL_PRODUCTS = 155;
const LABEL_COPIES = 12;
/** How long the server is left alone before its settled RSS is read: idle pool workers end after 30 s, then 10 s more. */
const SETTLE_MS = 40_000;

export interface PhaseFigures {
  phase: string;
  /** How long the back-office job took (0 for idle). */
  jobMs: number;
  checkout: { n: number; p50: number; p99: number; max: number };
  health: { n: number; p50: number; p99: number; max: number };
  /** The server process's highest RSS sampled during the phase (MB). */
  peakRssMb: number;
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

/** The resident memory of a process (Linux /proc), in MB; 0 where unknown. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Anonymous vs file-backed RSS and the thread count (are the pool's workers gone?), for the log. */
function memoryDetail(pid: number): string {
  try {
    const t = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(t)?.[1] ?? 0);
    return `anonymous ${(kb('Anonymous') / 1024).toFixed(0)} MB, file-backed ${((kb('Rss') - kb('Anonymous')) / 1024).toFixed(0)} MB, ${fs.readdirSync(`/proc/${pid}/task`).length} threads`;
  } catch {
    return 'no detail';
  }
}

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.cjs');

/** KEDAI_BENCH_SMAPS=1 (diagnosis): the server's resident memory by mapping (the binary, [heap], anonymous), over 2 MB. */
function biggestMappings(pid: number): string {
  const byName = new Map<string, number>();
  let name = '';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1] || '[anonymous]';
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]));
  }
  return [...byName]
    .filter(([, kb]) => kb > 2048)
    .sort((a, b) => b[1] - a[1])
    .map(([n, kb]) => `    ${(kb / 1024).toFixed(1)} MB ${n}`)
    .join('\n');
}

/** KEDAI_BENCH_SMAPS=1: the mappings, then the main thread's V8 heap as bench/memory-probe.cjs prints it. */
async function mappingsAndHeap(server: { pid: number; output: () => string }): Promise<string> {
  const before = server.output().length;
  process.kill(server.pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 300));
  const heap = /kedai-memory-probe (\{.*\})/.exec(server.output().slice(Math.max(0, before - 10)))?.[1] ?? 'no probe';
  return `${biggestMappings(server.pid)}\n    main thread heap: ${heap}`;
}

export async function runTillsWaitBench(
  opts: { log?: (s: string) => void } = {},
): Promise<{ phases: PhaseFigures[]; lines: number; settledRssMb: number; subject: string }> {
  const log = opts.log ?? (() => undefined);
  const dir = copyFixture();
  const shipped = await shippedServer();
  const server = await startServer(shipped.runner, dir, [], {
    KEDAI_AUTO_BACKUP: '0',
    ...(process.env.KEDAI_BENCH_SMAPS ? { NODE_OPTIONS: `--require ${PROBE}` } : {}),
    ...(process.env.KEDAI_BENCH_ARENAS ? { MALLOC_ARENA_MAX: process.env.KEDAI_BENCH_ARENAS } : {}),
  });
  try {
    const token = await signIn(server.url, { username: 'bench', password: 'bench-password' });
    const made = await call(server.url, 'POST', '/api/products', {
      token,
      body: { item_name: 'Bench Till Runner', sku: 'BENCH-TILL-1', size: '42', selling_price: 10, stock_qty: 1_000_000 },
    });
    if (made.status !== 201) throw new Error(`product: ${made.status} ${JSON.stringify(made.body)}`);
    const productId = (made.body as { product: { id: number } }).product.id;
    // The big invoice (154 lines, under $1,000: no buyer needed) and the label jobs' products.
    const ids: number[] = [];
    for (let i = 0; i < LABEL_PRODUCTS; i++) {
      const p = await call(server.url, 'POST', '/api/products', {
        token,
        body: {
          item_name: `Bench Label Shoe ${i + 1} with a long descriptive name`,
          sku: `BENCH-LBL-${i + 1}`,
          size: String(36 + (i % 10)),
          colour: 'Black',
          selling_price: 2.5 + (i % 4),
          stock_qty: 1000,
        },
      });
      if (p.status !== 201) throw new Error(`label product: ${p.status} ${JSON.stringify(p.body)}`);
      ids.push((p.body as { product: { id: number } }).product.id);
    }
    const big = await call(server.url, 'POST', '/api/checkout', {
      token,
      body: { items: ids.slice(0, INVOICE_LINES).map((id) => ({ productId: id, qty: 1 })) },
    });
    if (big.status !== 201) throw new Error(`154-line checkout: ${big.status} ${JSON.stringify(big.body)}`);
    const bigInvoiceId = (big.body as { invoiceId: number }).invoiceId;
    // Six label jobs at once from three owners: two each (a user may run at most two bulk jobs at a time).
    const owners = [token];
    for (const name of ['bench-labels-2', 'bench-labels-3']) {
      const u = await call(server.url, 'POST', '/api/users', { token, body: { username: name, password: 'bench-password', role: 'ADMIN' } });
      if (u.status !== 201) throw new Error(`user ${name}: ${u.status} ${JSON.stringify(u.body)}`);
      owners.push(await signIn(server.url, { username: name, password: 'bench-password' }));
    }
    const lines = (await call(server.url, 'GET', `/api/reports/sales?type=yearly&year=${YEAR}`, { token, timeoutMs: 120_000 })).body.items_sold as number;

    /** Runs the tills until `job` settles (or for `ms` when idle); their latencies. */
    const measure = async (phase: string, job: (() => Promise<unknown>) | null): Promise<PhaseFigures> => {
      const checkout: number[] = [];
      const health: number[] = [];
      let running = true;
      let peakRssMb = rssMb(server.pid);
      const sampler = setInterval(() => {
        peakRssMb = Math.max(peakRssMb, rssMb(server.pid));
      }, 100);
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
      clearInterval(sampler);
      const f = { phase, jobMs, checkout: summary(checkout), health: summary(health), peakRssMb };
      log(
        `  ${phase}: job ${jobMs.toFixed(0)} ms; checkout p50 ${f.checkout.p50.toFixed(1)} p99 ${f.checkout.p99.toFixed(1)} max ${f.checkout.max.toFixed(0)} ms (${f.checkout.n}); health p50 ${f.health.p50.toFixed(1)} p99 ${f.health.p99.toFixed(1)} max ${f.health.max.toFixed(0)} ms; peak RSS ${peakRssMb.toFixed(0)} MB (now ${memoryDetail(server.pid)}) [load ${os.loadavg()[0].toFixed(2)}]`,
      );
      if (process.env.KEDAI_BENCH_SMAPS) log(await mappingsAndHeap(server));
      return f;
    };
    const get =
      (url: string, as = token) =>
      async () => {
        const res = await fetch(server.url + url, { headers: { authorization: `Bearer ${as}` } });
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.subarray(0, 200).toString()}`);
        return body.length;
      };
    const repeat = (n: number, fn: () => Promise<unknown>) => async () => {
      for (let i = 0; i < n; i++) await fn();
    };

    const phases: PhaseFigures[] = [];
    phases.push(await measure('idle', null));
    phases.push(await measure('backup download', get('/api/admin/backup')));
    phases.push(await measure('yearly report x5', repeat(5, get(`/api/reports/sales?type=yearly&year=${YEAR}`))));
    phases.push(await measure('yearly CSV', get(`/api/reports/sales/csv?type=yearly&year=${YEAR}`)));
    const invoicePdf = get(`/api/invoices/${bigInvoiceId}/pdf`);
    phases.push(
      await measure(`two ${INVOICE_LINES}-line invoice PDFs in a loop (x3 each)`, () => Promise.all([repeat(3, invoicePdf)(), repeat(3, invoicePdf)()])),
    );
    const labels = `/api/labels.pdf?format=roll&copies=${LABEL_COPIES}&product_ids=${ids.join(',')}`;
    phases.push(
      await measure(`six ${LABEL_PRODUCTS * LABEL_COPIES}-label roll jobs at once`, () =>
        Promise.all(owners.flatMap((who) => [get(labels, who)(), get(labels, who)()])),
      ),
    );
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settledRssMb = rssMb(server.pid);
    log(`  server RSS ${SETTLE_MS / 1000} s after the last job: ${settledRssMb.toFixed(0)} MB (${memoryDetail(server.pid)})`);
    return { phases, lines, settledRssMb, subject: shipped.subject };
  } finally {
    await server.stop();
    shipped.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runTillsWaitBench({ log: console.log });
  console.log(`${r.lines} items sold in the year served`);
}
