// Benchmark (#18.4b): the reports through real HTTP at a real shop's scale: 50,000 products and a year of
// ~1,000,000 or ~5,000,000 invoice lines (yearly first and warm, monthly, daily, end-of-day, the yearly CSV).
// Bars: yearly under 1 s at 1M lines (docs/api.md), under 300 ms at 5M (#18). Each year of sales is generated
// once into a cached data folder (bench/cache.ts); later runs reuse it.
// Run: node --import ./core/dev/register.mjs --import tsx bench/reports.ts [--lines 1m|5m] [--invoices N --products N]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../core/app.js';
import { loadConfig } from '../core/config.js';
import { usersRepo } from '../core/auth/users.js';
import { generateSales, type GenerateSalesResult } from '../data/bench/generate-sales.js';
import { cachedDataDir, fixtureKey, sourceText } from './cache.js';
import inventory from '../plugins/inventory/index.js';
import customers from '../plugins/customers/index.js';
import sales from '../plugins/sales/index.js';
import paynow from '../plugins/paynow/index.js';
import reports from '../plugins/reports/index.js';
import ledger from '../plugins/ledger/index.js';
import { setAppWorkers } from '../app/worker-location.js';

const YEAR = 2025;
const TARGET_MS = 1000;

/** A shop's catalogue (the search bench's size too). */
export const SHOP_PRODUCTS = 50_000;
/** Invoices of ~3 lines each: ~1,000,000 and ~5,000,000 lines. */
export const INVOICES_1M = 333_334;
export const INVOICES_5M = 1_666_667;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// sales depends on ledger (#26): without it the fixture cannot be made.
const PLUGINS = [ledger, inventory, customers, paynow, sales, reports];

/** Reads a file start to end (into the OS cache); returns the milliseconds it took. */
function readThrough(file: string): number {
  const t0 = performance.now();
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.allocUnsafe(4 * 1024 * 1024);
  try {
    while (fs.readSync(fd, buf, 0, buf.length, null) > 0);
  } finally {
    fs.closeSync(fd);
  }
  return Math.round(performance.now() - t0);
}

/**
 * A year of sales as a cached data folder (generated once per version of the generator and of the schema).
 * Each size is its own fixture name, so making one never removes another.
 */
export function reportsFixture(invoices = INVOICES_1M, products = SHOP_PRODUCTS) {
  const key = fixtureKey([sourceText('data/bench/generate-sales.ts'), YEAR, invoices, products], PLUGINS);
  return cachedDataDir(`sales${products}p${invoices}i`, key, PLUGINS, (db) => {
    const generated = generateSales(db, { year: YEAR, invoices, products, timeZone: 'Asia/Singapore' });
    usersRepo(db, 10).create('bench', 'bench-password', 'ADMIN');
    const lineCount = db.prepare('SELECT count(*) FROM sales_invoice_line').pluck().get() as number;
    return { generated, lineCount };
  });
}

/** Serves the (cached) year of sales over HTTP and times the reports; returns the figures (ms). */
export async function runReportsBench(invoices = INVOICES_1M, opts: { csv?: boolean; products?: number } = {}) {
  const fixture = reportsFixture(invoices, opts.products);
  const { generated: gen, lineCount } = fixture.info as { generated: GenerateSalesResult; lineCount: number };
  // A reused fixture may have left the OS file cache since it was made: read it back in first, so every run
  // starts as a freshly generated one did (file cached by the OS, SQLite's own cache cold: a new connection).
  const warmFileMs = fixture.made ? 0 : readThrough(path.join(fixture.dataDir, 'kedai.db'));
  const config = loadConfig([], {}, { dataDir: fixture.dataDir, demo: false, scryptLogN: 10, uiDir: null, logLevel: 'silent' });
  setAppWorkers(); // the reports run on the app's worker program (app/worker.ts)
  const app = await buildApp(config, PLUGINS);
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const time = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(address + url, { headers });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
      return { ms, text };
    };
    /** Times a download to its last byte, counting bytes and rows without keeping the text (5M lines is big). */
    const download = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(address + url, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      let bytes = 0;
      let rows = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
      }
      return { ms: performance.now() - t0, bytes, rows };
    };
    // The pool's worker thread starts on the first report of the server's life (under tsx here: ~1.5 s of
    // compiling; the bundle and the executable start it in well under that, see the tills row). A small report
    // of a day with no sales starts it, so "first" below is what it says: a yearly report with SQLite's cache cold.
    const workerStart = await time(`/api/reports/end-of-day?date=${YEAR - 1}-06-01`);
    const yearly = `/api/reports/sales?type=yearly&year=${YEAR}`;
    const first = await time(yearly);
    const report = JSON.parse(first.text) as { invoice_count: number; total_sales: number; items_sold: number; invoices: unknown[] };
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push((await time(yearly)).ms);
    const monthly: number[] = [];
    for (let m = 1; m <= 12; m++) monthly.push((await time(`/api/reports/sales?type=monthly&month=${YEAR}-${String(m).padStart(2, '0')}`)).ms);
    const daily: number[] = [];
    for (let d = 1; d <= 28; d += 3) daily.push((await time(`/api/reports/sales?type=daily&date=${YEAR}-06-${String(d).padStart(2, '0')}`)).ms);
    const eod: number[] = [];
    for (let d = 1; d <= 28; d += 3) eod.push((await time(`/api/reports/end-of-day?date=${YEAR}-07-${String(d).padStart(2, '0')}`)).ms);
    const csv = opts.csv === false ? null : await download(`/api/reports/sales/csv?type=yearly&year=${YEAR}`);
    return {
      generated: gen,
      cached: !fixture.made,
      makeMs: fixture.made ? fixture.makeMs : Number(fixture.info.makeMs ?? 0),
      warmFileMs,
      lineCount,
      report: { invoices: report.invoice_count, totalSales: report.total_sales, itemsSold: report.items_sold, listed: report.invoices.length },
      workerStartMs: workerStart.ms,
      yearlyFirst: first.ms,
      yearlyWarm: median(warm),
      yearlyMax: Math.max(first.ms, ...warm),
      monthly: median(monthly),
      daily: median(daily),
      endOfDay: median(eod),
      csv,
    };
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const lines = arg('--lines');
  const invoices = arg('--invoices') ? Number(arg('--invoices')) : lines === '5m' ? INVOICES_5M : INVOICES_1M;
  const r = await runReportsBench(invoices, { products: arg('--products') ? Number(arg('--products')) : undefined });
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `reports: ${r.cached ? 'cached' : 'generated'} ${r.generated.invoices} invoices, ${r.lineCount} lines, ${r.generated.payments} payments (made in ${r.makeMs} ms)${r.cached ? ` (file read into the OS cache in ${r.warmFileMs} ms)` : ''}`,
  );
  console.log(`  yearly report: ${r.report.invoices} invoices, total $${r.report.totalSales}, ${r.report.itemsSold} items, ${r.report.listed} listed`);
  console.log(`  yearly first ${ms(r.yearlyFirst)}  warm median ${ms(r.yearlyWarm)}  max ${ms(r.yearlyMax)}`);
  console.log(`  monthly median ${ms(r.monthly)}  daily median ${ms(r.daily)}  end-of-day median ${ms(r.endOfDay)}`);
  if (r.csv) console.log(`  yearly CSV: ${r.csv.rows} rows, ${(r.csv.bytes / 1e6).toFixed(1)} MB in ${ms(r.csv.ms)}`);
  const pass = r.yearlyMax < TARGET_MS;
  console.log(`yearly report over ${r.lineCount} lines: ${ms(r.yearlyMax)} worst (target < ${TARGET_MS} ms) ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
}
