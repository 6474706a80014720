// The worker pool can't be jammed (#27.3), on a real server over real sockets: two yearly-CSV downloads from
// sockets that never read hold the bulk lane, yet the sales report and the end-of-day cash-up (interactive lane)
// still answer; the same user's third bulk job (a label batch) is a 429 that says why; each stalled download is
// ended after the stall timeout (lowered here to 1.5 s through KEDAI_STREAM_STALL_MS), its connection closed
// and its worker freed; afterwards a reader that reads gets the whole file.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import net from 'node:net';
import { testApp, type TestApp } from './helpers/app.js';
import { listenHttp, type HttpApp } from './helpers/http.js';
import { generateSales } from '../data/bench/generate-sales.js';

let t: TestApp;
let h: HttpApp;
const CSV = '/api/reports/sales/csv?type=yearly&year=2024';
// Enough rows that the file (about 5 MB) cannot all wait in the sockets' kernel buffers: the worker must stall.
const INVOICES = 60_000;

test.before(async () => {
  t = await testApp({ env: { KEDAI_STREAM_STALL_MS: '1500' } });
  generateSales(t.app.db, { year: 2024, invoices: INVOICES, products: 200, timeZone: t.app.config.timeZone });
  h = await listenHttp(t);
});
test.after(async () => {
  await t.close();
});

/** A raw connection that sends one GET and then never reads (its bytes pile up in the kernel's buffers). */
function neverReads(path: string, token: string) {
  const socket = net.connect(h.port, '127.0.0.1');
  socket.pause();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  return {
    socket,
    /** Starts reading: everything the server sent before it hung up, once the connection has closed. */
    async drain(): Promise<string> {
      const parts: Buffer[] = [];
      socket.on('data', (c: Buffer) => parts.push(c));
      const done = closed ? Promise.resolve() : new Promise((r) => socket.once('close', r));
      socket.resume();
      await done;
      return Buffer.concat(parts).toString('latin1');
    },
  };
}

const waitFor = async (what: string, ok: () => boolean, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

test('two downloads that never read: reports still answer, a third bulk job is a 429, the stalled streams end and free their worker', async () => {
  const pool = t.app.offload;
  const token = t.admin.token;
  const a = neverReads(CSV, token);
  const b = neverReads(CSV, token);
  // One holds the bulk lane's worker (all but one worker), the other waits for it.
  await waitFor('the first download to start', () => pool.lanes.bulk === 1 && pool.load.queued === 1);

  const report = await h.admin.get('/api/reports/sales?type=yearly&year=2024');
  assert.is(report.status, 200);
  assert.is(report.body.invoice_count > 0, true);
  const eod = await h.admin.get('/api/reports/end-of-day?date=2024-06-01');
  assert.is(eod.status, 200);
  assert.is(pool.lanes.bulk, 1, 'the downloads still hold the bulk lane');

  // The same user's third bulk job, of another kind: refused with a clear message.
  const product = await h.admin.post('/api/products', { item_name: 'Jam Test Shoe', sku: 'JAM-1', selling_price: 10, stock_qty: 1 });
  const labels = await h.admin.get(`/api/labels.pdf?product_ids=${product.body.product.id}`);
  assert.is(labels.status, 429);
  assert.is(labels.body.code, 'TOO_MANY_BULK_JOBS');
  assert.is(labels.body.error, 'You already have 2 exports or label batches running: wait for one to finish, then try again (at most 2 at a time)');

  // Nobody reads: each stream is ended after 1.5 s without a read, and the pool is idle again.
  await waitFor('both stalled downloads to be ended', () => pool.load.busy === 0 && pool.load.queued === 0);
  for (const s of [a, b]) {
    const text = await s.drain();
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
    assert.ok(text.length > 100_000, `${text.length} bytes reached the socket`);
    assert.not.ok(text.includes('Gross Profit'), 'the file was cut off before its totals');
    assert.not.ok(text.endsWith('\r\n0\r\n\r\n'), 'no end-of-body marker: the client knows the download broke');
  }

  // The places are free again: a reader that reads gets the whole file, and label batches print.
  const full = await h.admin.get(CSV);
  assert.is(full.status, 200);
  assert.ok(String(full.body).includes('Gross Profit'));
  assert.is(
    String(full.body)
      .split('\n')
      .filter((l) => /^INV/.test(l)).length >
      INVOICES * 0.9,
    true,
  );
  const printed = await h.admin.get(`/api/labels.pdf?product_ids=${product.body.product.id}&copies=3`);
  assert.is(printed.status, 200);
  assert.match(String(printed.headers['content-type']), 'application/pdf');
});

test.run();
