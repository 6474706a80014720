// The customer display over real HTTP (#26.7): pairing by code, the token's scope (its till's stream only; a staff
// token is no display token and a display token no staff token), the stream delivering the till's state (priced by
// the server: lines with sizes, totals with GST, the PayNow QR decoded, the change after a sale), wrong codes
// limited (429 after 10), unpairing, and a display reconnecting to a restarted server that shows the state again.
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { saveSettings } from '../../core/settings.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { decodeQr, parseTlv } from '../paynow/test-support.js';
import { CODE_ALPHABET, CODE_TTL_MS } from './api.js';
import { pairingCodes } from './pairing.js';
import type { DisplayView } from './schemas.js';

const UEN = '201912345K';
const TILL = { 'x-kedai-till': 'Till 1' };
const TILL2 = { 'x-kedai-till': 'Till 2' };

let t: TestApp;
let h: HttpApp;
let shoe42: number;
let shoe43: number;
const latencies: number[] = [];

interface SseEvent {
  event: string;
  data: any;
  at: number;
}

/** A display's stream over a real socket: its events in order, and a wait for the next one. */
interface Stream {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** The next event not yet taken (waits up to `ms`). */
  next(ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function openStream(port: number, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/display/stream?token=${encodeURIComponent(token)}`, agent: false }, (res) => {
      const events: SseEvent[] = [];
      let taken = 0;
      let buffer = '';
      let body = '';
      let wake: (() => void) | null = null;
      let endedResolve: () => void = () => {};
      const ended = new Promise<void>((r) => {
        endedResolve = r;
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        if (res.statusCode !== 200) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')), at });
        }
        wake?.();
      });
      res.on('end', () => {
        endedResolve();
        wake?.();
      });
      res.on('close', () => {
        endedResolve();
        wake?.();
      });
      const stream: Stream = {
        status: res.statusCode!,
        headers: res.headers,
        get body() {
          return body;
        },
        events,
        ended,
        async next(ms = 2000) {
          const deadline = Date.now() + ms;
          while (taken >= events.length) {
            if (Date.now() > deadline || res.complete) throw new Error(`no event within ${ms} ms (have ${events.map((e) => e.event).join(', ')})`);
            await new Promise<void>((r) => {
              wake = r;
              setTimeout(r, 50);
            });
            wake = null;
          }
          return events[taken++];
        },
        close: () => req.destroy(),
      };
      if (res.statusCode === 200) resolve(stream);
      else res.on('end', () => resolve(stream));
    });
    req.on('error', reject);
  });
}

/** Pairs a display to a till: the till's code, traded for a token. */
async function pair(till: Record<string, string>): Promise<string> {
  const code = await h.staff.post('/api/display/pairing', {}, till);
  assert.is(code.status, 200, JSON.stringify(code.body));
  const paired = await h.anon.post('/api/display/pair', { code: code.body.code });
  assert.is(paired.status, 200, JSON.stringify(paired.body));
  return paired.body.token as string;
}

/** Publishes a state from the till and returns the reply and when it was sent. */
async function publish(state: object, till = TILL) {
  const sent = performance.now();
  const res = await h.staff.put('/api/display/state', state, till);
  return { res, sent };
}

/** Publishes and waits for the display's event; records the till-to-display time. */
async function publishSeen(stream: Stream, state: object): Promise<DisplayView> {
  const { res, sent } = await publish(state);
  assert.is(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body, { paired: true });
  const e = await stream.next();
  assert.is(e.event, 'state');
  latencies.push(e.at - sent);
  return e.data as DisplayView;
}

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  saveSettings(t.app.db, { paynow_uen: UEN, shop_name: 'Kedai Footwear' });
  const a = await t.admin.post('/api/products', { item_name: 'Samba OG', sku: 'SAMBA-42', size: '42', selling_price: 100, stock_qty: 50, cost: 40 });
  const b = await t.admin.post('/api/products', { item_name: 'Samba OG', sku: 'SAMBA-43', size: '43', selling_price: 120, stock_qty: 50, cost: 45 });
  assert.is(a.status, 201, JSON.stringify(a.body));
  shoe42 = a.body.product.id;
  shoe43 = b.body.product.id;
});
test.after(async () => {
  if (latencies.length) {
    const sorted = [...latencies].sort((x, y) => x - y);
    console.log(`till -> display each: ${latencies.map((x) => x.toFixed(1)).join(', ')}`);
    console.log(
      `till -> display (PUT sent -> event read), ${sorted.length} events: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
    );
  }
  await t?.close();
  fs.rmSync(t.dataDir, { recursive: true, force: true });
});

test('pairing codes: 6 characters without look-alikes, one per till, 10 minutes, used once; a till must be named', async () => {
  const noTill = await h.staff.post('/api/display/pairing', {});
  assert.is(noTill.status, 400);
  assert.is(noTill.body.details.field, 'X-Kedai-Till');
  const first = await h.staff.post('/api/display/pairing', {}, TILL);
  assert.is(first.status, 200);
  assert.match(first.body.code, new RegExp(`^[${CODE_ALPHABET}]{6}$`));
  const left = Date.parse(first.body.expiresAt) - Date.now();
  assert.ok(left > CODE_TTL_MS - 60_000 && left <= CODE_TTL_MS, `expires in 10 minutes (${left} ms)`);
  const status = await h.staff.get('/api/display/pairing', TILL);
  assert.equal({ ...status.body, expiresAt: undefined }, { till: 'Till 1', paired: false, pairedAt: null, code: first.body.code, expiresAt: undefined });
  // A second code for the same till replaces the first.
  const second = await h.staff.post('/api/display/pairing', {}, TILL);
  assert.is.not(second.body.code, first.body.code);
  assert.is((await h.anon.post('/api/display/pair', { code: first.body.code })).status, 403, 'the replaced code no longer pairs');
  // Typed in lower case with a space: still the code.
  const typed = `${second.body.code.slice(0, 3).toLowerCase()} ${second.body.code.slice(3)}`;
  const paired = await h.anon.post('/api/display/pair', { code: typed });
  assert.is(paired.status, 200, JSON.stringify(paired.body));
  assert.is(paired.body.till, 'Till 1');
  assert.match(paired.body.token, /^[A-Za-z0-9_-]{43}$/);
  const again = await h.anon.post('/api/display/pair', { code: second.body.code });
  assert.is(again.status, 403, 'a code pairs once');
  assert.is(again.body.error, 'That code is wrong or has expired. Ask the till for a new one.');
  const now = await h.staff.get('/api/display/pairing', TILL);
  assert.is(now.body.paired, true);
  assert.is(now.body.code, null);
  // The token is kept only as its hash.
  const stored = t.app.db.prepare('SELECT token_hash FROM display_pairing WHERE till = ?').pluck().get('Till 1') as string;
  assert.match(stored, /^[0-9a-f]{64}$/);
  assert.is.not(stored, paired.body.token);
  // A browser that names no till has no display.
  assert.equal((await h.staff.get('/api/display/pairing')).body, { till: '', paired: false, pairedAt: null, code: null, expiresAt: null });
});

test('codes expire after 10 minutes (the code store with a clock)', () => {
  let now = 1_000_000;
  const codes = pairingCodes(() => now);
  const a = codes.issue('Till 1', 1);
  now += CODE_TTL_MS - 1;
  assert.ok(codes.pendingFor('Till 1'));
  now += 1;
  assert.is(codes.pendingFor('Till 1'), null);
  assert.is(codes.take(a.code), null, 'expired');
  const b = codes.issue('Till 1', 1);
  assert.equal(codes.take(b.code.toLowerCase()), { till: 'Till 1', userId: 1 });
  assert.is(codes.take(b.code), null, 'used once');
});

test('the stream: the current state at once, then every change the till publishes, priced by the server', async () => {
  const token = await pair(TILL);
  const s = await openStream(h.port, token);
  assert.is(s.status, 200);
  assert.match(String(s.headers['content-type']), /^text\/event-stream/);
  assert.is(s.headers['cache-control'], 'no-store');
  assert.is(s.headers['x-content-type-options'], 'nosniff', 'the security headers are kept');
  assert.is(s.headers['content-encoding'], undefined, 'never compressed (it would hold events back)');
  const first = await s.next();
  assert.is(first.event, 'state');
  assert.is(first.data.phase, 'IDLE');
  assert.is(first.data.shopName, 'Kedai Footwear');

  // Two sizes, a $10 line discount: the server prices them from the catalogue (the till's prices are not asked).
  const cart = await publishSeen(s, {
    phase: 'CART',
    items: [
      { productId: shoe42, qty: 2, discount: 10 },
      { productId: shoe43, qty: 1 },
    ],
  });
  assert.is(cart.phase, 'CART');
  assert.equal(
    cart.lines.map((l) => [l.name, l.size, l.qty, l.unitPrice, l.unitPriceWithGst, l.discount, l.total]),
    [
      ['Samba OG', '42', 2, 100, 109, 10, 190],
      ['Samba OG', '43', 1, 120, 130.8, 0, 120],
    ],
  );
  assert.is(cart.units, 3);
  assert.is(cart.subtotal, 310);
  assert.is(cart.gst, 27.9, 'GST once on the invoice: 9% of $310.00');
  assert.is(cart.total, 337.9);
  assert.is(cart.gstLabel, 'GST (9%)');
  assert.is(cart.gstIncluded, null);
  assert.not.ok(JSON.stringify(cart).includes('cost'), 'no costs');
  // The costs ($40, $45) appear as no number anywhere in the state (read as values: a timestamp may hold "45").
  const numbers: number[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'number') numbers.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(cart);
  assert.not.ok(numbers.includes(40) || numbers.includes(45), `no cost figures: ${numbers.join(', ')}`);

  // A sale discount of 10%.
  const discounted = await publishSeen(s, { phase: 'CART', items: [{ productId: shoe42, qty: 1 }], invoiceDiscount: 10 });
  assert.equal([discounted.subtotal, discounted.discount, discounted.discountLabel, discounted.gst, discounted.total], [100, 10, 'Discount (10%)', 8.1, 98.1]);

  // PayNow chosen at the till: the QR for the amount due with the till's reference.
  const pay = await publishSeen(s, {
    phase: 'PAY',
    items: [{ productId: shoe42, qty: 1 }],
    pay: { method: 'PAYNOW', amount: 109, reference: 'KD-TILL1-ABC123' },
  });
  assert.is(pay.phase, 'PAY');
  assert.equal({ ...pay.pay!, payNow: undefined }, { method: 'PAYNOW', paidOtherwise: 0, amount: 109, rounding: 0, amountDue: 109, payNow: undefined });
  const payload = await decodeQr(pay.pay!.payNow!.svg);
  const fields = Object.fromEntries(parseTlv(payload));
  assert.is(fields['54'], '109.00');
  assert.is(Object.fromEntries(parseTlv(fields['26']))['02'], UEN);
  assert.is(Object.fromEntries(parseTlv(fields['62']))['01'], 'KD-TILL1-ABC123');
  assert.is(pay.pay!.payNow!.reference, 'KD-TILL1-ABC123');

  // Cash with the shop's 5-cent rounding: the amount due rounds.
  saveSettings(t.app.db, { cash_rounding: true });
  const cash = await publishSeen(s, {
    phase: 'PAY',
    items: [
      { productId: shoe42, qty: 1 },
      { productId: shoe43, qty: 1 },
    ],
    pay: { method: 'CASH', amount: 239.8 },
  });
  assert.equal([cash.total, cash.pay!.amountDue, cash.pay!.rounding], [239.8, 239.8, 0]);
  const odd = await publishSeen(s, { phase: 'PAY', items: [{ productId: shoe42, qty: 1, discount: 0.02 }], pay: { method: 'CASH', amount: 108.98 } });
  assert.equal([odd.total, odd.pay!.amountDue, odd.pay!.rounding], [108.98, 109, 0.02]);
  saveSettings(t.app.db, { cash_rounding: false });

  // The sale at this till, then 'Thank you' with the change.
  const sale = await h.staff.post(
    '/api/checkout',
    { items: [{ productId: shoe42, qty: 1 }], payments: [{ method: 'CASH', amount: 109 }], tendered: 150 },
    TILL,
  );
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  // The sale shows as done the moment it commits (display's afterCommit hook, #28.1), before the till says so.
  const pushed = await s.next();
  assert.is(pushed.data.phase, 'DONE');
  assert.equal(pushed.data.sale, { total: 109, amountDue: 109, tendered: 150, change: 41, method: 'CASH', onAccount: 0 });
  const done = await publishSeen(s, { phase: 'DONE', invoiceId: sale.body.invoiceId });
  assert.equal(done.sale, { total: 109, amountDue: 109, tendered: 150, change: 41, method: 'CASH', onAccount: 0 });
  const idle = await publishSeen(s, { phase: 'IDLE' });
  assert.is(idle.phase, 'IDLE');
  assert.equal(idle.lines, []);
  s.close();
});

test('#29 a gift card in the cart: its own line after the shoes (no GST), outside the subtotal, in the total the sale charges', async () => {
  const token = await pair(TILL);
  const s = await openStream(h.port, token);
  await s.next();
  const items = [{ productId: shoe42, qty: 1 }, { gift_card: { amount: 50 } }];
  const v = await publishSeen(s, { phase: 'CART', items });
  // The shoe is the only goods line; the card is a line of its own, marked as the receipt marks it.
  assert.equal(
    v.lines.map((l) => [l.name, l.qty, l.total]),
    [['Samba OG', 1, 100]],
  );
  assert.equal(v.adjustments, [{ label: 'Gift card $50.00 (no GST)', amount: 50 }]);
  assert.equal([v.subtotal, v.gst, v.total], [100, 9, 159]);
  const quote = await h.staff.post('/api/checkout/quote', { items });
  assert.is(quote.status, 200, JSON.stringify(quote.body));
  assert.is(v.total, quote.body.quote.grand_total);
  // Paying by NETS: the amount due is that total; the sale made charges it.
  const pay = await publishSeen(s, { phase: 'PAY', items, pay: { method: 'NETS', amount: 159 } });
  assert.is(pay.pay?.amountDue, 159);
  assert.equal(pay.adjustments, v.adjustments);
  const sale = await h.staff.post('/api/checkout', { items, payments: [{ method: 'NETS', amount: 159 }] }, TILL);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  assert.is(sale.body.invoice.grand_total, 159);
  const done = await s.next();
  assert.is(done.data.phase, 'DONE');
  assert.is(done.data.sale.total, 159);
  s.close();
});

test('GST-inclusive prices: the lines as stored, the GST inside the total (9/109), said as the receipt says it', async () => {
  saveSettings(t.app.db, { prices_include_gst: true });
  try {
    const token = await pair(TILL);
    const s = await openStream(h.port, token);
    await s.next();
    const v = await publishSeen(s, { phase: 'CART', items: [{ productId: shoe42, qty: 1 }] });
    assert.equal([v.pricesIncludeGst, v.lines[0].unitPrice, v.lines[0].unitPriceWithGst, v.total, v.gst], [true, 100, 100, 100, 8.26]);
    assert.is(v.gstIncluded, 'Total includes GST 9% of $8.26');
    s.close();
  } finally {
    saveSettings(t.app.db, { prices_include_gst: false });
  }
});

test('the till publishes only what holds together: 4xx naming the field, nothing kept, the display unchanged', async () => {
  const token = await pair(TILL);
  const s = await openStream(h.port, token);
  await s.next();
  const before = t.app.db.prepare('SELECT state_json FROM display_state WHERE till = ?').pluck().get('Till 1');
  const other = await h.staff.post('/api/checkout', { items: [{ productId: shoe43, qty: 1 }], payments: [{ method: 'NETS', amount: 130.8 }] }, TILL2);
  assert.is(other.status, 201);
  const bad: [object, number, string][] = [
    [{ phase: 'CART' }, 400, 'items'],
    [{ phase: 'CART', items: [] }, 400, 'items'],
    [{ phase: 'PAY', items: [{ productId: shoe42, qty: 1 }] }, 400, 'pay'],
    [{ phase: 'PAY', items: [{ productId: shoe42, qty: 1 }], pay: { method: 'PAYNOW', amount: 109 } }, 400, 'pay.reference'],
    [{ phase: 'PAY', items: [{ productId: shoe42, qty: 1 }], pay: { method: 'CASH', amount: 109.01 } }, 400, 'pay.amount'],
    [{ phase: 'CART', items: [{ productId: 99999, qty: 1 }] }, 404, 'items.0.productId'],
    [{ phase: 'CART', items: [{ productId: shoe42, qty: 1, discount: 100.01 }] }, 400, 'items.0.discount'],
    [{ phase: 'CART', items: [{ productId: shoe42, qty: 1 }], invoiceDiscount: 5, invoiceDiscountAmount: 5 }, 400, 'invoiceDiscountAmount'],
    [{ phase: 'DONE' }, 400, 'invoiceId'],
    // Another till's sale is not this display's business.
    [{ phase: 'DONE', invoiceId: other.body.invoiceId }, 404, 'invoiceId'],
    [{ phase: 'CART', items: [{ productId: shoe42, qty: 1, unitPrice: 1 }] }, 400, 'items.0'],
  ];
  for (const [body, status, field] of bad) {
    const r = await h.staff.put('/api/display/state', body, TILL);
    assert.is(r.status, status, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
    assert.ok(String(r.body.details?.field ?? '').startsWith(field), `${JSON.stringify(body)} names ${field}: ${JSON.stringify(r.body)}`);
  }
  assert.is((await h.staff.put('/api/display/state', { phase: 'IDLE' })).status, 400, 'no till named');
  assert.is(t.app.db.prepare('SELECT state_json FROM display_state WHERE till = ?').pluck().get('Till 1'), before);
  await new Promise((r) => setTimeout(r, 100));
  assert.is(s.events.length, 1, 'the display saw none of it');
  s.close();
});

test('token scope: a display sees only its till; a staff token is no display token, a display token no staff token', async () => {
  const one = await pair(TILL);
  const two = await pair(TILL2);
  const s1 = await openStream(h.port, one);
  const s2 = await openStream(h.port, two);
  await s1.next();
  await s2.next();
  await publishSeen(s1, { phase: 'CART', items: [{ productId: shoe42, qty: 1 }] });
  const r2 = await h.staff.put('/api/display/state', { phase: 'CART', items: [{ productId: shoe43, qty: 3 }] }, TILL2);
  assert.is(r2.status, 200);
  const e2 = await s2.next();
  assert.is(e2.data.till, 'Till 2');
  assert.is(e2.data.units, 3);
  await new Promise((r) => setTimeout(r, 100));
  assert.is(s1.events.length, 2, "Till 1's display never got Till 2's cart");
  s1.close();
  s2.close();

  // Staff tokens (USER and ADMIN) open no stream.
  for (const staff of [h.staff.token, h.admin.token]) {
    const refused = await openStream(h.port, staff);
    assert.is(refused.status, 401);
    assert.is(JSON.parse(refused.body).error, 'This display is not paired with a till. Enter the code the till shows.');
  }
  assert.is((await openStream(h.port, 'x'.repeat(43))).status, 401);
  // A display token opens nothing of the staff's: not as a Bearer, not as a cookie, not on the display's own till routes.
  const asDisplay = h.client(one);
  for (const [method, url] of [
    ['GET', '/api/products'],
    ['GET', '/api/auth/verify'],
    ['POST', '/api/display/pairing'],
    ['GET', '/api/display/pairing'],
    ['PUT', '/api/display/state'],
    ['DELETE', '/api/display/pairing'],
  ]) {
    const r =
      method === 'GET'
        ? await asDisplay.get(url, TILL)
        : method === 'POST'
          ? await asDisplay.post(url, {}, TILL)
          : method === 'PUT'
            ? await asDisplay.put(url, { phase: 'IDLE' }, TILL)
            : await asDisplay.delete(url, TILL);
    assert.is(r.status, 401, `${method} ${url} with a display token`);
  }
  assert.is((await h.anon.get('/api/products', { cookie: `kedai_session=${one}` })).status, 401);
  // The stream takes nothing but its token: no session needed, none accepted instead.
  const withSession = await h.staff.get('/api/display/stream');
  assert.is(withSession.status, 400);
});

test('pairing a new display to a till ends the old one (told "unpaired"); unpairing ends it and forgets the state', async () => {
  const old = await pair(TILL);
  const s = await openStream(h.port, old);
  await s.next();
  const fresh = await pair(TILL);
  const told = await s.next();
  assert.is(told.event, 'unpaired');
  await s.ended;
  assert.is((await openStream(h.port, old)).status, 401, 'the old token is dead');
  const s2 = await openStream(h.port, fresh);
  await s2.next();
  const off = await h.staff.delete('/api/display/pairing', TILL);
  assert.equal(off.body, { paired: false });
  assert.is((await s2.next()).event, 'unpaired');
  assert.is((await openStream(h.port, fresh)).status, 401);
  assert.is(t.app.db.prepare('SELECT count(*) FROM display_state WHERE till = ?').pluck().get('Till 1'), 0);
  // Unpaired: the till's publishes are checked but kept nowhere.
  const r = await h.staff.put('/api/display/state', { phase: 'CART', items: [{ productId: shoe42, qty: 1 }] }, TILL);
  assert.equal(r.body, { paired: false });
  assert.is(t.app.db.prepare('SELECT count(*) FROM display_state WHERE till = ?').pluck().get('Till 1'), 0);
});

test('the server restarts: the stream ends, the display reconnects with its token and gets the current state at once', async () => {
  const token = await pair(TILL);
  const s = await openStream(h.port, token);
  await s.next();
  await publishSeen(s, { phase: 'CART', items: [{ productId: shoe43, qty: 2 }] });
  const port = h.port;
  const dataDir = t.dataDir;
  const started = performance.now();
  await t.app.close();
  await s.ended;
  const closedMs = performance.now() - started;
  assert.ok(closedMs < 5000, `app.close() is not held up by an open stream (${closedMs.toFixed(0)} ms)`);
  t = await testApp({ dataDir });
  await t.app.listen({ host: '127.0.0.1', port });
  h = await listenHttpOn(t, port);
  const again = await openStream(port, token);
  assert.is(again.status, 200);
  const v = (await again.next()).data as DisplayView;
  assert.is(v.phase, 'CART');
  assert.equal(
    v.lines.map((l) => [l.size, l.qty]),
    [['43', 2]],
  );
  assert.is(v.total, 261.6);
  again.close();
});

/** HTTP clients for an app already listening on `port` (the restarted one). */
async function listenHttpOn(app: TestApp, port: number): Promise<HttpApp> {
  const { httpRequest } = await import('../../tests/helpers/http.js');
  const client = (token: string) => {
    const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      httpRequest(port, method, url, body, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers });
    return {
      token,
      get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
      post: (url: string, body?: unknown, headers?: Record<string, string>) => send('POST', url, body ?? {}, headers),
      patch: (url: string, body?: unknown, headers?: Record<string, string>) => send('PATCH', url, body ?? {}, headers),
      put: (url: string, body?: unknown, headers?: Record<string, string>) => send('PUT', url, body ?? {}, headers),
      delete: (url: string, headers?: Record<string, string>) => send('DELETE', url, undefined, headers),
    };
  };
  return { base: `http://127.0.0.1:${port}`, port, admin: client(app.admin.token), staff: client(app.staff.token), anon: client(''), client };
}

test('wrong codes: 403 each, and after 10 from one address 429, even for the right code', async () => {
  const right = await h.staff.post('/api/display/pairing', {}, TILL);
  let wrong = 'ZZZZZZ';
  if (wrong === right.body.code) wrong = 'YYYYYY';
  for (let i = 0; i < 10; i++) {
    const r = await h.anon.post('/api/display/pair', { code: i % 2 ? wrong : '12' });
    assert.is(r.status, 403, `try ${i + 1}`);
  }
  const blocked = await h.anon.post('/api/display/pair', { code: right.body.code });
  assert.is(blocked.status, 429);
  assert.match(blocked.body.error, /^Too many wrong codes\. Try again in \d+ minute\(s\)\.$/);
  assert.is((await h.staff.get('/api/display/pairing', TILL)).body.code, right.body.code, 'the right code was not used up by the refusal');
});

test.run();
