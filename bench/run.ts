// `npm run bench`: every quality bar of docs/api.md in one run, printed as a table (measure, result, bar, PASS/FAIL)
// and written as Markdown to bench/results/latest.md. Slow fixtures (50,000 products, a year of sales) are
// cached under the temp dir (bench/cache.ts), so only the first run pays for them.
// Options: --runs N repeats the whole bench N times and gives min / median / max of each row (#27.6); --only a,b (search, checkout, pos, reports, startup, ui, wire, tills, replica, oracle) runs a subset; --rebuild-exe rebuilds dist/kedai first.
// `oracle` (the money oracle's long run with a random seed, #25) is a correctness check, not a bar: only with --only.
// The machine it ran on (CPU, cores, RAM, disk, Node) heads the table: figures only compare on the same one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runSearchBench, searchRows } from './search.js';
import { CHECKOUT_BARS, runCheckoutBench } from './checkout.js';
import { INVOICES_1M, INVOICES_5M, SHOP_PRODUCTS, runReportsBench } from './reports.js';
import { runPosSaleBench } from './pos-sale.js';
import { machine } from './machine.js';
import { START_CPU_BAR_MS, bareNodeStartCpuMs, runStartupBench } from './startup.js';
import { runUiSizeBench } from './ui-size.js';
import { runTillsWaitBench } from './tills-wait.js';
import { runWireBytesBench } from './wire-bytes.js';
import { runReplicaBench } from './replica.js';
import { runOracleBench } from './oracle.js';
import { CACHE_ROOT } from './cache.js';
import { combineRuns, sameButFigures, type Row } from './runs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHES = ['ui', 'wire', 'startup', 'search', 'reports', 'checkout', 'pos', 'tills', 'replica', 'oracle'] as const;
type Bench = (typeof BENCHES)[number];
/** What a plain `npm run bench` runs: the quality bars (the oracle only when named). */
const DEFAULT_BENCHES = BENCHES.filter((b) => b !== 'oracle');

const { values: flags } = parseArgs({ options: { only: { type: 'string' }, 'rebuild-exe': { type: 'boolean' }, runs: { type: 'string' } } });
/** `--runs N`: the whole bench N times in a row, each row then with min / median / max over the runs (bench/runs.ts). */
const RUNS = Number(flags.runs ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) throw new Error('--runs takes a whole number from 1 to 9');
const only = new Set(
  (flags.only ?? DEFAULT_BENCHES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const name of only) if (!BENCHES.includes(name as Bench)) throw new Error(`Unknown bench "${name}" (use: ${BENCHES.join(', ')})`);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const ms = (v: number) => (v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(0)} ms`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const pass = (ok: boolean): Row['status'] => (ok ? 'PASS' : 'FAIL');
const log = (s: string) => console.log(s);

const startedAt = new Date();
const started = performance.now();
const loadAtStart = load();
const host = machine(CACHE_ROOT);
log(`Kedai benchmarks, ${startedAt.toISOString()}: ${host}`);
log(`load average at start (1 / 5 / 15 min): ${loadAtStart}; fixture cache: ${CACHE_ROOT}`);

const rows: Row[] = [];
const notes: string[] = [];

/** Newest source file that goes into the executable (to warn when dist/kedai is older than the code). */
function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'screenshots') visit(full);
        continue;
      }
      if (/\.test\.tsx?$/.test(e.name) || !/\.(ts|tsx|sql|css|json)$/.test(e.name)) continue;
      const m = fs.statSync(full).mtimeMs;
      if (m > newest.mtimeMs) newest = { file: path.relative(ROOT, full), mtimeMs: m };
    }
  };
  for (const d of ['app', 'core', 'plugins', 'ui', 'data/demo']) if (fs.existsSync(path.join(ROOT, d))) visit(path.join(ROOT, d));
  return newest;
}

async function step(name: Bench, title: string, fn: () => Promise<void>) {
  if (!only.has(name)) return;
  log(`\n== ${title} [load ${load()}]`);
  const t0 = performance.now();
  const firstRow = rows.length;
  const loadNow = os.loadavg()[0];
  try {
    await fn();
  } catch (err) {
    const message = (err as Error).message.split('\n')[0];
    console.error(`  ${name} bench failed: ${(err as Error).stack ?? message}`);
    rows.push({ measure: title, result: `error: ${message}`, bar: '', status: 'ERROR' });
  }
  for (const row of rows.slice(firstRow)) row.load = loadNow;
  log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

/** One pass over the chosen benches: its rows and notes land in `rows` and `notes`. */
async function benchOnce() {
  await step('ui', 'UI JavaScript (gzip)', async () => {
    const r = await runUiSizeBench();
    rows.push({
      measure: 'UI: login + shell JavaScript, gzipped',
      result: `${kb(r.shellJsGzip)} (CSS ${kb(r.cssGzip)} more)`,
      bar: '< 150 KB',
      status: pass(r.shellJsGzip < 150 * 1024),
    });
    for (const s of r.screens) {
      rows.push({
        measure: `UI: screen ${s.module
          .replace(/^plugins\//, '')
          .replace('/screen/', ': ')
          .replace(/\.tsx?$/, '')}`,
        result: s.gzip === null ? 'not a lazy chunk of its own' : `own lazy chunk, ${kb(s.gzip)} gz`,
        bar: 'own lazy chunk',
        status: pass(s.gzip !== null),
      });
    }
    rows.push({
      measure: 'UI: other lazy chunks (code shared by screens)',
      result: `${r.sharedLazyCount} chunks, ${kb(r.sharedLazyGzip)} gz in all`,
      bar: '',
      status: 'info',
    });
  });

  await step('wire', 'Bytes on the wire: sign-in and the POS (#18.4e)', async () => {
    const r = await runWireBytesBench();
    rows.push({
      measure: `Wire: sign-in + POS in Chromium (${r.requests.length} requests, compressed as sent)`,
      result: `${kb(r.totalBytes)}${r.repeated.length ? `; fetched twice: ${r.repeated.join(', ')}` : '; no URL fetched twice'}`,
      bar: '< 150 KB, each URL once',
      status: pass(r.totalBytes < 150 * 1024 && r.repeated.length === 0),
    });
  });

  await step('startup', 'Executable: cold start and idle memory', async () => {
    const exe = path.join(ROOT, 'dist', 'kedai');
    if (flags['rebuild-exe'] && fs.existsSync(exe)) fs.rmSync(exe);
    if (fs.existsSync(exe)) {
      const src = newestSource();
      if (src.mtimeMs > fs.statSync(exe).mtimeMs) {
        notes.push(
          `dist/kedai is older than the sources (${src.file} changed after it was built): the executable rows measure that build. \`npm run bench -- --rebuild-exe\` (or \`npm run build\`) brings it up to date.`,
        );
      }
    }
    const r = await runStartupBench({ log });
    const what = r.fallbackReason ? `${r.subject}, because ${r.fallbackReason}` : `${r.subject}${r.built ? ', built by this run' : ''}`;
    const times = r.runs.map((x) => x.ms).sort((a, b) => a - b);
    rows.push({
      measure: 'Executable: start to first HTTP 200, existing database',
      result: `median ${ms(r.medianMs)} of ${r.runs.length} starts (${ms(times[0])}..${ms(times[times.length - 1])}; ${what})`,
      bar: '< 1 s',
      status: r.fallbackReason ? 'FAIL' : pass(r.medianMs < 1000),
    });
    const bare = await bareNodeStartCpuMs();
    const cpus = r.runs.map((x) => x.cpuMs).sort((a, b) => a - b);
    rows.push({
      measure: 'Executable: start CPU to first HTTP 200 (all threads)',
      result: `median ${ms(r.medianCpuMs)} (${ms(cpus[0])}..${ms(cpus[cpus.length - 1])}) vs a bare HTTP server on ${bare.node} ${ms(bare.medianMs)}`,
      bar: `< ${START_CPU_BAR_MS} ms (#27.5)`,
      status: r.fallbackReason ? 'FAIL' : pass(r.medianCpuMs < START_CPU_BAR_MS),
    });
    rows.push({
      measure: 'Executable: idle RSS (2 s after first 200)',
      result: `${r.maxRssMb.toFixed(1)} MB (highest of ${r.runs.length}${r.fallbackReason ? `; ${r.subject}` : ''})`,
      bar: '< 150 MB',
      status: r.fallbackReason ? 'FAIL' : pass(r.maxRssMb < 150),
    });
  });

  await step('search', 'What the till sends at 50,000 products (#27)', async () => {
    const r = await runSearchBench();
    if (r.seedMs !== null) notes.push(`The 50,000-product catalogue was seeded by this run (${(r.seedMs / 1000).toFixed(0)} s); later runs reuse it.`);
    rows.push(...searchRows(r));
  });

  await step('reports', 'Reports at 50,000 products, 1M and 5M invoice lines (#18.4b)', async () => {
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    for (const [label, invoices, barMs, barText] of [
      ['1M', INVOICES_1M, 1000, '< 1 s (docs/api.md)'],
      ['5M', INVOICES_5M, 300, 'yearly < 300 ms (#18)'],
    ] as const) {
      const r = await runReportsBench(invoices, { products: SHOP_PRODUCTS });
      const lines = `${(r.lineCount / 1e6).toFixed(1)}M lines`;
      notes.push(
        r.cached
          ? `Reports ${label}: the cached year of sales (${r.lineCount.toLocaleString('en')} lines, generated once in ${(r.makeMs / 1000).toFixed(0)} s) was read into the OS file cache first (${(r.warmFileMs / 1000).toFixed(1)} s); "first" is a new connection (SQLite's cache cold).`
          : `Reports ${label}: the year of sales (${r.lineCount.toLocaleString('en')} lines, ${SHOP_PRODUCTS.toLocaleString('en')} products) was generated by this run in ${(r.makeMs / 1000).toFixed(0)} s; later runs reuse it.`,
      );
      rows.push({
        measure: `Yearly sales report, ${SHOP_PRODUCTS / 1000}k products, ${lines} (HTTP)`,
        result: `worst ${ms(r.yearlyMax)} (first ${ms(r.yearlyFirst)}, warm median ${ms(r.yearlyWarm)}) = ${(r.yearlyMax / barMs).toFixed(1)}x the bar; the report worker thread started before, in ${ms(r.workerStartMs)} under tsx`,
        bar: barText,
        status: pass(r.yearlyMax < barMs),
      });
      rows.push({
        measure: `Monthly / daily / end-of-day reports, ${lines} (medians)`,
        result: `monthly ${ms(r.monthly)}, daily ${ms(r.daily)}, end-of-day ${ms(r.endOfDay)}`,
        bar: '',
        status: 'info',
      });
      if (r.csv) {
        rows.push({
          measure: `Yearly CSV export, ${lines}`,
          result: `${ms(r.csv.ms)} for ${mb(r.csv.bytes)} (${r.csv.rows.toLocaleString('en')} rows, size as decoded)`,
          bar: '',
          status: 'info',
        });
      }
    }
  });

  await step('checkout', 'Checkout throughput vs raw SQLite', async () => {
    const r = await runCheckoutBench({ log });
    if (r.negativeStock) notes.push(`Checkout bench: ${r.negativeStock} products ended with NEGATIVE stock.`);
    rows.push({
      measure: `Checkout throughput: ${r.clients} tills over HTTP vs raw SQLite, same writes`,
      result: `${r.httpN.perSecond.toFixed(0)}/s vs raw ${r.raw.perSecond.toFixed(0)}/s = ${pct(r.ratioN)}`,
      bar: `>= ${pct(CHECKOUT_BARS.rateOfRaw)} of raw (#27.4)`,
      status: pass(r.ratioN >= CHECKOUT_BARS.rateOfRaw && r.negativeStock === 0),
      figures: { '% of raw': r.ratioN * 100, 'raw /s': r.raw.perSecond },
    });
    rows.push({
      measure: `Checkout: server CPU per sale, ${r.clients} tills, vs raw SQLite's`,
      result: `${r.httpN.cpuMsPerSale.toFixed(2)} vs raw ${r.raw.cpuMsPerSale.toFixed(2)} ms/sale = ${r.cpuRatioN.toFixed(2)}x`,
      bar: `< ${CHECKOUT_BARS.cpuOfRaw}x raw (#27.4)`,
      status: pass(r.cpuRatioN < CHECKOUT_BARS.cpuOfRaw),
      figures: { 'x raw': r.cpuRatioN },
    });
    rows.push({
      measure: `Checkout floor with group commit: raw SQLite, ${r.clients} sales a commit (one fsync each)`,
      result: `${r.rawGroup.perSecond.toFixed(0)}/s = ${(r.rawGroup.perSecond / r.raw.perSecond).toFixed(1)}x raw's one sale a commit`,
      bar: '',
      status: 'info',
    });
    rows.push({
      measure: 'Checkout, 1 till (one sale at a time) over HTTP vs raw',
      result: `${r.http1.perSecond.toFixed(0)}/s = ${pct(r.ratio1)} of raw (blocks ${pct(r.ratio1Range[0])}..${pct(r.ratio1Range[1])}; server CPU ${r.http1.cpuMsPerSale.toFixed(2)} ms/sale)`,
      bar: 'latency-bound, see note',
      status: 'info',
      figures: { '% of raw': r.ratio1 * 100 },
    });
    notes.push(
      `Checkout: ${r.blocks} interleaved blocks of ${r.block} sales per variant (raw, action, 1 till, ${r.clients} tills), synchronous=FULL. ` +
        `The bar applies to throughput (${r.clients} tills): one till waiting for each reply also counts its own request time, which on this ` +
        `2-core machine shares the server's cores. The checkout action alone (no HTTP) ran at ${r.action.perSecond.toFixed(0)}/s.`,
    );
  });

  await step('pos', "The POS's per-sale requests, and memory after a day (#18.4c, d)", async () => {
    const r = await runPosSaleBench({ log });
    for (const t of [1, 4] as const) {
      const pos = r.pos[t];
      const bare = r.bare[t];
      rows.push({
        measure: `POS sale as the browser sends it, ${t} till${t > 1 ? 's' : ''} (${r.requests.length} requests, separate server process)`,
        result: `${pos.perSecond.toFixed(0)} sales/s, ${ms(pos.msPerSale)}/sale vs bare checkout ${bare.perSecond.toFixed(0)}/s, ${ms(bare.msPerSale)} = ${pct(pos.perSecond / bare.perSecond)} of its rate`,
        bar: '',
        status: 'info',
      });
    }
    notes.push(
      `POS sale: ${r.requests.join(' -> ')} (low-stock beside settings -> receipt, as plugins/sales/screen sends them for a cash sale printed by the browser); ` +
        `a 3-line cart, ${r.pos[1].sales} sales per variant in blocks interleaved with the bare checkout, same client, same server. ms/sale is the median from the checkout POST to the sale's last reply.`,
    );
    const m = r.memory;
    const heap = m.heap
      ? `; V8 heap ${m.heap.heapTotal.toFixed(0)} MB committed (${m.heap.heapUsed.toFixed(0)} used, young generation ${m.heap.newSpace.toFixed(0)}), external ${m.heap.external.toFixed(0)} MB`
      : '';
    rows.push({
      measure: `Server RSS after ${m.sales.toLocaleString('en')} sales and ${m.pdfs} invoice/receipt PDFs (settled 40 s: idle workers end at 30 s; ${r.subject}, started cold)`,
      result: `${m.settled.toFixed(1)} MB = ${(m.settled / 150).toFixed(2)}x the bar vs ${m.idle.toFixed(0)} MB idle at start (after the sales ${m.afterSales.toFixed(0)}, 10 s after the PDFs with their 2 workers warm ${m.warm.toFixed(0)}, peak ${m.peak.toFixed(0)}; anon ${m.anon.toFixed(0)} + file-backed ${m.file.toFixed(0)}${heap})`,
      bar: '< 150 MB',
      status: pass(m.settled < 150),
      figures: { 'settled MB': m.settled, 'warm MB': m.warm },
    });
  });

  await step('tills', 'Tills while the back office works (#18.4a)', async () => {
    const r = await runTillsWaitBench({ log });
    const idle = r.phases[0];
    const idleP99 = Math.max(idle.checkout.p99, idle.health.p99);
    rows.push({
      measure: `Till latency, idle (${r.phases[0].checkout.n} sales by 2 tills; ${r.subject}, started cold)`,
      result: `checkout p50 ${ms(idle.checkout.p50)} p99 ${ms(idle.checkout.p99)}; health p50 ${ms(idle.health.p50)} p99 ${ms(idle.health.p99)}`,
      bar: '',
      status: 'info',
      figures: { 'p99 ms': idleP99 },
    });
    for (const f of r.phases.slice(1)) {
      const p99 = Math.max(f.checkout.p99, f.health.p99);
      rows.push({
        measure: `Till latency during ${f.phase} (${(f.jobMs / 1000).toFixed(1)} s)`,
        result: `checkout p50 ${ms(f.checkout.p50)} p99 ${ms(f.checkout.p99)} (max ${ms(f.checkout.max)}); health p99 ${ms(f.health.p99)}; p99 = ${(p99 / idleP99).toFixed(1)}x idle`,
        bar: 'p99 <= 2x idle and < 50 ms',
        status: pass(p99 <= 2 * idleP99 && p99 < 50),
        figures: { 'p99 ms': p99, 'x idle': p99 / idleP99 },
      });
    }
    const peak = Math.max(...r.phases.map((f) => f.peakRssMb));
    rows.push({
      measure: 'Server RSS during the phases above (peak) and settled 40 s after (idle workers end after 30 s)',
      result: `peak ${peak.toFixed(0)} MB (idle phase ${idle.peakRssMb.toFixed(0)}; ${r.phases
        .slice(1)
        .map((f) => `${f.phase.split(' (')[0]} ${f.peakRssMb.toFixed(0)}`)
        .join(', ')}); settled ${r.settledRssMb.toFixed(0)} MB`,
      bar: '< 300 MB during, < 160 MB after',
      status: pass(peak < 300 && r.settledRssMb < 160),
      figures: { 'peak MB': peak, 'settled MB': r.settledRssMb },
    });
  });

  await step('replica', 'Off-site copy: RPO and restore time (#19)', async () => {
    const r = await runReplicaBench();
    const lost = r.rounds.map((x) => `${x.lost}/${x.acked}`).join(', ');
    rows.push({
      measure: 'Off-site copy RPO: 4 tills, Litestream + server kill -9, default 1 s sync',
      result: `at most ${(r.rpoMaxMs / 1000).toFixed(2)} s of sales (lost ${lost}); server alone killed: ${(r.serverOnly.rpoMs / 1000).toFixed(2)} s`,
      bar: '',
      status: 'info',
    });
    const b = r.restore1M;
    rows.push({
      measure: `Restore from the replica, ${b.lines.toLocaleString('en')} lines (${(b.dbBytes / 1024 / 1024).toFixed(0)} MB, file://)`,
      result: `${(b.restoreMs / 1000).toFixed(1)} s (litestream restore ${(b.litestreamOnlyMs / 1000).toFixed(1)} s)`,
      bar: '',
      status: 'info',
    });
  });

  await step('oracle', 'Money oracle: random operations against docs/money.md (#25)', async () => {
    const r = await runOracleBench({ log });
    const first = r.report
      ?.split('\n')
      .find((l) => l.startsWith('First difference:'))
      ?.slice('First difference: '.length);
    rows.push({
      measure: `Money oracle, seed ${r.seed}: ${r.ops} random operations (${r.refused} rightly refused), every report to the cent`,
      result: r.ok
        ? `agrees on every figure (${(r.firstRunMs / 1000).toFixed(0)} s, ${r.requests} requests)`
        : `disagrees: ${first ?? 'see the report above'}`.slice(0, 300),
      bar: 'no difference',
      status: pass(r.ok),
    });
  });
}

const runs: Row[][] = [];
const allNotes: string[] = [];
for (let run = 1; run <= RUNS; run++) {
  if (RUNS > 1) log(`\n######## Run ${run} of ${RUNS} [load ${load()}]`);
  rows.length = 0;
  notes.length = 0;
  await benchOnce();
  runs.push([...rows]);
  // A note that differs from an earlier run's only in its figures is the same note: the first run's is kept.
  for (const n of notes) if (!allNotes.some((a) => sameButFigures(a, n))) allNotes.push(n);
}
const table = combineRuns(runs);

const seconds = (performance.now() - started) / 1000;
const loadAtEnd = load();

// ---- The table: aligned text on the console, Markdown in bench/results/latest.md.
const headers = ['Measure', 'Result', 'Bar (docs/api.md)', 'Status'];
const cells = table.map((r) => [r.measure, r.result, r.bar, r.status]);
const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i])).join('  ');
log(`\n${line(headers)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const c of cells) log(line(c));
for (const n of allNotes) log(`* ${n}`);
log(`load average at start ${loadAtStart}, at end ${loadAtEnd} (1 / 5 / 15 min, ${os.availableParallelism()} cores); ${seconds.toFixed(0)} s in all`);

const md = [
  '# Kedai benchmarks',
  '',
  `${startedAt.toISOString()} on ${host}. Load average (1 / 5 / 15 min) at start ${loadAtStart}, at end ${loadAtEnd}. Took ${seconds.toFixed(0)} s${RUNS > 1 ? ` for ${RUNS} runs in a row` : ''}.`,
  '',
  `| ${headers.join(' | ')} |`,
  `|${headers.map(() => '---').join('|')}|`,
  ...cells.map((c) => `| ${c.map((v) => v.replace(/\|/g, '\\|')).join(' | ')} |`),
  '',
  ...allNotes.map((n) => `- ${n}`),
  '',
].join('\n');
const outFile = path.join(ROOT, 'bench', 'results', 'latest.md');
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, md);
log(`written to ${path.relative(ROOT, outFile)}`);

const failed = table.filter((r) => r.failed);
log(failed.length ? `${failed.length} bar(s) not met` : 'every bar met');
process.exitCode = failed.length ? 1 : 0;
