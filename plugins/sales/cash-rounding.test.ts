// 5-cent cash rounding (#17.2) through the API: every remainder 0-9 cents, NETS/PayNow/credit never rounded, mixed
// NETS + cash rounds only the cash part, the setting off changes nothing, a changed setting mid-sale is a 409 that
// writes nothing, and the end-of-day, sales report and shift cash-up expect the rounded cash (no cent vanishes).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { checkDatabase } from '../../tests/reliability/support-db-checks.js';
import { localDate } from '../../core/clock.js';
import { invoiceTotals } from './pricing.js';
import { planTender } from './tender.js';
import { escposReceipt } from './receipt/escpos-receipt.js';
import { receiptHtml } from './screen/receipt-html.js';
import { addCustomer, addProduct, salesCounts } from './test-support.js';

let t: TestApp;
/** Product ids whose one-unit sale (price + 9% GST, half-up) ends in 0..9 cents. */
const byRemainder: number[] = [];
const totals: number[] = [];

const setRounding = async (on: boolean) => {
  const r = await t.admin.patch('/api/settings', { cash_rounding: on });
  assert.is(r.status, 200, JSON.stringify(r.body));
};
const sale = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const r = await t.staff.post('/api/checkout', body, headers);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.invoice;
};
const today = () => localDate(new Date(), 'Asia/Singapore');

test.before(async () => {
  t = await testApp();
  // The first prices from $10.00 whose total with GST ends in each of 0..9 cents.
  for (let price = 1000; price < 2000; price++) {
    const grand = invoiceTotals([{ qty: 1, unitPriceCents: price, discountCents: 0 }], 0, 900).grandTotalCents;
    const rem = grand % 10;
    if (totals[rem] !== undefined) continue;
    totals[rem] = grand;
    byRemainder[rem] = await addProduct(t, price / 100, 1000, `Sock ${rem}`);
    if (totals.filter((x) => x !== undefined).length === 10) break;
  }
});
test.after(async () => {
  await t.close();
});

test('the pure rule: planTender rounds only the cash part of a sale settled now', () => {
  const plan = (payments: Parameters<typeof planTender>[0]['payments'], tendered: number | null, onAccount = false, total = 1003) =>
    planTender({ payments, tenderedCents: tendered, grandTotalCents: total, onAccount, cashRounding: true });
  assert.equal(plan([], null), {
    rows: [{ method: 'CASH', amountCents: 1005, reference: null, field: 'payments' }],
    tenderedCents: 1005,
    changeCents: 0,
    creditCents: 0,
    paymentMethod: 'CASH',
    roundingCents: 2,
  });
  assert.is(plan([], 2000).changeCents, 995);
  assert.is(plan([{ method: 'NETS', amountCents: 1003, reference: 'A1' }], null).roundingCents, 0);
  const mixed = plan(
    [
      { method: 'NETS', amountCents: 500, reference: null },
      { method: 'CASH', amountCents: 503, reference: null },
    ],
    1000,
  );
  assert.equal(
    [mixed.roundingCents, mixed.changeCents, mixed.rows.map((r) => [r.method, r.amountCents])],
    [
      2,
      495,
      [
        ['CASH', 505],
        ['NETS', 500],
      ],
    ],
  );
  // On account: a deposit in cash leaves the rest on credit, unrounded; paying it all in cash rounds.
  const deposit = plan([{ method: 'CASH', amountCents: 500, reference: null }], null, true);
  assert.equal([deposit.roundingCents, deposit.creditCents], [0, 503]);
  const allCash = plan([{ method: 'CASH', amountCents: 1003, reference: null }], null, true);
  assert.equal([allCash.roundingCents, allCash.creditCents, allCash.rows[0].amountCents], [2, 0, 1005]);
  assert.is(plan([{ method: 'CREDIT', amountCents: 1003, reference: null }], null, true).roundingCents, 0);
  // Cash of 1 or 2 cents would round to nothing: not rounded.
  assert.is(
    plan(
      [
        { method: 'NETS', amountCents: 1001, reference: null },
        { method: 'CASH', amountCents: 2, reference: null },
      ],
      null,
    ).roundingCents,
    0,
  );
  // Off: today's behaviour.
  assert.is(planTender({ payments: [], tenderedCents: null, grandTotalCents: 1003, onAccount: false }).roundingCents, 0);
});

test('every remainder 0-9 cents: rounding, amount due, the CASH payment row, change, PAID, outstanding 0', async () => {
  await setRounding(true);
  const expected = [0, -1, -2, 2, 1, 0, -1, -2, 2, 1];
  for (let rem = 0; rem < 10; rem++) {
    const total = totals[rem];
    const due = total + expected[rem];
    assert.is(due % 5, 0, `remainder ${rem}`);
    const inv = await sale({
      items: [{ productId: byRemainder[rem], qty: 1 }],
      payments: [{ method: 'CASH', amount: total / 100 }],
      tendered: 50,
      cashRounding: true,
    });
    assert.is(inv.grand_total, total / 100, `remainder ${rem}: grand_total stays exact`);
    assert.is(inv.rounding, expected[rem] / 100, `remainder ${rem}`);
    assert.is(inv.amount_due, due / 100);
    assert.equal(
      inv.payments.map((p: any) => [p.method, p.amount]),
      [['CASH', due / 100]],
    );
    assert.is(inv.change, (5000 - due) / 100);
    assert.is(inv.tendered, 50);
    assert.is(inv.payment_status, 'PAID');
    assert.is(inv.amount_paid, due / 100);
    assert.is(inv.outstanding, 0);
    const row = t.app.db.prepare('SELECT rounding_cents, paid_cents, grand_total_cents, tax_total_cents FROM sales_invoice WHERE id = ?').get(inv.id) as any;
    assert.equal([row.rounding_cents, row.paid_cents], [expected[rem], total], 'paid_cents counts toward the exact grand total');
    // The stored invoice reads back the same.
    const back = await t.admin.get(`/api/invoices/${inv.id}`);
    assert.equal([back.body.invoice.rounding, back.body.invoice.amount_due, back.body.invoice.outstanding], [inv.rounding, inv.amount_due, 0]);
  }
  // Exact cash (no tendered): the rounded amount, no change.
  const exact = await sale({ items: [{ productId: byRemainder[3], qty: 1 }], cashRounding: true });
  assert.equal([exact.rounding, exact.amount_due, exact.tendered, exact.change], [0.02, (totals[3] + 2) / 100, (totals[3] + 2) / 100, 0]);
  // Tendering less than the rounded amount due is refused (the exact total, rounded up, is not enough).
  const short = await t.staff.post('/api/checkout', { items: [{ productId: byRemainder[3], qty: 1 }], tendered: totals[3] / 100 + 0.01 });
  assert.is(short.status, 400);
  assert.is(short.body.details?.field ?? short.body.field, 'tendered');
});

test('NETS, PayNow and credit are never rounded; mixed NETS + cash rounds only the cash part', async () => {
  const total = totals[3];
  const nets = await sale({ items: [{ productId: byRemainder[3], qty: 1 }], payments: [{ method: 'NETS', amount: total / 100, reference: 'APPR1' }] });
  const paynow = await sale({ items: [{ productId: byRemainder[3], qty: 1 }], payments: [{ method: 'PAYNOW', amount: total / 100, reference: 'PN1' }] });
  const customer = await addCustomer(t, 'Rounding Trading', 1000, 30);
  const credit = await sale({ items: [{ productId: byRemainder[3], qty: 1 }], customerId: customer, payments: [{ method: 'CREDIT', amount: total / 100 }] });
  for (const inv of [nets, paynow, credit]) {
    assert.equal([inv.rounding, inv.amount_due, inv.grand_total], [0, total / 100, total / 100], inv.payment_method);
  }
  assert.equal([nets.payment_status, paynow.payment_status, credit.payment_status, credit.outstanding], ['PAID', 'PAID', 'UNPAID', total / 100]);
  const balance = await t.admin.get(`/api/customers/${customer}`);
  assert.is(balance.body.customer.outstanding_balance, total / 100);
  // $10 on NETS, the rest in cash: the cash part (total - 10.00, ending in 3) rounds up by 2 cents.
  const mixed = await sale({
    items: [{ productId: byRemainder[3], qty: 1 }],
    payments: [
      { method: 'NETS', amount: 10, reference: 'APPR2' },
      { method: 'CASH', amount: (total - 1000) / 100 },
    ],
    tendered: 20,
    cashRounding: true,
  });
  assert.equal(
    [mixed.payment_method, mixed.rounding, mixed.amount_due, mixed.payment_status, mixed.outstanding],
    ['MIXED', 0.02, (total + 2) / 100, 'PAID', 0],
  );
  assert.equal(mixed.payments.map((p: any) => [p.method, p.amount]).sort(), [
    ['CASH', (total - 1000 + 2) / 100],
    ['NETS', 10],
  ]);
  assert.is(mixed.change, (2000 - (total - 1000 + 2)) / 100);
});

test('a customer paying in full in cash is rounded; a later payment on an invoice is not', async () => {
  const customer = await addCustomer(t, 'Cash Customer', 1000, 30);
  const paid = await sale({ items: [{ productId: byRemainder[9], qty: 1 }], customerId: customer, payments: [{ method: 'CASH', amount: totals[9] / 100 }] });
  assert.equal([paid.payment_method, paid.rounding, paid.payment_status], ['CASH', 0.01, 'PAID']);
  const onCredit = await sale({ items: [{ productId: byRemainder[9], qty: 1 }], customerId: customer });
  assert.is(onCredit.rounding, 0);
  const pay = await t.admin.post(`/api/invoices/${onCredit.id}/payments`, { method: 'CASH', amount: totals[9] / 100 });
  assert.is(pay.status, 201, JSON.stringify(pay.body));
  const after = (await t.admin.get(`/api/invoices/${onCredit.id}`)).body.invoice;
  assert.equal([after.rounding, after.payment_status, after.amount_paid, after.outstanding], [0, 'PAID', totals[9] / 100, 0]);
});

test('rounding settings changed mid-sale: 409 SETTINGS_CHANGED naming cashRounding, nothing written', async () => {
  const before = salesCounts(t);
  const r = await t.staff.post('/api/checkout', { items: [{ productId: byRemainder[3], qty: 1 }], cashRounding: false });
  assert.is(r.status, 409);
  assert.is(r.body.code, 'SETTINGS_CHANGED');
  assert.match(r.body.error, /cash rounding was changed/);
  assert.is(r.body.details.field, 'cashRounding');
  assert.equal(salesCounts(t), before);
  const config = await t.anon.get('/api/auth/config');
  assert.is(config.body.cashRounding, true);
});

test("setting off: exactly today's numbers (no rounding, change to the cent)", async () => {
  await setRounding(false);
  const inv = await sale({ items: [{ productId: byRemainder[3], qty: 1 }], tendered: 50, cashRounding: false });
  assert.equal(
    [inv.rounding, inv.amount_due, inv.grand_total, inv.change, inv.amount_paid],
    [0, totals[3] / 100, totals[3] / 100, (5000 - totals[3]) / 100, totals[3] / 100],
  );
  assert.equal(
    inv.payments.map((p: any) => p.amount),
    [totals[3] / 100],
  );
  const stale = await t.staff.post('/api/checkout', { items: [{ productId: byRemainder[3], qty: 1 }], cashRounding: true });
  assert.is(stale.status, 409);
  assert.is(stale.body.code, 'SETTINGS_CHANGED');
  const plain = await sale({ items: [{ productId: byRemainder[8], qty: 1 }] });
  assert.equal([plain.rounding, plain.amount_paid], [0, totals[8] / 100]);
});

test('receipt model and PDFs: a Rounding line and the amount due when rounded', async () => {
  await setRounding(true);
  const inv = await sale({ items: [{ productId: byRemainder[2], qty: 1 }], tendered: 50 });
  const r = await t.staff.get(`/api/invoices/${inv.id}/receipt`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal([r.body.receipt.total, r.body.receipt.rounding, r.body.receipt.amount_due], [totals[2] / 100, -0.02, (totals[2] - 2) / 100]);
  // The printer's bytes and the browser's 80 mm page say the same.
  const bytes = (await escposReceipt(r.body.receipt, { drawer: false })).toString('latin1');
  assert.match(bytes, /Rounding\s+-\$0\.02/);
  assert.match(bytes, new RegExp(`Amount due\\s+\\$${((totals[2] - 2) / 100).toFixed(2)}`));
  const html = receiptHtml(r.body.receipt);
  assert.ok(html.includes('<td>Rounding</td><td class="num">-$0.02</td>'), html);
  const { pdfText } = await import('./test-support.js');
  for (const format of ['receipt', 'invoice']) {
    const pdf = await t.staff.get(`/api/invoices/${inv.id}/pdf?format=${format}`);
    assert.is(pdf.status, 200);
    const { text } = await pdfText(pdf.raw);
    assert.match(text, /Rounding/);
    assert.ok(text.includes('-$0.02'), text);
  }
});

test('end of day, sales report and shift cash-up expect the rounded cash: sales + rounding_total = money received', async () => {
  const shift = await t.staff.post('/api/shifts', { till: 'Till R', opening_float: 100 });
  assert.is(shift.status, 201, JSON.stringify(shift.body));
  const till = { 'x-kedai-till': 'Till R' };
  const a = await sale({ items: [{ productId: byRemainder[3], qty: 1 }], tendered: 50 }, till); // +0.02
  const b = await sale({ items: [{ productId: byRemainder[7], qty: 1 }], tendered: 50 }, till); // -0.02
  const c = await sale(
    {
      items: [{ productId: byRemainder[4], qty: 1 }],
      payments: [
        { method: 'NETS', amount: 10, reference: 'N' },
        { method: 'CASH', amount: (totals[4] - 1000) / 100 },
      ],
    },
    till,
  ); // +0.01
  assert.equal([a.rounding, b.rounding, c.rounding], [0.02, -0.02, 0.01]);
  const cashTaken = totals[3] + 2 + (totals[7] - 2) + (totals[4] - 1000 + 1);
  const x = await t.staff.get(`/api/shifts/${shift.body.shift.id}/x-report`);
  assert.is(x.status, 200, JSON.stringify(x.body));
  assert.is(x.body.report.cash.cash_sales, cashTaken / 100);
  assert.is(x.body.report.cash.expected, (10_000 + cashTaken) / 100);
  assert.is(x.body.report.sales.rounding, 0.01);
  // The Z report's count is checked against the rounded cash: counting exactly that leaves no variance.
  const z = await t.staff.post(`/api/shifts/${shift.body.shift.id}/close`, { counted: { 100: 1, '0.05': cashTaken / 5 } }, till);
  assert.is(z.status, 200, JSON.stringify(z.body));
  assert.equal([z.body.report.count.expected, z.body.report.count.variance], [(10_000 + cashTaken) / 100, 0]);

  const eod = (await t.admin.get(`/api/reports/end-of-day?date=${today()}`)).body;
  const invoices = t.app.db
    .prepare("SELECT sum(grand_total_cents) AS grand, sum(rounding_cents) AS rounding FROM sales_invoice WHERE payment_status <> 'VOID'")
    .get() as any;
  const received = t.app.db
    .prepare(`SELECT sum(p.amount_cents) FROM sales_payment p JOIN sales_invoice i ON i.id = p.invoice_id
    WHERE i.payment_status <> 'VOID' AND p.paid_at = i.created_at`)
    .pluck()
    .get() as number;
  // Left on account at the sale (a later payment on it is a collection, not a sale).
  const onCredit = t.app.db
    .prepare(`SELECT sum(i.grand_total_cents - ifnull((SELECT sum(p.amount_cents) FROM sales_payment p
    WHERE p.invoice_id = i.id AND p.paid_at = i.created_at), 0)) FROM sales_invoice i WHERE payment_method = 'CREDIT' AND payment_status <> 'VOID'`)
    .pluck()
    .get() as number;
  assert.is(eod.rounding_total, invoices.rounding / 100);
  assert.ok(invoices.rounding !== 0);
  // No cent vanishes: total sales + rounding = money taken at the sales + what was left on account.
  assert.is(Math.round((eod.total_sales + eod.rounding_total) * 100), received + onCredit);
  const byMethodSum = Object.values(eod.by_method as Record<string, { amount: number }>).reduce((s, m) => s + Math.round(m.amount * 100), 0);
  assert.is(byMethodSum, Math.round((eod.total_sales + eod.rounding_total) * 100));
  const cashPayments = t.app.db
    .prepare(`SELECT sum(p.amount_cents) FROM sales_payment p JOIN sales_invoice i ON i.id = p.invoice_id
    WHERE p.method = 'CASH' AND i.payment_status <> 'VOID' AND p.paid_at = i.created_at`)
    .pluck()
    .get() as number;
  assert.is(eod.cash.cash_sales, cashPayments / 100);
  const report = (await t.admin.get(`/api/reports/sales?type=daily&date=${today()}`)).body;
  assert.is(report.rounding_total, eod.rounding_total);
  assert.is(report.totals_by_method.CASH, eod.by_method.CASH.amount);
  const monthly = (await t.admin.get(`/api/reports/sales?type=monthly&month=${today().slice(0, 7)}`)).body;
  assert.is(monthly.rounding_total, eod.rounding_total);
  const csv = await t.admin.get(`/api/reports/sales/csv?type=daily&date=${today()}`);
  assert.match(String(csv.raw), new RegExp(`Cash Rounding,${eod.rounding_total.toFixed(2)}`));
});

test('a voided rounded sale pays back the rounded cash and leaves rounding_total', async () => {
  const before = (await t.admin.get(`/api/reports/end-of-day?date=${today()}`)).body.rounding_total;
  const inv = await sale({ items: [{ productId: byRemainder[8], qty: 1 }], tendered: 50 });
  assert.is(inv.rounding, 0.02);
  const after = (await t.admin.get(`/api/reports/end-of-day?date=${today()}`)).body.rounding_total;
  assert.is(Math.round(after * 100), Math.round(before * 100) + 2);
  const v = await t.admin.post(`/api/invoices/${inv.id}/void`, { reason: 'Wrong size' });
  assert.is(v.status, 200, JSON.stringify(v.body));
  assert.equal(
    v.body.invoice.refunds.map((r: any) => [r.method, r.amount]),
    [['CASH', (totals[8] + 2) / 100]],
  );
  const voided = (await t.admin.get(`/api/reports/end-of-day?date=${today()}`)).body.rounding_total;
  assert.is(voided, before);
});

test('the database invariants hold with rounded sales (paid = payments - rounding, balances, report totals)', () => {
  const report = checkDatabase(path.join(t.dataDir, 'kedai.db'));
  assert.equal(report.problems, []);
  assert.ok(report.figures.invoices > 20);
});

test.run();
