// #29 loyalty points over real HTTP, through the app's own plugins: earned on a customer's sale (gift cards sold earn
// nothing), spent as the LOYALTY_POINTS tender (part or whole sale), refusals that write nothing, two tills racing
// the same points (one 409, never negative), a return reversing what the goods earned and giving back the points they
// cost, a void reversing, the customer's `loyalty` field, the points ledger route, and the points on the receipt
// (JSON, ESC/POS bytes on a fake printer, the receipt PDF).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addMonths } from '../../core/clock.js';
import { saveSettings } from '../../core/settings.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { startFakePrinter, type FakePrinter } from '../../tests/helpers/fake-printer.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { escposPair } from '../sales/api.js';
import { addProduct, pdfText, salesCounts } from '../sales/test-support.js';
import { LIABILITY_SQL } from './liability.js';

let t: TestApp;
let h: HttpApp;
let printer: FakePrinter;
let shoe: number;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  printer = await startFakePrinter();
  shoe = await addProduct(t, 100, 500, 'Points Runner');
});
test.after(async () => {
  await printer.close();
  await t.close();
});

/** A customer who joined at the till: name and phone only. */
async function join(name: string): Promise<number> {
  const r = await h.staff.post('/api/customers', { name, phone: `+65 9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.customer.id;
}

const ledger = (customerId: number) =>
  t.app.db.prepare('SELECT kind, points FROM loyalty_entry WHERE customer_id = ? AND points <> 0 ORDER BY id').all(customerId) as {
    kind: string;
    points: number;
  }[];
const sumOf = (customerId: number) =>
  t.app.db.prepare('SELECT coalesce(sum(points), 0) FROM loyalty_entry WHERE customer_id = ?').pluck().get(customerId) as number;
const entryCount = () => t.app.db.prepare('SELECT count(*) FROM loyalty_entry').pluck().get() as number;

/** A sale of `qty` shoes ($109 each with GST) to the customer, paid by points (dollars) and NETS for the rest. */
function buy(customerId: number | null, qty: number, points: number, headers: Record<string, string> = {}, client = h.staff) {
  const total = 109 * qty;
  const payments = [
    ...(points > 0 ? [{ method: 'LOYALTY_POINTS', amount: points }] : []),
    ...(total - points > 0 ? [{ method: 'NETS', amount: Math.round((total - points) * 100) / 100 }] : []),
  ];
  return client.post('/api/checkout', { items: [{ productId: shoe, qty }], ...(customerId ? { customerId } : {}), payments }, headers);
}

/** Gives a customer 10,900 points: a $109 pair and a $5 gift card at 100 points per dollar (then back to 1). */
async function grant(customerId: number) {
  saveSettings(t.app.db, { loyalty_points_per_dollar: 100 });
  try {
    const r = await h.staff.post('/api/checkout', {
      items: [{ gift_card: { amount: 5 } }, { productId: shoe, qty: 1 }],
      customerId,
      payments: [{ method: 'NETS', amount: 114 }],
    });
    assert.is(r.status, 201, JSON.stringify(r.body));
    assert.is(r.body.loyalty.earned, 10900);
  } finally {
    saveSettings(t.app.db, { loyalty_points_per_dollar: 1 });
  }
}

test('settings: the four keys with their defaults, and their checks (400 naming the key, nothing saved)', async () => {
  const s = (await h.staff.get('/api/settings')).body.settings;
  assert.equal([s.loyalty_points_per_dollar, s.loyalty_point_value, s.loyalty_min_redeem_points, s.loyalty_expiry_months], [1, 0.01, 0, 0]);
  for (const [key, value] of [
    ['loyalty_points_per_dollar', 1.005],
    ['loyalty_points_per_dollar', -1],
    ['loyalty_point_value', 0],
    ['loyalty_point_value', 0.015],
    ['loyalty_min_redeem_points', 1.5],
    ['loyalty_expiry_months', 121],
  ] as const) {
    const r = await t.admin.patch('/api/settings', { [key]: value });
    assert.is(r.status, 400, `${key}=${value}: ${JSON.stringify(r.body)}`);
  }
  assert.is((await h.staff.get('/api/settings')).body.settings.loyalty_point_value, 0.01);
});

test('earning: a customer earns floor(paid x rate) on the sale; a walk-in earns nothing and the reply has no loyalty', async () => {
  const c = await join('Earner');
  assert.equal((await h.staff.get(`/api/customers/${c}`)).body.customer.loyalty, { points: 0, value: 0 });
  const r = await buy(c, 1, 0);
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.loyalty, { earned: 109, redeemed: 0, balance: 109 });
  assert.equal((await h.staff.get(`/api/customers/${c}`)).body.customer.loyalty, { points: 109, value: 1.09 });
  // 1.5 points per dollar with a 10% sale discount: $98.10 paid -> 147 points.
  saveSettings(t.app.db, { loyalty_points_per_dollar: 1.5 });
  try {
    const d = await h.staff.post('/api/checkout', {
      items: [{ productId: shoe, qty: 1 }],
      invoiceDiscount: 10,
      customerId: c,
      payments: [{ method: 'NETS', amount: 98.1 }],
    });
    assert.is(d.status, 201, JSON.stringify(d.body));
    assert.is(d.body.invoice.grand_total, 98.1);
    assert.equal(d.body.loyalty, { earned: 147, redeemed: 0, balance: 256 });
  } finally {
    saveSettings(t.app.db, { loyalty_points_per_dollar: 1 });
  }
  const walkIn = await buy(null, 1, 0);
  assert.is(walkIn.status, 201);
  assert.not.ok('loyalty' in walkIn.body);
  // A replay (same Idempotency-Key) answers the same points and writes nothing more.
  const key = { 'idempotency-key': 'loyalty-replay-1' };
  const first = await buy(c, 1, 0, key);
  const again = await buy(c, 1, 0, key);
  assert.is(again.body.invoice.id, first.body.invoice.id);
  assert.equal(again.body.loyalty, { earned: 109, redeemed: 0, balance: 365 });
  assert.is(sumOf(c), 365);
});

test('a gift card sold earns nothing: only the goods earn', async () => {
  const c = await join('Card Buyer');
  const both = await h.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }, { gift_card: { amount: 50 } }],
    customerId: c,
    payments: [{ method: 'NETS', amount: 159 }],
  });
  assert.is(both.status, 201, JSON.stringify(both.body));
  assert.equal(both.body.loyalty, { earned: 109, redeemed: 0, balance: 109 });
  const alone = await h.staff.post('/api/checkout', { items: [{ gift_card: { amount: 50 } }], customerId: c, payments: [{ method: 'CASH', amount: 50 }] });
  assert.is(alone.status, 201, JSON.stringify(alone.body));
  assert.equal(alone.body.loyalty, { earned: 0, redeemed: 0, balance: 109 });
});

test('paying with points: part of a sale (the points part earns nothing), then a whole sale', async () => {
  const c = await join('Spender');
  await grant(c);
  const part = await buy(c, 1, 10);
  assert.is(part.status, 201, JSON.stringify(part.body));
  // $10 = 1,000 points spent; $99 paid by NETS earns 99.
  assert.equal(part.body.loyalty, { earned: 99, redeemed: 1000, balance: 10900 - 1000 + 99 });
  const pay = part.body.invoice.payments.find((p: any) => p.method === 'LOYALTY_POINTS');
  assert.is(pay.amount, 10);
  const other = await join('Whole Spender');
  await grant(other);
  const w = await h.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    customerId: other,
    payments: [{ method: 'LOYALTY_POINTS', amount: 109 }],
  });
  assert.is(w.status, 201, JSON.stringify(w.body));
  assert.equal(w.body.loyalty, { earned: 0, redeemed: 10900, balance: 0 });
  assert.is(w.body.invoice.payment_status, 'PAID');
});

test('refusals write nothing: a walk-in (400), not whole points (400), too few points (409), under the minimum (409)', async () => {
  const c = await join('Refused');
  await grant(c);
  const before = () => [entryCount(), ...salesCounts(t)];
  const was = before();
  const walkIn = await buy(null, 1, 10);
  assert.is(walkIn.status, 400, JSON.stringify(walkIn.body));
  assert.is(walkIn.body.details.field, 'payments.0');
  assert.is(walkIn.body.error, 'Paying with points needs a customer');
  saveSettings(t.app.db, { loyalty_point_value: 0.05 });
  try {
    const odd = await buy(c, 1, 10.12);
    assert.is(odd.status, 400, JSON.stringify(odd.body));
    assert.is(odd.body.details.field, 'payments.0');
    assert.match(odd.body.error, /whole number of points/);
  } finally {
    saveSettings(t.app.db, { loyalty_point_value: 0.01 });
  }
  const tooMany = await buy(c, 2, 109.01);
  assert.is(tooMany.status, 409, JSON.stringify(tooMany.body));
  assert.is(tooMany.body.details.field, 'payments.0.amount');
  assert.is(tooMany.body.details.points, 10900);
  saveSettings(t.app.db, { loyalty_min_redeem_points: 20000 });
  try {
    const under = await buy(c, 1, 1);
    assert.is(under.status, 409, JSON.stringify(under.body));
    assert.is(under.body.code, 'LOYALTY_MIN_POINTS');
  } finally {
    saveSettings(t.app.db, { loyalty_min_redeem_points: 0 });
  }
  assert.equal(before(), was);
  assert.is(sumOf(c), 10900);
});

test('two tills spend the same points at once: one 201, one 409, the balance never negative', async () => {
  const c = await join('Racer');
  await grant(c);
  const body = { items: [{ productId: shoe, qty: 1 }], customerId: c, payments: [{ method: 'LOYALTY_POINTS', amount: 109 }] };
  const replies = await Promise.all([
    h.staff.post('/api/checkout', body, { 'x-kedai-till': 'Till A' }),
    h.admin.post('/api/checkout', body, { 'x-kedai-till': 'Till B' }),
  ]);
  assert.equal(replies.map((r) => r.status).sort(), [201, 409], JSON.stringify(replies.map((r) => r.body)));
  assert.is(replies.find((r) => r.status === 409)!.body.details.field, 'payments.0.amount');
  assert.is(sumOf(c), 0);
  assert.equal(ledger(c), [
    { kind: 'EARNED', points: 10900 },
    { kind: 'REDEEMED', points: -10900 },
  ]);
});

test('returns: the points spent come back first (RESTORED), what the goods earned is reversed in proportion, never more', async () => {
  const c = await join('Returner');
  await grant(c);
  // 2 pairs = $218: $100 in points (10,000), $118 by NETS -> earns 118.
  const sale = await buy(c, 2, 100);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  assert.equal(sale.body.loyalty, { earned: 118, redeemed: 10000, balance: 900 + 118 });
  const back1 = await h.admin.post('/api/returns', {
    invoice_id: sale.body.invoice.id,
    refund_method: 'CASH',
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(back1.status, 201, JSON.stringify(back1.body));
  // $109 back: $100 to the points (10,000 restored), $9 by NETS reverses floor(118 x 9 / 118) = 9.
  assert.equal(back1.body.tender_refunds, [{ method: 'LOYALTY_POINTS', amount: 100, reference: '10,000 points' }]);
  assert.is(sumOf(c), 900 + 118 + 10000 - 9);
  const back2 = await h.admin.post('/api/returns', {
    invoice_id: sale.body.invoice.id,
    refund_method: 'CASH',
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(back2.status, 201, JSON.stringify(back2.body));
  // Everything back: exactly the 118 earned reversed in all, the 10,000 spent restored.
  assert.is(sumOf(c), 900 + 10000);
  assert.equal(ledger(c).slice(1), [
    { kind: 'REDEEMED', points: -10000 },
    { kind: 'EARNED', points: 118 },
    { kind: 'RESTORED', points: 10000 },
    { kind: 'REVERSED', points: -9 },
    { kind: 'REVERSED', points: -109 },
  ]);
});

test('points reversed after they were spent: the balance goes below 0, nothing can be spent, the next points earned make it good first', async () => {
  const c = await join('Overspent');
  const first = await buy(c, 1, 0);
  assert.is(first.body.loyalty.balance, 109);
  const spend = await buy(c, 1, 1.09);
  assert.equal(spend.body.loyalty, { earned: 107, redeemed: 109, balance: 107 });
  // The first sale comes back whole: its 109 earned points go, though they all paid the second sale.
  const back = await h.admin.post('/api/returns', {
    invoice_id: first.body.invoice.id,
    refund_method: 'CASH',
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(back.status, 201, JSON.stringify(back.body));
  assert.is(sumOf(c), -2);
  const lots = () => t.app.db.prepare('SELECT coalesce(sum(remaining), 0) FROM loyalty_entry WHERE customer_id = ?').pluck().get(c);
  assert.is(lots(), 0, 'no lot holds points while the balance is below 0');
  assert.equal((await h.staff.get(`/api/customers/${c}`)).body.customer.loyalty, { points: -2, value: -0.02 });
  assert.is((await buy(c, 1, 0.01)).status, 409);
  // The next sale's 109 points pay the 2 owed first: its lot holds 107.
  assert.is((await buy(c, 1, 0)).body.loyalty.balance, 107);
  assert.is(lots(), 107);
  assert.is((await buy(c, 1, 1.08)).status, 409);
  assert.is((await buy(c, 1, 1.07)).status, 201);
  assert.is(lots(), sumOf(c));
});

test('a void reverses what the sale earned', async () => {
  const c = await join('Voider');
  const sale = await buy(c, 1, 0);
  assert.is(sale.body.loyalty.earned, 109);
  const v = await h.admin.post(`/api/invoices/${sale.body.invoice.id}/void`, { reason: 'Rung up twice' });
  assert.is(v.status, 200, JSON.stringify(v.body));
  assert.is(sumOf(c), 0);
  assert.equal(ledger(c), [
    { kind: 'EARNED', points: 109 },
    { kind: 'REVERSED', points: -109 },
  ]);
  // A sale partly paid with points cannot be voided (sales refuses a tender-paid void): nothing changes.
  await grant(c);
  const paid = await buy(c, 1, 5);
  const refused = await h.admin.post(`/api/invoices/${paid.body.invoice.id}/void`, { reason: 'No' });
  assert.is(refused.status, 409, JSON.stringify(refused.body));
  assert.is(sumOf(c), 10900 - 500 + 104);
});

test('the points ledger route: balance, value and rows newest first; 404 unknown customer; 401 signed out', async () => {
  const c = await join('Ledger');
  const sale = await buy(c, 1, 0);
  await buy(c, 1, 1);
  const r = await h.staff.get(`/api/customers/${c}/points`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.points, 109 - 100 + 108);
  assert.is(r.body.value, 1.17);
  assert.equal(
    r.body.entries.map((e: any) => [e.kind, e.points]),
    [
      ['EARNED', 108],
      ['REDEEMED', -100],
      ['EARNED', 109],
    ],
  );
  const earned = r.body.entries[2];
  assert.equal(earned, {
    id: earned.id,
    kind: 'EARNED',
    points: 109,
    at: earned.at,
    business_date: sale.body.invoice.business_date,
    invoice_id: sale.body.invoice.id,
    invoice_number: sale.body.invoice.number,
    expires_on: null,
    note: null,
  });
  assert.is((await h.staff.get('/api/customers/999999/points')).status, 404);
  assert.is((await h.anon.get(`/api/customers/${c}/points`)).status, 401);
});

test('expiry: points past their last day are swept out (EXPIRED) before any read or spend', async () => {
  const c = await join('Expiring');
  saveSettings(t.app.db, { loyalty_expiry_months: 6 });
  try {
    const sale = await buy(c, 1, 0);
    const day = sale.body.invoice.business_date as string;
    const row = t.app.db.prepare("SELECT expires_on FROM loyalty_entry WHERE invoice_id = ? AND kind = 'EARNED'").pluck().get(sale.body.invoice.id);
    assert.is(row, addMonths(day, 6));
    // Make the lot's last day yesterday's yesterday: the next read sweeps it.
    t.app.db.prepare("UPDATE loyalty_entry SET expires_on = '2020-01-31' WHERE invoice_id = ? AND kind = 'EARNED'").run(sale.body.invoice.id);
    assert.equal((await h.staff.get(`/api/customers/${c}`)).body.customer.loyalty, { points: 0, value: 0 });
    const entries = (await h.staff.get(`/api/customers/${c}/points`)).body.entries;
    assert.equal(entries[0], { ...entries[0], kind: 'EXPIRED', points: -109, business_date: '2020-02-01', invoice_id: null });
    const spend = await buy(c, 1, 1);
    assert.is(spend.status, 409);
  } finally {
    saveSettings(t.app.db, { loyalty_expiry_months: 0 });
  }
});

test('the receipt shows the points earned and the balance: JSON, ESC/POS bytes, receipt PDF', async () => {
  const c = await join('Receipt Reader');
  await buy(c, 1, 0);
  const sale = await buy(c, 1, 1);
  assert.equal(sale.body.loyalty, { earned: 108, redeemed: 100, balance: 117 });
  const id = sale.body.invoice.id;
  const receipt = (await h.staff.get(`/api/invoices/${id}/receipt`)).body.receipt;
  assert.equal(receipt.sections, [
    {
      title: 'Loyalty points',
      lines: [],
      total: 0,
      qty_label: 'returned',
      total_label: 'Returned total',
      barcodes: [],
      notes: [
        { label: 'Points used', value: '100' },
        { label: 'Points earned', value: '108' },
        { label: 'Points balance', value: '117' },
      ],
    },
  ]);
  // A later sale does not change this receipt's balance (a reprint says what it said).
  await buy(c, 1, 0);
  assert.is((await h.staff.get(`/api/invoices/${id}/receipt`)).body.receipt.sections[0].notes[2].value, '117');
  saveSettings(t.app.db, { receipt_printer: printer.address });
  const p = await h.staff.post(`/api/invoices/${id}/print`, { reprint: true });
  assert.is(p.status, 200, JSON.stringify(p.body));
  const bytes = (await printer.nextJob()).toString('latin1');
  assert.ok(bytes.includes(escposPair('Points earned', '108')), bytes);
  assert.ok(bytes.includes(escposPair('Points balance', '117')), bytes);
  assert.not.ok(bytes.includes('Returned total'), 'a section of notes prints no total');
  const pdf = await h.admin.get(`/api/invoices/${id}/pdf?format=receipt`);
  assert.is(pdf.status, 200);
  const { text } = await pdfText(pdf.raw);
  assert.ok(/Points earned\s*108/.test(text), text);
  assert.ok(/Points balance\s*117/.test(text), text);
  // A walk-in's receipt has no points section.
  const walkIn = await buy(null, 1, 0);
  assert.equal((await h.staff.get(`/api/invoices/${walkIn.body.invoice.id}/receipt`)).body.receipt.sections, []);
});

test('every ledger query searches an index (by customer, open lots, by invoice, by payment): no table scan', () => {
  const plan = (sql: string) => (t.app.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1) as { detail: string }[]).map((r) => r.detail).join(' | ');
  for (const sql of [
    'SELECT coalesce(sum(points), 0) FROM loyalty_entry WHERE customer_id = ?',
    "SELECT id FROM loyalty_entry WHERE customer_id = ? AND remaining > 0 AND expires_on < '2027-01-01' ORDER BY expires_on, id",
    'SELECT id FROM loyalty_entry WHERE customer_id = ? AND remaining > 0 ORDER BY expires_on IS NULL, expires_on, id',
    'SELECT kind, sum(points) FROM loyalty_entry WHERE invoice_id = ? AND by_void = 0 GROUP BY kind',
    'SELECT kind, sum(points) FROM loyalty_entry WHERE payment_id = ? GROUP BY kind',
    'SELECT id FROM loyalty_entry WHERE customer_id = ? ORDER BY id DESC LIMIT 500',
  ]) {
    const p = plan(sql);
    assert.match(p, /SEARCH loyalty_entry USING (COVERING )?INDEX loyalty_entry_/, `${sql}: ${p}`);
  }
  // The liability's sums (reports) read an index too, across customers.
  const reportPlan = (sql: string, ...args: string[]) =>
    (t.app.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | ');
  for (const [sql, args] of [
    [LIABILITY_SQL.before, ['2027-01-01']],
    [LIABILITY_SQL.byKind, ['2027-01-01', '2027-01-31']],
    [LIABILITY_SQL.pendingExpiry, ['2027-01-31']],
  ] as const) {
    const p = reportPlan(sql, ...args);
    assert.match(p, /SEARCH loyalty_entry USING (COVERING )?INDEX loyalty_entry_/, `${sql}: ${p}`);
  }
});

test.run();
