// #29 a loyalty year, over real HTTP: three customers through 2027 — 11 sales (sale discounts, a line discount, a
// promotion, a gift card sold and spent, points spent), 3 partial returns, a void, a rate change, and points expiring
// 6 months after the shop day earned. The shop's clock is moved the way every write sees it: the test sets the
// process's Date (each HTTP request then has its shop day; sessions are signed in again after each jump).
// The final balances and the ledger's totals by kind are checked against a calculation written here, from the sale
// and refund amounts the replies give, with its own lot arithmetic (no loyalty code is called).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TEST_PASSWORDS, testApp, type Client, type TestApp } from '../../tests/helpers/app.js';
import { addProduct } from '../sales/test-support.js';

const RealDate = Date;
let offsetMs = 0;
/** The process's clock, moved to a shop day (12:00 in Singapore unless said otherwise). */
class ShopClock extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...(args as [string]));
  }
  static now() {
    return RealDate.now() + offsetMs;
  }
}

let t: TestApp;
let admin: Client;
let p1: number;
let p2: number;
let p3: number;

function setClock(day: string, time = '12:00') {
  offsetMs = new RealDate(`${day}T${time}:00+08:00`).getTime() - RealDate.now();
}

/** Moves the clock and signs in again (a session lasts 12 hours). */
async function setDay(day: string, time = '12:00') {
  setClock(day, time);
  admin = await t.login('admin', TEST_PASSWORDS.admin);
}

// ---- The independent calculation: lots of points, taken oldest-expiring first, each expiring 6 months on ----

type Kind = 'EARNED' | 'REDEEMED' | 'REVERSED' | 'RESTORED' | 'EXPIRED';
interface Lot {
  seq: number;
  invoice: number | null;
  left: number;
  lastDay: string;
}
interface Book {
  lots: Lot[];
  totals: Record<Kind, number>;
}
const MONTHS = 6;
let seq = 0;
let rate = 1; // points per dollar
const books = new Map<number, Book>();
const book = (c: number) => {
  let b = books.get(c);
  if (!b) books.set(c, (b = { lots: [], totals: { EARNED: 0, REDEEMED: 0, REVERSED: 0, RESTORED: 0, EXPIRED: 0 } }));
  return b;
};
const balanceOf = (c: number) => Object.values(book(c).totals).reduce((s, n) => s + n, 0);

/** `day` plus 6 months, the day clamped to the month's end. */
function sixMonthsOn(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const month0 = m - 1 + MONTHS;
  const year = y + Math.floor(month0 / 12);
  const month = (month0 % 12) + 1;
  const days = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, days)).padStart(2, '0')}`;
}

function expire(c: number, today: string) {
  const b = book(c);
  for (const lot of b.lots) {
    if (lot.lastDay < today && lot.left > 0) {
      b.totals.EXPIRED -= lot.left;
      lot.left = 0;
    }
  }
}

function addLot(c: number, kind: 'EARNED' | 'RESTORED', points: number, today: string, invoice: number | null) {
  if (points <= 0) return;
  book(c).totals[kind] += points;
  book(c).lots.push({ seq: ++seq, invoice, left: points, lastDay: sixMonthsOn(today) });
}

function take(c: number, kind: 'REDEEMED' | 'REVERSED', points: number, own: number | null = null) {
  const b = book(c);
  b.totals[kind] -= points;
  const order = [...b.lots].sort((x, y) => (x.lastDay < y.lastDay ? -1 : x.lastDay > y.lastDay ? 1 : x.seq - y.seq));
  const lots = own === null ? order : [...order.filter((l) => l.invoice === own), ...order.filter((l) => l.invoice !== own)];
  let left = points;
  for (const lot of lots) {
    const n = Math.min(left, lot.left);
    lot.left -= n;
    left -= n;
  }
  assert.is(left, 0, 'the calculation never spends points that are not there');
}

/** What each sale earned and on what, and how much of it returns have answered for so far (cents not paid by points). */
const sales = new Map<
  number,
  { customer: number; earned: number; earnable: number; reversedCents: number; reversed: number; pointsPaidCents: number; restoredCents: number }
>();

const cents = (dollars: number) => Math.round(dollars * 100);

interface SaleSpec {
  customer: number;
  items: Record<string, unknown>[];
  invoiceDiscount?: number;
  invoiceDiscountAmount?: number;
  /** Dollars paid with points; a gift card's code and dollars; the rest NETS. */
  points?: number;
  card?: { code: string; amount: number };
  /** Untaxed charges sold in the sale (gift cards), dollars. */
  charges?: number;
}

/** Sells through POST /api/checkout (the total from the quote), then books what the sale should earn. */
async function sell(day: string, s: SaleSpec) {
  await setDay(day);
  const body = {
    items: s.items,
    customerId: s.customer,
    ...(s.invoiceDiscount ? { invoiceDiscount: s.invoiceDiscount } : {}),
    ...(s.invoiceDiscountAmount ? { invoiceDiscountAmount: s.invoiceDiscountAmount } : {}),
  };
  const q = await admin.post('/api/checkout/quote', body);
  assert.is(q.status, 200, JSON.stringify(q.body));
  const total = cents(q.body.quote.grand_total);
  const pointsCents = cents(s.points ?? 0);
  const cardCents = cents(s.card?.amount ?? 0);
  const payments = [
    ...(pointsCents ? [{ method: 'LOYALTY_POINTS', amount: pointsCents / 100 }] : []),
    ...(s.card ? [{ method: 'GIFT_CARD', reference: s.card.code, amount: s.card.amount }] : []),
    { method: 'NETS', amount: (total - pointsCents - cardCents) / 100 },
  ];
  const r = await admin.post('/api/checkout', { ...body, payments });
  assert.is(r.status, 201, `${day}: ${JSON.stringify(r.body)}`);
  const inv = r.body.invoice;
  assert.is(cents(inv.grand_total), total);
  // The calculation: expiry first, the points paid, then what the rest earns.
  expire(s.customer, day);
  const usedPoints = pointsCents; // a point is worth $0.01 all year
  if (usedPoints) take(s.customer, 'REDEEMED', usedPoints);
  const earnable = total - cents(s.charges ?? 0) - pointsCents;
  const earned = Math.floor((earnable * rate) / 100);
  addLot(s.customer, 'EARNED', earned, day, inv.id);
  sales.set(inv.id, { customer: s.customer, earned, earnable, reversedCents: 0, reversed: 0, pointsPaidCents: pointsCents, restoredCents: 0 });
  assert.equal(r.body.loyalty, { earned, redeemed: usedPoints, balance: balanceOf(s.customer) }, `${day} sale's loyalty`);
  return r.body;
}

/** Returns `qty` of a product of a sale (cash refund), then books the points given back and taken back. */
async function giveBack(day: string, invoiceId: number, productId: number, qty: number) {
  await setDay(day);
  const r = await admin.post('/api/returns', {
    invoice_id: invoiceId,
    refund_method: 'CASH',
    items: [{ product_id: productId, returned_qty: qty, return_reason: 'Wrong Size' }],
  });
  assert.is(r.status, 201, `${day}: ${JSON.stringify(r.body)}`);
  const refunded = r.body.returns.reduce((s: number, x: { refund_amount: number }) => s + cents(x.refund_amount), 0);
  const sale = sales.get(invoiceId)!;
  expire(sale.customer, day);
  // Points paid for the goods come back first, up to what they paid.
  const toPoints = Math.min(refunded, sale.pointsPaidCents - sale.restoredCents);
  sale.restoredCents += toPoints;
  addLot(sale.customer, 'RESTORED', toPoints, day, null);
  // What the goods earned goes, in proportion to the refund not paid by points, counted over all returns of the sale.
  sale.reversedCents = Math.min(sale.earnable, sale.reversedCents + refunded - toPoints);
  const due = Math.floor((sale.earned * sale.reversedCents) / sale.earnable) - sale.reversed;
  sale.reversed += due;
  if (due > 0) take(sale.customer, 'REVERSED', due, invoiceId);
  return r.body;
}

async function readPoints(day: string, customer: number) {
  await setDay(day, '18:00');
  expire(customer, day);
  const r = await admin.get(`/api/customers/${customer}/points`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

const ledgerTotals = (c: number) => {
  const out: Record<Kind, number> = { EARNED: 0, REDEEMED: 0, REVERSED: 0, RESTORED: 0, EXPIRED: 0 };
  for (const row of t.app.db.prepare('SELECT kind, sum(points) AS n FROM loyalty_entry WHERE customer_id = ? GROUP BY kind').all(c) as {
    kind: Kind;
    n: number;
  }[]) {
    out[row.kind] = row.n;
  }
  return out;
};

test.before(async () => {
  (globalThis as { Date: DateConstructor }).Date = ShopClock as unknown as DateConstructor;
  setClock('2026-12-20');
  t = await testApp();
  await setDay('2026-12-20');
  p1 = await addProduct(t, 100, 200, 'Year Runner');
  p2 = await addProduct(t, 60, 200, 'Year Sandal');
  p3 = await addProduct(t, 45, 200, 'Year Slipper');
  const s = await admin.patch('/api/settings', { loyalty_expiry_months: MONTHS, loyalty_points_per_dollar: 1, loyalty_point_value: 0.01 });
  assert.is(s.status, 200, JSON.stringify(s.body));
  const promo = await admin.post('/api/promotions', {
    name: 'May slippers',
    kind: 'PERCENT_OFF',
    percent_off: 20,
    scope: { categories: ['Test'] },
    starts_on: '2027-05-01',
    ends_on: '2027-05-31',
  });
  assert.is(promo.status, 201, JSON.stringify(promo.body));
});
test.after(async () => {
  await t?.close();
  (globalThis as { Date: DateConstructor }).Date = RealDate;
});

test('a year of three customers: balances and ledger totals by kind match the calculation', async () => {
  const join = async (name: string, phone: string) => {
    const r = await admin.post('/api/customers', { name, phone });
    assert.is(r.status, 201, JSON.stringify(r.body));
    return r.body.customer.id as number;
  };
  await setDay('2027-01-02');
  const aisha = await join('Aisha', '+65 9123 4501');
  const ben = await join('Ben', '+65 9123 4502');
  const chen = await join('Chen', '+65 9123 4503');

  // Aisha: two pairs with 10% off the sale. Ben: a pair with $5 off the line and a sandal.
  const a1 = await sell('2027-01-05', { customer: aisha, items: [{ productId: p1, qty: 2 }], invoiceDiscount: 10 });
  const b1 = await sell('2027-01-20', {
    customer: ben,
    items: [
      { productId: p1, qty: 1, discount: 5 },
      { productId: p2, qty: 1 },
    ],
  });
  // Aisha: a sandal and a $50 gift card (the card earns nothing).
  const a2 = await sell('2027-02-10', { customer: aisha, items: [{ productId: p2, qty: 1 }, { gift_card: { amount: 50 } }], charges: 50 });
  const card = a2.gift_cards[0].code as string;
  // Chen pays part of a pair with Aisha's gift card: what the card pays earns (only points do not).
  await sell('2027-02-12', { customer: chen, items: [{ productId: p1, qty: 1 }], card: { code: card, amount: 30 } });
  // Ben: three slippers with $10 off the sale.
  const b2 = await sell('2027-02-25', { customer: ben, items: [{ productId: p3, qty: 3 }], invoiceDiscountAmount: 10 });

  // Ben buys a pair and the sale is voided the same day: what it earned is reversed.
  const b3 = await sell('2027-03-01', { customer: ben, items: [{ productId: p1, qty: 1 }] });
  await setDay('2027-03-01', '15:00');
  const v = await admin.post(`/api/invoices/${b3.invoice.id}/void`, { reason: 'Card declined after all' });
  assert.is(v.status, 200, JSON.stringify(v.body));
  const vs = sales.get(b3.invoice.id)!;
  take(ben, 'REVERSED', vs.earned - vs.reversed, b3.invoice.id);
  vs.reversed = vs.earned;
  // Aisha brings back one of the two pairs (a partial return: half of what the sale earned).
  await giveBack('2027-03-15', a1.invoice.id, p1, 1);

  // Aisha pays $1.00 of a slipper with 100 points; Ben pays $2.00 of a sandal with points under May's 20% promotion.
  const a4 = await sell('2027-04-20', { customer: aisha, items: [{ productId: p3, qty: 1 }], points: 1 });
  const b4 = await sell('2027-05-05', { customer: ben, items: [{ productId: p3, qty: 2 }], points: 2 });
  assert.ok(cents(b4.invoice.grand_total) < 2 * 4905, 'the promotion took its 20%');
  // Ben returns one slipper of the three.
  await giveBack('2027-06-10', b2.invoice.id, p3, 1);

  // August: Aisha's January points have passed their last day (5 Jul); what was left of them expires.
  await sell('2027-08-01', { customer: aisha, items: [{ productId: p2, qty: 1 }] });
  // Aisha returns the April slipper: the $1.00 of points comes back first (a new lot), the rest reverses.
  await giveBack('2027-09-01', a4.invoice.id, p3, 1);
  // October: Ben's January and February points are gone; he buys a slipper.
  await sell('2027-10-01', { customer: ben, items: [{ productId: p3, qty: 1 }] });
  // December: 2 points per dollar.
  await setDay('2027-12-01');
  assert.is((await admin.patch('/api/settings', { loyalty_points_per_dollar: 2 })).status, 200);
  rate = 2;
  await sell('2027-12-01', { customer: aisha, items: [{ productId: p3, qty: 1 }] });

  // Year end, before any customer is read (Chen's expiry not yet swept): the year's liability (a point = 1 cent) is
  // the calculation's totals by kind, and its closing the customers' balances; it says the same after the sweep.
  await setDay('2027-12-31', '18:00');
  for (const c of [aisha, ben, chen]) expire(c, '2027-12-31');
  const kinds: Kind[] = ['EARNED', 'REDEEMED', 'REVERSED', 'RESTORED', 'EXPIRED'];
  const yearLiability = async () => {
    const r = await admin.get('/api/reports/sales?type=yearly&year=2027');
    assert.is(r.status, 200, JSON.stringify(r.body));
    const l = r.body.liabilities.find((x: { key: string }) => x.key === 'loyalty_points');
    return {
      opening: cents(l.opening),
      closing: cents(l.closing),
      expired: cents(l.expired),
      ...Object.fromEntries(l.lines.map((x: { code: string; amount: number }) => [x.code, cents(x.amount)])),
    };
  };
  const expected = {
    opening: 0,
    closing: balanceOf(aisha) + balanceOf(ben) + balanceOf(chen),
    expired: 0,
    ...Object.fromEntries(kinds.map((k) => [k, book(aisha).totals[k] + book(ben).totals[k] + book(chen).totals[k]])),
  };
  const unswept = t.app.db.prepare("SELECT count(*) FROM loyalty_entry WHERE remaining > 0 AND expires_on < '2027-12-31'").pluck().get() as number;
  assert.ok(unswept > 0, 'some expiry is not written yet');
  assert.equal(await yearLiability(), expected);

  // Year end: each customer's points and ledger against the calculation. Chen's February points expired after 12 Aug.
  for (const c of [aisha, ben, chen]) {
    const r = await readPoints('2027-12-31', c);
    assert.is(r.points, balanceOf(c), `customer ${c}: balance`);
    assert.is(r.value, balanceOf(c) / 100);
    assert.equal(ledgerTotals(c), book(c).totals, `customer ${c}: totals by kind`);
    assert.is(
      r.entries.reduce((s: number, e: { points: number }) => s + e.points, 0),
      r.points,
      'the ledger explains the balance',
    );
    assert.ok(r.points >= 0);
  }
  // The year as it went, by hand: every kind happened, and Chen kept nothing.
  assert.ok(book(aisha).totals.EXPIRED < 0 && book(ben).totals.EXPIRED < 0 && book(aisha).totals.RESTORED === 100);
  assert.is(balanceOf(chen), 0);
  assert.ok(book(ben).totals.REVERSED < 0 && book(ben).totals.REDEEMED === -200);
  assert.equal((await admin.get(`/api/customers/${chen}`)).body.customer.loyalty, { points: 0, value: 0 });
  assert.ok(b1.loyalty.earned > 0);
  assert.equal(await yearLiability(), expected, 'the same once every expiry is written');
});

test.run();
