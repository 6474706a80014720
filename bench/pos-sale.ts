// Benchmark (#18.4c, d): what one sale at the browser POS costs the server, and the server's memory after a
// shop's busy day. The real server runs as its own process (the bundled `kedai serve`, as in the tills bench).
// (c) The POS's per-sale request set, read from plugins/sales/screen (a cash sale, the receipt printed by the
//     browser, a catalogue of one page of styles, so scans and searches stay in the browser):
//       POST /api/checkout (Idempotency-Key, X-Kedai-Till; the sold sizes' stock comes back in the reply, so the
//       catalogue is not reloaded), then at once, side by side:
//       GET /api/reports/low-stock (the POS head's badge counts again after each sale) and
//       GET /api/settings (print-receipt.ts: is there a LAN printer?) followed by GET /api/invoices/:id/receipt.
//     GET /api/auth/config is asked again by the checkout modal only when its answer is over a minute old: not
//     per sale. Timed as sales/s and ms per sale for 1 and 4 tills, interleaved in blocks with the bare
//     checkout (POST only) from the same client on the same server, so the two figures compare.
// (d) VmRSS of that server process (/proc/<pid>/status) after 2,000 sales and 200 invoice/receipt PDFs,
//     settled (idle 10 s), with the peak (VmHWM) and the split into anonymous (heaps) and file-backed (code) pages.
// Diagnosis: KEDAI_BENCH_NODE_FLAGS adds V8 flags to the server (--expose-gc: the heap live after a full GC;
// --max-semi-space-size=N), KEDAI_BENCH_ARENAS sets MALLOC_ARENA_MAX, KEDAI_BENCH_PDFS the number of PDFs;
// KEDAI_V8_YOUNG=default (or a cap in MB) is passed on to core/young-generation.ts.
// Run alone: node --import ./core/dev/register.mjs --import tsx bench/pos-sale.ts
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyBps } from '../core/money.js';
import { ADMIN, TILL, createAccounts, startServer, tempDataDir } from '../tests/reliability/support-server.js';
import { shippedServer } from './shipped-server.js';

const PRODUCTS = 200;
const TILLS = [1, 4] as const;
const BLOCKS = 8;
const BLOCK = 40;
const WARM_UP = 40;
const SALES_FOR_MEMORY = 2000;
const PDFS = Number(process.env.KEDAI_BENCH_PDFS ?? 200);
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.cjs');

export interface SaleRate {
  sales: number;
  perSecond: number;
  /** Wall time from the checkout POST to the last request of the sale answered (median). */
  msPerSale: number;
}

/** MB, as the server's own process.memoryUsage() says (bench/memory-probe.cjs). */
export interface HeapFigures {
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The young generation's committed size (v8 new_space). */
  newSpace: number;
  /** Only with KEDAI_BENCH_NODE_FLAGS=--expose-gc (diagnosis): the heap live after a full GC, and RSS then. */
  liveAfterGc?: number;
  rssAfterGc?: number;
}

export interface MemoryFigures {
  /** MB, /proc/<pid>/status. */
  idle: number;
  /** After the sales, before the PDFs. */
  afterSales: number;
  /** 10 s after the PDFs, their workers still warm. */
  warm: number;
  /** 40 s after the PDFs: idle workers have ended (30 s). */
  settled: number;
  /** The V8 heap and external memory at idle and settled (null when the probe did not answer). */
  heapIdle: HeapFigures | null;
  heap: HeapFigures | null;
  peak: number;
  anon: number;
  file: number;
  sales: number;
  pdfs: number;
  pdfMs: number;
}

export interface PosSaleFigures {
  /** What served: dist/kedai (or KEDAI_BENCH_EXE), or the bundle. */
  subject: string;
  /** The requests of one sale, in the order the POS sends them. */
  requests: string[];
  bare: Record<(typeof TILLS)[number], SaleRate>;
  pos: Record<(typeof TILLS)[number], SaleRate>;
  memory: MemoryFigures;
}

/** VmRSS, VmHWM, RssAnon and RssFile in MB. */
export function processMemory(pid: number) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), hwm: mb('VmHWM'), anon: mb('RssAnon'), file: mb('RssFile') };
}

/** A small keep-alive JSON client (node:http: about half the CPU of fetch per request, on this shared machine). */
function client(base: string, token: string, tills: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: tills });
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: any; bytes: number }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            'x-kedai-till': 'Till-1',
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const type = res.headers['content-type'] ?? '';
            resolve({ status: res.statusCode!, body: type.includes('json') ? JSON.parse(raw.toString('utf8')) : null, bytes: raw.length });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

type Product = { id: number; price: number };

export async function runPosSaleBench(opts: { log?: (s: string) => void } = {}): Promise<PosSaleFigures> {
  const log = opts.log ?? (() => undefined);
  const dir = tempDataDir('pos-sale');
  const shipped = await shippedServer();
  const { runner, subject } = shipped;
  createAccounts(runner, dir);
  const server = await startServer(runner, dir, [], {
    KEDAI_AUTO_BACKUP: '0',
    NODE_OPTIONS: `--require ${PROBE} ${process.env.KEDAI_BENCH_NODE_FLAGS ?? ''}`,
    ...(process.env.KEDAI_BENCH_ARENAS ? { MALLOC_ARENA_MAX: process.env.KEDAI_BENCH_ARENAS } : {}),
  });
  const clients: ReturnType<typeof client>[] = [];
  /** Asks the server's probe for its heap figures (MB). */
  const heapOf = async (): Promise<HeapFigures | null> => {
    const before = server.output().length;
    process.kill(server.pid, 'SIGUSR2');
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const m = /kedai-memory-probe (\{.*\})/.exec(server.output().slice(Math.max(0, before - 10)));
      if (m) {
        const j = JSON.parse(m[1]) as Record<string, number>;
        const mb = (v: number) => v / 1024 / 1024;
        return {
          heapTotal: mb(j.heapTotal),
          heapUsed: mb(j.heapUsed),
          external: mb(j.external),
          arrayBuffers: mb(j.arrayBuffers),
          newSpace: mb(j.newSpace ?? 0),
          ...(j.liveAfterGc ? { liveAfterGc: mb(j.liveAfterGc), rssAfterGc: mb(j.rssAfterGc) } : {}),
        };
      }
    }
    return null;
  };
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idle = processMemory(server.pid).rss;
    const heapIdle = await heapOf();
    const login = async (who: { username: string; password: string }) => {
      const c = client(server.url, '', 1);
      const r = await c.send('POST', '/api/auth/login', who);
      c.close();
      if (r.status !== 200) throw new Error(`sign-in ${who.username}: ${r.status}`);
      return r.body.token as string;
    };
    const admin = client(server.url, await login(ADMIN), 1);
    clients.push(admin);
    const products: Product[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const price = 19.9 + (i % 40) * 5;
      const r = await admin.send('POST', '/api/products', {
        item_name: `Bench Runner ${Math.floor(i / 10)}`,
        sku: `BR-${i}`,
        size: String(36 + (i % 10)),
        brand: 'Bench',
        category: 'Running',
        selling_price: price,
        cost: Math.round(price * 50) / 100,
        stock_qty: 1_000_000,
        reorder_point: 5,
      });
      if (r.status !== 201) throw new Error(`product: ${r.status} ${JSON.stringify(r.body)}`);
      products.push({ id: r.body.product.id, price });
    }
    const config = (await admin.send('GET', '/api/auth/config')).body as { gstRate: number; pricesIncludeGst: boolean; cashRounding: boolean };
    const tillToken = await login(TILL);

    let n = 0;
    /** The browser's checkout body for a 3-line cash sale (checkout-rules.ts checkoutPayload). */
    const saleBody = () => {
      n++;
      const items = [0, 1, 2].map((k) => {
        const p = products[(n * 7 + k * 13) % products.length];
        return { productId: p.id, qty: 1 + ((n + k) % 2), unitPrice: p.price };
      });
      const subtotal = items.reduce((s, i) => s + i.qty * Math.round(i.unitPrice * 100), 0);
      const total = config.pricesIncludeGst ? subtotal : subtotal + applyBps(subtotal, Math.round(config.gstRate * 10_000));
      return {
        items,
        taxRate: config.gstRate,
        pricesIncludeGst: config.pricesIncludeGst,
        cashRounding: config.cashRounding,
        paymentStatus: 'PAID',
        payments: [{ method: 'CASH', amount: total / 100 }],
        tendered: Math.ceil(total / 5000) * 50,
      };
    };
    const tillClients = new Map<number, ReturnType<typeof client>>();
    for (const t of TILLS) {
      const c = client(server.url, tillToken, t);
      tillClients.set(t, c);
      clients.push(c);
    }
    let sold = 0;
    const checkout = async (c: ReturnType<typeof client>) => {
      const r = await c.send('POST', '/api/checkout', saleBody(), { 'idempotency-key': crypto.randomUUID() });
      if (r.status !== 201) throw new Error(`checkout: ${r.status} ${JSON.stringify(r.body)}`);
      sold++;
      return r.body.invoiceId as number;
    };
    const ok = async (p: Promise<{ status: number; body: unknown }>, what: string) => {
      const r = await p;
      if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    };
    /** One sale as the POS sends it (see the header). */
    const posSale = async (c: ReturnType<typeof client>) => {
      const id = await checkout(c);
      await Promise.all([
        ok(c.send('GET', '/api/reports/low-stock'), 'low-stock'),
        (async () => {
          await ok(c.send('GET', '/api/settings'), 'settings');
          await ok(c.send('GET', `/api/invoices/${id}/receipt`), 'receipt');
        })(),
      ]);
    };
    /** `count` sales by `tills` tills at once, each waiting for its sale before the next; per-sale times. */
    const run = async (tills: number, count: number, sale: (c: ReturnType<typeof client>) => Promise<unknown>) => {
      const c = tillClients.get(tills)!;
      const times: number[] = [];
      let left = count;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: tills }, async () => {
          while (left > 0) {
            left--;
            const s = performance.now();
            await sale(c);
            times.push(performance.now() - s);
          }
        }),
      );
      return { ms: performance.now() - t0, times };
    };

    for (const t of TILLS) {
      await run(t, WARM_UP, checkout);
      await run(t, WARM_UP, posSale);
    }
    const totals = new Map<string, { ms: number; times: number[] }>();
    for (let b = 0; b < BLOCKS; b++) {
      const line: string[] = [];
      for (const t of TILLS) {
        for (const [name, fn] of [
          ['bare', checkout],
          ['pos', posSale],
        ] as const) {
          const r = await run(t, BLOCK, fn);
          const key = `${name}${t}`;
          const sum = totals.get(key) ?? { ms: 0, times: [] };
          sum.ms += r.ms;
          sum.times.push(...r.times);
          totals.set(key, sum);
          line.push(`${name} ${t} till${t > 1 ? 's' : ''} ${((BLOCK * 1000) / r.ms).toFixed(0)}/s`);
        }
      }
      log(`  block ${b + 1}: ${line.join(', ')}`);
    }
    const rate = (key: string): SaleRate => {
      const s = totals.get(key)!;
      const sorted = [...s.times].sort((a, b) => a - b);
      return { sales: s.times.length, perSecond: (s.times.length * 1000) / s.ms, msPerSale: sorted[Math.floor(sorted.length / 2)] };
    };

    // (d) The rest of the day's 2,000 sales, then 200 PDFs (A4 invoices and 80 mm receipts, two at a time).
    if (sold < SALES_FOR_MEMORY) await run(4, SALES_FOR_MEMORY - sold, checkout);
    const afterSales = processMemory(server.pid).rss;
    const heapAfterSales = await heapOf();
    const ids = ((await admin.send('GET', '/api/invoices?pageSize=100')).body as { invoices: { id: number }[] }).invoices.map((i) => i.id);
    let made = 0;
    const t0 = performance.now();
    await Promise.all(
      [0, 1].map(async (lane) => {
        for (let i = lane; i < PDFS; i += 2) {
          const r = await admin.send('GET', `/api/invoices/${ids[i % ids.length]}/pdf${i % 2 ? '?format=receipt' : ''}`);
          if (r.status !== 200 || r.bytes < 1000) throw new Error(`pdf: ${r.status} ${r.bytes} bytes`);
          made++;
        }
      }),
    );
    const pdfMs = performance.now() - t0;
    // 10 s after the day's work the two PDF workers are still warm (for the next PDF); idle workers end after
    // 30 s (core/offload), so settled is read at 40 s. (KEDAI_BENCH_NODE_FLAGS=--expose-gc adds the live heap.)
    await new Promise((r) => setTimeout(r, 10_000));
    const warm = processMemory(server.pid).rss;
    await new Promise((r) => setTimeout(r, 30_000));
    const after = processMemory(server.pid);
    const heap = await heapOf();
    log(
      `  memory: idle ${idle.toFixed(0)} MB; after ${sold} sales ${afterSales.toFixed(0)} MB; and ${made} PDFs ${warm.toFixed(0)} MB at 10 s, ${after.rss.toFixed(0)} MB at 40 s (anon ${after.anon.toFixed(0)}, file ${after.file.toFixed(0)}), peak ${after.hwm.toFixed(0)} MB`,
    );
    log(`  V8 heap (MB) idle ${JSON.stringify(heapIdle)}; after the sales ${JSON.stringify(heapAfterSales)}; settled ${JSON.stringify(heap)}`);
    return {
      subject,
      requests: ['POST /api/checkout', 'GET /api/reports/low-stock', 'GET /api/settings', 'GET /api/invoices/:id/receipt'],
      bare: { 1: rate('bare1'), 4: rate('bare4') },
      pos: { 1: rate('pos1'), 4: rate('pos4') },
      memory: {
        idle,
        afterSales,
        warm,
        heapIdle,
        heap,
        settled: after.rss,
        peak: after.hwm,
        anon: after.anon,
        file: after.file,
        sales: sold,
        pdfs: made,
        pdfMs,
      },
    };
  } finally {
    for (const c of clients) c.close();
    await server.stop();
    shipped.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runPosSaleBench({ log: console.log });
  console.log(`per sale: ${r.requests.join(', ')}`);
  for (const t of TILLS) {
    console.log(
      `  ${t} till${t > 1 ? 's' : ''}: POS set ${r.pos[t].perSecond.toFixed(0)} sales/s (${r.pos[t].msPerSale.toFixed(1)} ms/sale) vs bare checkout ${r.bare[t].perSecond.toFixed(0)}/s (${r.bare[t].msPerSale.toFixed(1)} ms)`,
    );
  }
  const m = r.memory;
  console.log(
    `RSS after ${m.sales} sales and ${m.pdfs} PDFs (${(m.pdfMs / 1000).toFixed(1)} s): ${m.settled.toFixed(1)} MB (idle ${m.idle.toFixed(1)}, peak ${m.peak.toFixed(1)}; anon ${m.anon.toFixed(1)}, file ${m.file.toFixed(1)}) ${m.settled < 150 ? 'PASS' : 'FAIL'} (< 150 MB)`,
  );
}
