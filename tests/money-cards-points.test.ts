// #29 from outside, over real HTTP: two shop days where gift cards, loyalty points, cash rounding, a void, a return
// and an exchange are all in play, and EVERY report reconciles to the cent: the sales report, end-of-day, the
// shift's X and Z, the ledger's day sums, the CSV, and both liabilities (gift cards, loyalty points). The expected
// figures are worked out here by hand from the amounts sent (GST 9% on prices before GST, cash rounded to 5 cents,
// a point worth $0.05, 1 point per dollar) — no app code is called for them.
//
//   Prices: shoe $100.00 -> $109.00; sandal $45.90 -> $50.03 (GST 4.131 -> 4.13); both -> $159.03 (GST 13.131).
//   Day 1 (2027-03-01), till "Till M", float $200:
//     S1 walk-in: gift card A $100, CASH 100.00.
//     S2 member M: shoe + gift card B $50, NETS 159.00 -> earns floor(159.00 - 50) = 109 points.
//     S3 walk-in: sandal, CASH 50.03 -> 50.05 (rounding +0.02); voided the same day (cash 50.05 back).
//     S4 member M: shoe + sandal 159.03, card A 60.00 + CASH 99.03 -> 99.05 (+0.02) -> earns 159 points.
//   Day 2 (2027-03-02), float $200:
//     S5 member M: sandal 50.03, points $5.00 (100 points) + card B 30.00 + CASH 15.03 -> 15.05 (+0.02);
//        earns floor(50.03 - 5.00) = 45.
//     R1 the sandal of S5 back, refund CASH: points 100 back (RESTORED), card B +30.00, cash 15.03 -> paid 15.05
//        (the running cash refund rounds, never above the 15.05 taken); its 45 points REVERSED.
//     X1 exchange of S2's shoe (109.00 on a credit note) for a sandal 50.03 paid by that note (58.97 stays on it);
//        S2's 109 points REVERSED, the new sale earns 50.
//     S7 walk-in: gift card C $20, CASH 20.00.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsv } from './helpers/csv.js';
import { TEST_PASSWORDS, testApp, type Client, type TestApp } from './helpers/app.js';
import { listenHttp, type HttpApp } from './helpers/http.js';
import { addProduct } from '../plugins/sales/test-support.js';

const RealDate = Date;
let offsetMs = 0;
/** The process's clock, moved to a shop day (as plugins/loyalty/loyalty-year.test.ts): every request sees it. */
class ShopClock extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...(args as [string]));
  }
  static now() {
    return RealDate.now() + offsetMs;
  }
}

const DAY1 = '2027-03-01' as const;
const DAY2 = '2027-03-02' as const;
const TILL = { 'x-kedai-till': 'Till M' };

let t: TestApp;
let h: HttpApp;
let admin: Client;
let staff: Client;
let shoe = 0;
let sandal = 0;
let member = 0;
const code: Record<string, string> = {};
const inv: Record<string, number> = {};

/** Moves the clock and signs both users in again over HTTP (a session lasts 12 hours). */
async function setDay(day: string, time = '10:00') {
  offsetMs = new RealDate(`${day}T${time}:00+08:00`).getTime() - RealDate.now();
  admin = h.client((await t.login('admin', TEST_PASSWORDS.admin)).token);
  staff = h.client((await t.login('staff', TEST_PASSWORDS.staff)).token);
}

const c = (dollars: number) => Math.round(dollars * 100);
const sumCents = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

async function sell(key: string, body: Record<string, unknown>) {
  const r = await staff.post('/api/checkout', body, TILL);
  assert.is(r.status, 201, `${key}: ${JSON.stringify(r.body)}`);
  inv[key] = r.body.invoiceId;
  for (const g of r.body.gift_cards ?? []) code[key] = g.code;
  return r.body;
}

test.before(async () => {
  (globalThis as { Date: DateConstructor }).Date = ShopClock as DateConstructor;
  offsetMs = new RealDate(`${DAY1}T08:00:00+08:00`).getTime() - RealDate.now();
  t = await testApp();
  h = await listenHttp(t);
  shoe = await addProduct(t, 100, 50, 'Reconcile Runner');
  sandal = await addProduct(t, 45.9, 50, 'Reconcile Sandal');
  const s = await t.admin.patch('/api/settings', { cash_rounding: true, loyalty_point_value: 0.05, loyalty_points_per_dollar: 1 });
  assert.is(s.status, 200, JSON.stringify(s.body));
  const m = await t.admin.post('/api/customers', { name: 'Mei Member', phone: '+65 9123 7788' });
  assert.is(m.status, 201, JSON.stringify(m.body));
  member = m.body.customer.id;
});
test.after(async () => {
  (globalThis as { Date: DateConstructor }).Date = RealDate;
  await t.close();
});

let shift1 = 0;
let shift2 = 0;

test('day 1: cards sold alone and beside shoes, points earned, a cash sale voided, a card split with cash', async () => {
  await setDay(DAY1);
  const open = await staff.post('/api/shifts', { till: 'Till M', opening_float: 200 }, TILL);
  assert.is(open.status, 201, JSON.stringify(open.body));
  shift1 = open.body.shift.id;
  await sell('S1', { items: [{ gift_card: { amount: 100 } }], payments: [{ method: 'CASH', amount: 100 }], tendered: 100 });
  const s2 = await sell('S2', {
    customerId: member,
    items: [{ productId: shoe, qty: 1 }, { gift_card: { amount: 50 } }],
    payments: [{ method: 'NETS', amount: 159, reference: 'N-1' }],
  });
  assert.equal(s2.loyalty, { earned: 109, redeemed: 0, balance: 109 });
  const s3 = await sell('S3', { items: [{ productId: sandal, qty: 1 }], payments: [{ method: 'CASH', amount: 50.05 }], tendered: 50.05 });
  assert.equal([s3.invoice.grand_total, s3.invoice.rounding, s3.invoice.amount_due], [50.03, 0.02, 50.05]);
  const v = await admin.post(`/api/invoices/${inv.S3}/void`, { reason: 'Customer changed mind' }, TILL);
  assert.is(v.status, 200, JSON.stringify(v.body));
  const s4 = await sell('S4', {
    customerId: member,
    items: [
      { productId: shoe, qty: 1 },
      { productId: sandal, qty: 1 },
    ],
    payments: [
      { method: 'GIFT_CARD', reference: code.S1, amount: 60 },
      { method: 'CASH', amount: 99.05 },
    ],
    tendered: 100,
  });
  assert.equal([s4.invoice.grand_total, s4.invoice.tax_total, s4.invoice.rounding, s4.invoice.change], [159.03, 13.13, 0.02, 0.95]);
  assert.equal(s4.loyalty, { earned: 159, redeemed: 0, balance: 268 });
});

test("day 1's Z: the drawer counts only cash", async () => {
  await setDay(DAY1, '20:00');
  // float 200 + S1 100 + S3 50.05 - its void 50.05 + S4 99.05 = 399.05
  const z = await staff.post(`/api/shifts/${shift1}/close`, { counted: { '100': 3, '50': 1, '10': 4, '5': 1, '2': 2, '0.05': 1 } }, TILL);
  assert.is(z.status, 200, JSON.stringify(z.body));
  const r = z.body.report;
  assert.is(c(r.cash.expected), 39905);
  assert.is(c(r.cash.cash_sales), 10000 + 5005 + 9905);
  assert.is(c(r.cash.cash_refunds), 5005);
  assert.equal(
    r.takings.map((m: { method: string; amount: number }) => [m.method, c(m.amount)]).sort(),
    [
      ['CASH', 24910],
      ['GIFT_CARD', 6000],
      ['NETS', 15900],
    ].sort(),
  );
  assert.equal(r.tender_refunds, []);
  assert.equal(
    r.refunds.map((m: { method: string; amount: number }) => [m.method, c(m.amount)]),
    [['CASH', 5005]],
  );
  const again = await staff.get(`/api/shifts/${shift1}/z-report`);
  assert.is(c(again.body.report.cash.expected), 39905);
});

test('day 2: points and a card pay with cash, the goods come back, an exchange on a credit note, a card sold', async () => {
  await setDay(DAY2);
  const open = await staff.post('/api/shifts', { till: 'Till M', opening_float: 200 }, TILL);
  assert.is(open.status, 201, JSON.stringify(open.body));
  shift2 = open.body.shift.id;
  const s5 = await sell('S5', {
    customerId: member,
    items: [{ productId: sandal, qty: 1 }],
    payments: [
      { method: 'LOYALTY_POINTS', amount: 5 },
      { method: 'GIFT_CARD', reference: code.S2, amount: 30 },
      { method: 'CASH', amount: 15.05 },
    ],
    tendered: 20,
  });
  assert.equal([s5.invoice.grand_total, s5.invoice.rounding, s5.invoice.change], [50.03, 0.02, 4.95]);
  assert.equal(s5.loyalty, { earned: 45, redeemed: 100, balance: 268 - 100 + 45 });

  await setDay(DAY2, '11:00');
  const r1 = await staff.post(
    '/api/returns',
    { invoice_id: inv.S5, refund_method: 'CASH', items: [{ product_id: sandal, returned_qty: 1, return_reason: 'Defective' }] },
    TILL,
  );
  assert.is(r1.status, 201, JSON.stringify(r1.body));
  assert.equal(r1.body.tender_refunds.map((x: { method: string; amount: number }) => [x.method, c(x.amount)]).sort(), [
    ['GIFT_CARD', 3000],
    ['LOYALTY_POINTS', 500],
  ]);
  assert.is(c(r1.body.refund.paid_out), 1505);
  assert.is(r1.body.creditNote, null);

  const x1 = await staff.post(
    '/api/exchanges',
    {
      invoice_id: inv.S2,
      items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Wrong Size' }],
      sale: { customerId: member, items: [{ productId: sandal, qty: 1 }], payments: [] },
    },
    TILL,
  );
  assert.is(x1.status, 201, JSON.stringify(x1.body));
  inv.X1 = x1.body.sale.invoiceId;
  assert.is(c(x1.body.sale.invoice.grand_total), 5003);
  assert.is(c(x1.body.creditNote.amount), 10900);
  assert.equal(x1.body.sale.loyalty, { earned: 50, redeemed: 0, balance: 213 - 45 - 109 + 100 + 50 });

  await sell('S7', { items: [{ gift_card: { amount: 20 } }], payments: [{ method: 'CASH', amount: 20 }], tendered: 20 });
});

test("day 2's X and Z: cash only in the drawer; points and the card put back are not cash", async () => {
  await setDay(DAY2, '20:00');
  // float 200 + S5 15.05 - R1 15.05 + S7 20.00 = 220.00
  const x = await staff.get(`/api/shifts/${shift2}/x-report`);
  assert.is(x.status, 200, JSON.stringify(x.body));
  const xr = x.body.report;
  assert.is(c(xr.cash.expected), 22000);
  assert.is(c(xr.cash.cash_refunds), 1505);
  assert.equal(xr.tender_refunds.map((m: { method: string; count: number; amount: number }) => [m.method, m.count, c(m.amount)]).sort(), [
    ['GIFT_CARD', 1, 3000],
    ['LOYALTY_POINTS', 1, 500],
  ]);
  assert.equal(
    xr.refunds.map((m: { method: string; amount: number }) => [m.method, c(m.amount)]),
    [['CASH', 1505]],
  );
  const z = await staff.post(`/api/shifts/${shift2}/close`, { counted: { '100': 2, '10': 2 } }, TILL);
  assert.is(z.status, 200, JSON.stringify(z.body));
  assert.is(c(z.body.report.cash.expected), 22000);
  assert.equal(z.body.report.tender_refunds, xr.tender_refunds);
});

type Liability = { key: string; opening: number; lines: { code: string; amount: number }[]; closing: number; expired: number };
function liability(body: { liabilities: Liability[] }, key: string) {
  const l = body.liabilities.find((x) => x.key === key);
  assert.ok(l, `${key} in ${JSON.stringify(body.liabilities)}`);
  const lines: Record<string, number> = Object.fromEntries(l.lines.map((x) => [x.code, c(x.amount)]));
  assert.is(c(l.opening) + sumCents(Object.values(lines)), c(l.closing), `${key}: opening + lines = closing`);
  return { opening: c(l.opening), closing: c(l.closing), expired: c(l.expired), ...lines } as Record<string, number>;
}

/** What each day should say, by hand (cents). */
const EXPECTED = {
  [DAY1]: {
    total_sales: 10900 + 15903,
    total_gst: 900 + 1313,
    charges_total: 15000,
    rounding_total: 2,
    by_method: { CASH: 10000 + 9905, NETS: 15900, GIFT_CARD: 6000 } as Record<string, number>,
    credit_notes_taken: 0,
    refunds: { CASH: 5005 } as Record<string, number>,
    tender_refunds: {} as Record<string, number>,
    returns_total: 0,
    drawer: 39905,
    // FLOAT + S1 + S2 + S3 (as taken, its void taking it out) + S4 (card + cash + rounding)
    ledger: 20000 + 10000 + 15900 + 5005 - 5005 + 15905,
    gift_cards: { opening: 0, closing: 9000, expired: 0, SOLD: 15000, REDEEMED: -6000, REFUNDED: 0, VOIDED: 0 },
    // 268 points at $0.05
    loyalty_points: { opening: 0, closing: 1340, expired: 0, EARNED: 268 * 5, REDEEMED: 0, REVERSED: 0, RESTORED: 0, EXPIRED: 0 },
  },
  [DAY2]: {
    total_sales: 5003 + 5003,
    total_gst: 413 + 413,
    charges_total: 2000,
    rounding_total: 2,
    by_method: { CASH: 1505 + 2000, GIFT_CARD: 3000, LOYALTY_POINTS: 500 } as Record<string, number>,
    credit_notes_taken: 5003,
    refunds: { CASH: 1505 } as Record<string, number>,
    tender_refunds: { GIFT_CARD: 3000, LOYALTY_POINTS: 500 } as Record<string, number>,
    returns_total: 5003 + 10900,
    drawer: 22000,
    // FLOAT + S5 (points + card + cash + rounding) - R1 (the same back) - the exchange's note + the note paying + S7
    ledger: 20000 + 5005 - 5005 - 10900 + 5003 + 2000,
    gift_cards: { opening: 9000, closing: 11000, expired: 0, SOLD: 2000, REDEEMED: -3000, REFUNDED: 3000, VOIDED: 0 },
    // 268 + 45 + 50 - 100 - 45 - 109 + 100 = 209 points
    loyalty_points: { opening: 1340, closing: 209 * 5, expired: 0, EARNED: 95 * 5, REDEEMED: -500, REVERSED: -154 * 5, RESTORED: 500, EXPIRED: 0 },
  },
};

const byMethodCents = (o: Record<string, number | { amount: number }>) =>
  Object.fromEntries(
    Object.entries(o)
      .map(([k, v]) => [k, c(typeof v === 'number' ? v : v.amount)])
      .filter(([, v]) => v !== 0),
  );

for (const day of [DAY1, DAY2]) {
  test(`${day}: end-of-day, sales report, CSV, ledger and both liabilities reconcile to the cent`, async () => {
    await setDay(DAY2, '21:00');
    const e = EXPECTED[day];
    const eod = (await admin.get(`/api/reports/end-of-day?date=${day}`)).body;
    assert.is(c(eod.total_sales), e.total_sales, 'revenue');
    assert.is(c(eod.total_gst), e.total_gst, 'GST');
    assert.is(c(eod.charges_total), e.charges_total);
    assert.is(c(eod.rounding_total), e.rounding_total);
    assert.equal(byMethodCents(eod.by_method), e.by_method);
    assert.is(c(eod.credit_notes_taken.amount), e.credit_notes_taken);
    // Money received for the day's sales = revenue + charges + rounding.
    assert.is(sumCents(Object.values(e.by_method)) + e.credit_notes_taken, e.total_sales + e.charges_total + e.rounding_total);
    assert.equal(byMethodCents(eod.refunds), e.refunds, 'refunds are money only');
    assert.is(c(eod.refunds_total), sumCents(Object.values(e.refunds)));
    assert.equal(byMethodCents(eod.tender_refunds), e.tender_refunds);
    assert.is(c(eod.returns_total), e.returns_total);
    assert.is(c(eod.cash.expected_in_drawer), e.drawer);
    assert.equal(liability(eod, 'gift_cards'), e.gift_cards);
    assert.equal(liability(eod, 'loyalty_points'), e.loyalty_points);

    const rep = (await admin.get(`/api/reports/sales?type=daily&date=${day}`)).body;
    assert.is(c(rep.total_sales), e.total_sales);
    assert.is(c(rep.total_gst), e.total_gst);
    assert.is(c(rep.net_sales), e.total_sales - e.total_gst);
    assert.is(c(rep.charges_total), e.charges_total);
    assert.is(c(rep.rounding_total), e.rounding_total);
    assert.equal(byMethodCents(rep.totals_by_method), e.by_method);
    assert.is(c(rep.credit_notes_taken), e.credit_notes_taken);
    assert.equal(byMethodCents(rep.refunds_by_method), e.refunds);
    assert.equal(byMethodCents(rep.tender_refunds_by_method), e.tender_refunds);
    assert.equal(liability(rep, 'gift_cards'), e.gift_cards);
    assert.equal(liability(rep, 'loyalty_points'), e.loyalty_points);

    // The ledger: every row of the day adds up, and the triggers' day sums say the same.
    const ledger = t.app.db.prepare('SELECT coalesce(sum(amount_cents), 0) FROM ledger_entry WHERE business_date = ?').pluck().get(day);
    const ledgerDay = t.app.db.prepare('SELECT coalesce(sum(cents), 0) FROM ledger_day WHERE business_date = ?').pluck().get(day);
    assert.equal([ledger, ledgerDay], [e.ledger, e.ledger], 'ledger sum');

    // The CSV: the invoices' totals (voided left out) = revenue + charges; its summary rows as the report.
    const csv = await admin.get(`/api/reports/sales/csv?type=daily&date=${day}`);
    assert.is(csv.status, 200);
    const rows = parseCsv(String(csv.body));
    const invoiceRows = rows.filter((r) => /^INV-/.test(r[0] ?? ''));
    assert.is(sumCents(invoiceRows.filter((r) => r[4] !== 'VOID').map((r) => c(Number(r[8])))), e.total_sales + e.charges_total, 'CSV invoice totals');
    const cell = (label: string) => {
      const r = rows.find((x) => x[0] === label);
      assert.ok(r, `${label} in the CSV`);
      return c(Number(r[1]));
    };
    assert.is(cell('Total Sales'), e.total_sales);
    assert.is(cell('GST'), e.total_gst);
    assert.is(cell('Cash Rounding'), e.rounding_total);
    for (const [m, v] of Object.entries(e.by_method)) assert.is(cell(`Payment Method ${m}`), v, m);
    assert.is(cell('Credit Notes Taken'), e.credit_notes_taken);
    for (const [m, v] of Object.entries(e.tender_refunds)) assert.is(cell(`Put Back On ${m}`), v, m);
    assert.is(cell('Gift cards Opening'), e.gift_cards.opening);
    assert.is(cell('Gift cards Closing'), e.gift_cards.closing);
    assert.is(cell('Loyalty points Opening'), e.loyalty_points.opening);
    assert.is(cell('Loyalty points Closing'), e.loyalty_points.closing);
  });
}

test('day 1 closing = day 2 opening; day 2 closing = every card and every customer as read from the API', async () => {
  await setDay(DAY2, '21:00');
  const one = (await admin.get(`/api/reports/end-of-day?date=${DAY1}`)).body;
  const two = (await admin.get(`/api/reports/end-of-day?date=${DAY2}`)).body;
  for (const key of ['gift_cards', 'loyalty_points']) assert.is(liability(two, key).opening, liability(one, key).closing, key);
  const cards = await Promise.all(['S1', 'S2', 'S7'].map((k) => staff.get(`/api/gift-cards/${code[k]}`)));
  const balances = cards.map((r) => {
    assert.is(r.status, 200, JSON.stringify(r.body));
    return c(r.body.card?.balance ?? r.body.balance);
  });
  assert.equal(balances, [4000, 5000, 2000]);
  assert.is(liability(two, 'gift_cards').closing, sumCents(balances));
  const m = await staff.get(`/api/customers/${member}`);
  assert.equal(m.body.customer.loyalty, { points: 209, value: 10.45 });
  assert.is(liability(two, 'loyalty_points').closing, c(m.body.customer.loyalty.value));
  // The two days as one period (the monthly report) reconcile the same way.
  const month = (await admin.get('/api/reports/sales?type=monthly&month=2027-03')).body;
  assert.equal(liability(month, 'loyalty_points'), {
    opening: 0,
    closing: 1045,
    expired: 0,
    EARNED: (268 + 95) * 5,
    REDEEMED: -500,
    REVERSED: -154 * 5,
    RESTORED: 500,
    EXPIRED: 0,
  });
});

test("a new point value revalues the whole history: still opening + lines = closing, and closing = the member's value", async () => {
  await setDay(DAY2, '21:30');
  assert.is((await admin.patch('/api/settings', { loyalty_point_value: 0.1 })).status, 200);
  const one = liability((await admin.get(`/api/reports/end-of-day?date=${DAY1}`)).body, 'loyalty_points');
  const two = liability((await admin.get(`/api/reports/end-of-day?date=${DAY2}`)).body, 'loyalty_points');
  assert.equal([one.opening, one.closing, two.opening, two.closing], [0, 2680, 2680, 2090]);
  assert.equal((await staff.get(`/api/customers/${member}`)).body.customer.loyalty, { points: 209, value: 20.9 });
});

test.run();
