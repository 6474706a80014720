// #29 gift cards in the reports, over real HTTP: two shop days (yesterday's sales made in-process at yesterday's
// time, today's over HTTP at a till with an open shift), a card voided today, goods a card paid returned today.
// Each day's end-of-day and sales report reconcile to the cent: money received, revenue, cards sold ("Sold, not
// revenue"), redemptions (method GIFT_CARD), value put back on a card (tender refunds, never cash) and the
// liability: closing = opening + sold - redeemed + put back - voided; yesterday's closing is today's opening, and
// today's closing is every live card's balance. The drawer counts only the cash part of the return.
//
//   Yesterday: card A $100 (CASH), card B $30 (NETS), shoe $109 paid A $60 + NETS $49.
//   Today:     card D $50 + shoe $109 (NETS $159); B voided; the $109 shoe back: $60 on A, $49 CASH;
//              shoe $109 paid A $50 + NETS $59.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, localDate } from '../../core/clock.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { checkout } from '../sales/api.js';
import { addProduct, pdfText } from '../sales/test-support.js';
import { giftCardLiabilityCents } from './api.js';

let t: TestApp;
let h: HttpApp;
let shoe: number;
let today: string;
let yesterday: string;
const TILL = { 'x-kedai-till': 'Till GC' };

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  shoe = await addProduct(t, 100, 500, 'Liability Runner');
  today = localDate(new Date(), t.app.config.timeZone);
  yesterday = addDays(today, -1);
});
test.after(async () => {
  await t.close();
});

const at = new Date(`${addDays(localDate(new Date(), 'Asia/Singapore'), -1)}T12:00:00+08:00`);
const sellYesterday = (body: Parameters<typeof checkout>[1]) => checkout(t.app.db, body, { userId: null, timeZone: t.app.config.timeZone, at });
const codeOf = (invoiceId: number) => t.app.db.prepare('SELECT code FROM gift_cards_card WHERE invoice_id = ?').pluck().get(invoiceId) as string;
const cents = (d: number) => Math.round(d * 100);
const sum = (o: Record<string, number>) => Object.values(o).reduce((s, d) => s + cents(d), 0);

function liabilityOf(body: { liabilities: { key: string; opening: number; lines: { code: string; amount: number }[]; closing: number; expired: number }[] }) {
  const l = body.liabilities.find((x) => x.key === 'gift_cards');
  assert.ok(l, JSON.stringify(body.liabilities));
  const line: Record<string, number> = Object.fromEntries(l.lines.map((x) => [x.code, cents(x.amount)]));
  // Reconciles to the cent on its own: opening + every movement = closing.
  assert.is(cents(l.opening) + Object.values(line).reduce((s, c) => s + c, 0), cents(l.closing));
  return { opening: cents(l.opening), closing: cents(l.closing), expired: cents(l.expired), ...line } as Record<string, number>;
}

let cardA = '';
let saleC = 0;
let cardB = 0;

test('yesterday: two cards sold, one spent on shoes', () => {
  const a = sellYesterday({ items: [{ gift_card: { amount: 100 } }], payments: [{ method: 'CASH', amount: 100 }] });
  cardA = codeOf(a.invoiceId);
  const b = sellYesterday({ items: [{ gift_card: { amount: 30 } }], payments: [{ method: 'NETS', amount: 30 }] });
  cardB = b.invoiceId;
  const c = sellYesterday({
    items: [{ productId: shoe, qty: 1 }],
    payments: [
      { method: 'GIFT_CARD', reference: cardA, amount: 60 },
      { method: 'NETS', amount: 49 },
    ],
  });
  saleC = c.invoiceId;
});

test('today over HTTP: a card and shoes, a void, a return the card paid, the card spent again', async () => {
  const shift = await h.staff.post('/api/shifts', { till: 'Till GC', opening_float: 100 });
  assert.is(shift.status, 201, JSON.stringify(shift.body));
  const d = await h.staff.post(
    '/api/checkout',
    { items: [{ productId: shoe, qty: 1 }, { gift_card: { amount: 50 } }], payments: [{ method: 'NETS', amount: 159 }] },
    TILL,
  );
  assert.is(d.status, 201, JSON.stringify(d.body));
  const v = await h.admin.post(`/api/invoices/${cardB}/void`, { reason: 'Card not wanted' }, TILL);
  assert.is(v.status, 200, JSON.stringify(v.body));
  const back = await h.staff.post(
    '/api/returns',
    { invoice_id: saleC, refund_method: 'CASH', items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }] },
    TILL,
  );
  assert.is(back.status, 201, JSON.stringify(back.body));
  assert.equal(back.body.tender_refunds, [{ method: 'GIFT_CARD', amount: 60, reference: `GC ****${cardA.slice(-4)}` }]);
  const e = await h.staff.post(
    '/api/checkout',
    {
      items: [{ productId: shoe, qty: 1 }],
      payments: [
        { method: 'GIFT_CARD', reference: cardA, amount: 50 },
        { method: 'NETS', amount: 59 },
      ],
    },
    TILL,
  );
  assert.is(e.status, 201, JSON.stringify(e.body));
  const x = await h.staff.get(`/api/shifts/${shift.body.shift.id}/x-report`);
  assert.is(x.status, 200, JSON.stringify(x.body));
  const report = x.body.report ?? x.body;
  // The card's part of the return is shown as put back on the card; the drawer paid out only the cash part.
  assert.equal(report.tender_refunds, [{ method: 'GIFT_CARD', count: 1, amount: 60 }]);
  assert.is(report.cash.cash_refunds, 49);
  assert.equal(
    report.refunds.map((r: { method: string }) => r.method),
    ['CASH', 'NETS'],
  );
  const pdf = await h.staff.get(`/api/shifts/${shift.body.shift.id}/report.pdf`);
  assert.is(pdf.status, 200);
  const { text } = await pdfText(pdf.raw);
  assert.ok(text.includes('Put back on gift card (1, not cash)'), text);
});

test("yesterday's end-of-day and sales report: cards sold and redeemed, the liability, money received", async () => {
  const eod = await h.admin.get(`/api/reports/end-of-day?date=${yesterday}`);
  assert.is(eod.status, 200, JSON.stringify(eod.body));
  const b = eod.body;
  const l = liabilityOf(b);
  assert.equal(l, { opening: 0, closing: 7000, expired: 0, SOLD: 13000, REDEEMED: -6000, REFUNDED: 0, VOIDED: 0 });
  // Card B's sale was voided since: it is not among the charges nor the sales, but it was sold that day.
  assert.is(cents(b.charges_total), 10000);
  assert.is(cents(b.void_total), 3000);
  assert.is(l.SOLD, cents(b.charges_total) + cents(b.void_total));
  assert.is(-l.REDEEMED, cents(b.by_method.GIFT_CARD.amount));
  assert.is(cents(b.total_sales), 10900);
  // What the sales were settled with = revenue + cards sold; money received = that less the cards spent.
  const settled = Object.values(b.by_method as Record<string, { amount: number }>).reduce((s, m) => s + cents(m.amount), 0);
  assert.is(settled, cents(b.total_sales) + cents(b.charges_total) + cents(b.rounding_total));
  assert.is(settled - cents(b.by_method.GIFT_CARD.amount), 14900);
  assert.equal(b.tender_refunds, {});

  const rep = await h.admin.get(`/api/reports/sales?type=daily&date=${yesterday}`);
  assert.is(rep.status, 200, JSON.stringify(rep.body));
  assert.equal(liabilityOf(rep.body), l);
  assert.is(cents(rep.body.totals_by_method.GIFT_CARD), 6000);
  assert.equal(rep.body.tender_refunds_by_method, {});
  // The day before any card: nothing held, nothing moved, no liability listed (the report as it always was).
  const before = await h.admin.get(`/api/reports/end-of-day?date=${addDays(yesterday, -1)}`);
  assert.equal(before.body.liabilities, []);
});

test("today's end-of-day and sales report: opening = yesterday's closing; the void and the return; closing = every card's balance", async () => {
  const eod = await h.admin.get(`/api/reports/end-of-day?date=${today}`);
  assert.is(eod.status, 200, JSON.stringify(eod.body));
  const b = eod.body;
  const l = liabilityOf(b);
  assert.equal(l, { opening: 7000, closing: 10000, expired: 0, SOLD: 5000, REDEEMED: -5000, REFUNDED: 6000, VOIDED: -3000 });
  assert.is(l.closing, giftCardLiabilityCents(t.app.db));
  assert.is(l.SOLD, cents(b.charges_total));
  assert.is(-l.REDEEMED, cents(b.by_method.GIFT_CARD.amount));
  assert.is(l.REFUNDED, cents(b.tender_refunds.GIFT_CARD.amount));
  assert.equal(b.tender_refunds, { GIFT_CARD: { count: 1, amount: 60 } });
  assert.is(cents(b.total_sales), 21800);
  const settled = Object.values(b.by_method as Record<string, { amount: number }>).reduce((s, m) => s + cents(m.amount), 0);
  assert.is(settled, cents(b.total_sales) + cents(b.charges_total) + cents(b.rounding_total));
  // Money paid back: the void's NETS and the return's cash part; the card's $60 is not money.
  assert.equal(b.refunds, { CASH: { count: 1, amount: 49 }, NETS: { count: 1, amount: 30 } });
  assert.is(cents(b.refunds_total), 7900);
  assert.is(cents(b.cash.refunds), 4900);
  assert.is(cents(b.cash.expected_in_drawer), 10000 - 4900);
  assert.is(cents(b.returns_total), 10900);

  const rep = await h.admin.get(`/api/reports/sales?type=daily&date=${today}`);
  assert.is(rep.status, 200, JSON.stringify(rep.body));
  assert.equal(liabilityOf(rep.body), l);
  assert.equal(rep.body.tender_refunds_by_method, { GIFT_CARD: 60 });
  assert.is(sum(rep.body.refunds_by_method), 7900);
  assert.is(cents(rep.body.refunds_total), 7900);

  const csv = await h.admin.get(`/api/reports/sales/csv?type=daily&date=${today}`);
  assert.is(csv.status, 200);
  const text = String(csv.body);
  for (const row of [
    'Held for customers,Amount',
    'Gift cards Opening,70.00',
    'Gift cards Voided,-30.00',
    'Gift cards Closing,100.00',
    'Put Back On GIFT_CARD,60.00',
  ]) {
    assert.ok(text.includes(row), `${row} in\n${text}`);
  }
});

test('an expired card: its balance stays in the outstanding and is shown as expired; days before it expired show none', async () => {
  t.app.db.prepare('UPDATE gift_cards_card SET expires_on = ? WHERE code = ?').run(yesterday, cardA);
  const now = liabilityOf((await h.admin.get(`/api/reports/end-of-day?date=${today}`)).body);
  assert.equal([now.closing, now.expired], [10000, 5000]);
  const then = liabilityOf((await h.admin.get(`/api/reports/end-of-day?date=${yesterday}`)).body);
  assert.equal([then.closing, then.expired], [7000, 0], 'on its last day a card is not yet expired');
});

test.run();
