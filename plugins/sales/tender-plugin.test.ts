// #29 over real HTTP: a plugin that declares tenders in its manifest (a test gift card with a reference, test points
// without one) is paid with at checkout and gets value back on returns, with no code of its own in sales or returns:
// sales writes the payment and one TENDER_REDEEM ledger row, the plugin only its own rows; the drawer, the shift
// and end-of-day count only money as cash; a method no plugin declares is a 400 with nothing written; a return of
// goods the card paid puts the value back on the card (tenderRefunds), the rest as before.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { migration } from '../../core/migrate.js';
import { definePlugin } from '../../core/plugin.js';
import { pluginsWithout, testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { addProduct } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let shoe: number;
const TILL = { 'x-kedai-till': 'Tender Till' };

const cardOf = (code: string) =>
  t.app.db.prepare('SELECT balance_cents FROM test_tender_card WHERE code = ?').get(code) as { balance_cents: number } | undefined;

const testTender = definePlugin({
  name: 'test-tender',
  dependsOn: ['sales'],
  migrations: [
    migration(
      '001-cards',
      `CREATE TABLE test_tender_card (code TEXT PRIMARY KEY, balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0));
       CREATE TABLE test_tender_use (id INTEGER PRIMARY KEY, payment_id INTEGER NOT NULL REFERENCES sales_payment (id), code TEXT NOT NULL,
         cents INTEGER NOT NULL);
       CREATE TABLE test_tender_points (id INTEGER PRIMARY KEY, payment_id INTEGER REFERENCES sales_payment (id), cents INTEGER NOT NULL);`,
    ),
  ],
  tenders: {
    GIFT_CARD: (db, r) => {
      const card = db.prepare('SELECT balance_cents FROM test_tender_card WHERE code = ?').get(r.reference) as { balance_cents: number } | undefined;
      if (!card) throw notFound('Gift card');
      if (card.balance_cents < r.amountCents) throw conflict('CARD_BALANCE', 'Not enough on the card', { field: `${r.field}.amount` });
      db.prepare('UPDATE test_tender_card SET balance_cents = balance_cents - ? WHERE code = ?').run(r.amountCents, r.reference);
      const paymentId = r.recordPayment(`GC ****${r.reference!.slice(-4)}`);
      db.prepare('INSERT INTO test_tender_use (payment_id, code, cents) VALUES (?, ?, ?)').run(paymentId, r.reference, r.amountCents);
    },
    LOYALTY_POINTS: (db, r) => {
      if (r.reference !== null) throw badRequest('Points take no reference', `${r.field}.reference`);
      db.prepare('INSERT INTO test_tender_points (payment_id, cents) VALUES (?, ?)').run(r.recordPayment(null), -r.amountCents);
    },
  },
  tenderRefunds: {
    GIFT_CARD: (db, r) => {
      const use = db.prepare('SELECT code FROM test_tender_use WHERE payment_id = ?').get(r.payments[0].id) as { code: string };
      db.prepare('UPDATE test_tender_card SET balance_cents = balance_cents + ? WHERE code = ?').run(r.amountCents, use.code);
      return { reference: `GC ****${use.code.slice(-4)}` };
    },
  },
});

test.before(async () => {
  // The real gift-cards and loyalty plugins take GIFT_CARD and LOYALTY_POINTS: this test's own plugin stands in for them.
  t = await testApp({ plugins: pluginsWithout('gift-cards', 'loyalty'), morePlugins: [testTender] });
  h = await listenHttp(t);
  shoe = await addProduct(t, 100, 50, 'Tender Runner');
  t.app.db.prepare("INSERT INTO test_tender_card (code, balance_cents) VALUES ('CARD-0001', 15000), ('CARD-0002', 1000)").run();
  const open = await h.staff.post('/api/shifts', { till: 'Tender Till', opening_float: 50 }, TILL);
  assert.is(open.status, 201, JSON.stringify(open.body));
});
test.after(async () => {
  await t.close();
});

const ledgerOf = (invoiceId: number) =>
  t.app.db.prepare('SELECT kind, method, amount_cents, at_sale, reference FROM ledger_entry WHERE invoice_id = ? ORDER BY id').all(invoiceId);
const count = (table: string) => (t.app.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

test('a sale split GIFT_CARD + CASH: the card pays its part, sales writes both payments, one TENDER_REDEEM row, cash alone in the drawer', async () => {
  const shiftBefore = (await h.staff.get('/api/shifts/current?till=Tender%20Till', TILL)).body;
  const x0 = (await h.staff.get(`/api/shifts/${shiftBefore.shift.id}/x-report`, TILL)).body.report;
  // 1 x $100 + 9% GST = $109.00: $60 on the card, $49 cash (tendered $50, $1 change).
  const r = await h.staff.post(
    '/api/checkout',
    {
      items: [{ productId: shoe, qty: 1 }],
      payments: [
        { method: 'GIFT_CARD', reference: 'CARD-0001', amount: 60 },
        { method: 'CASH', amount: 49 },
      ],
      tendered: 50,
    },
    TILL,
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(inv.grand_total, 109);
  assert.is(inv.payment_status, 'PAID');
  assert.is(inv.payment_method, 'MIXED');
  assert.equal(
    inv.payments.map((p: any) => [p.method, p.amount, p.reference]),
    [
      ['CASH', 49, null],
      ['GIFT_CARD', 60, 'GC ****0001'],
    ],
  );
  assert.is(cardOf('CARD-0001')!.balance_cents, 9000);
  const gcPayment = t.app.db.prepare("SELECT id, till FROM sales_payment WHERE invoice_id = ? AND method = 'GIFT_CARD'").get(inv.id) as {
    id: number;
    till: string;
  };
  assert.is(gcPayment.till, 'Tender Till');
  assert.equal(t.app.db.prepare('SELECT payment_id, code, cents FROM test_tender_use').all(), [{ payment_id: gcPayment.id, code: 'CARD-0001', cents: 6000 }]);
  assert.equal(ledgerOf(inv.id), [
    { kind: 'SALE_PAYMENT', method: 'CASH', amount_cents: 4900, at_sale: 1, reference: inv.number },
    { kind: 'TENDER_REDEEM', method: 'GIFT_CARD', amount_cents: 6000, at_sale: 1, reference: 'GC ****0001' },
  ]);

  // The drawer took $49 cash only; the shift's takings show the card beside cash; the sale counts in full.
  const x1 = (await h.staff.get(`/api/shifts/${shiftBefore.shift.id}/x-report`, TILL)).body.report;
  assert.is(Math.round((x1.cash.expected - x0.cash.expected) * 100), 4900);
  assert.is(Math.round((x1.cash.cash_sales - x0.cash.cash_sales) * 100), 4900);
  assert.is(Math.round((x1.sales.total - x0.sales.total) * 100), 10900);
  assert.equal(
    x1.takings.find((l: any) => l.method === 'GIFT_CARD'),
    { method: 'GIFT_CARD', count: 1, amount: 60 },
  );

  // End-of-day: total sales = by_method (cash, card) + credit notes taken; the drawer only the cash.
  const date = inv.business_date;
  const eod = (await h.admin.get(`/api/reports/end-of-day?date=${date}`)).body;
  assert.equal(eod.by_method.GIFT_CARD, { count: 1, amount: 60 });
  const byMethod = Object.values(eod.by_method as Record<string, { amount: number }>).reduce((s, m) => s + Math.round(m.amount * 100), 0);
  assert.is(byMethod + Math.round(eod.credit_notes_taken.amount * 100), Math.round((eod.total_sales + eod.rounding_total) * 100));
  assert.is(Math.round(eod.cash.expected_in_drawer * 100), Math.round(x1.cash.expected * 100));
  const report = (await h.admin.get(`/api/reports/sales?type=daily&date=${date}`)).body;
  assert.is(report.totals_by_method.GIFT_CARD, 60);
  assert.is(report.total_sales, eod.total_sales);
});

test('LOYALTY_POINTS, a tender with no reference, pays a whole sale (no cash rounding, no drawer)', async () => {
  const r = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'LOYALTY_POINTS', amount: 109 }] }, TILL);
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.equal(
    r.body.invoice.payments.map((p: any) => [p.method, p.amount, p.reference]),
    [['LOYALTY_POINTS', 109, null]],
  );
  assert.is(r.body.invoice.payment_method, 'MIXED');
  assert.equal(ledgerOf(r.body.invoice.id), [{ kind: 'TENDER_REDEEM', method: 'LOYALTY_POINTS', amount_cents: 10900, at_sale: 1, reference: null }]);
});

test('a method no plugin declares: 400 naming payments.N.method, nothing written; the plugin refusing: its error, nothing written', async () => {
  const before = [count('sales_invoice'), count('sales_payment'), count('ledger_entry'), count('test_tender_use')];
  const stock = (t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').get(shoe) as { stock_qty: number }).stock_qty;
  const unknown = await h.staff.post(
    '/api/checkout',
    {
      items: [{ productId: shoe, qty: 1 }],
      payments: [
        { method: 'CASH', amount: 9 },
        { method: 'STORE_VOUCHER', reference: 'V1', amount: 100 },
      ],
    },
    TILL,
  );
  assert.is(unknown.status, 400, JSON.stringify(unknown.body));
  assert.is(unknown.body.details.field, 'payments.1.method');
  assert.match(unknown.body.error, /STORE_VOUCHER cannot be tendered here/);
  // Not an upper-case code: the schema refuses it.
  const bad = await h.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'gift card', amount: 109 }] }, TILL);
  assert.is(bad.status, 400);
  // The card cannot cover it: the plugin's 409, and the card untouched.
  const short = await h.staff.post(
    '/api/checkout',
    {
      items: [{ productId: shoe, qty: 1 }],
      payments: [
        { method: 'GIFT_CARD', reference: 'CARD-0002', amount: 50 },
        { method: 'CASH', amount: 59 },
      ],
    },
    TILL,
  );
  assert.is(short.status, 409, JSON.stringify(short.body));
  assert.is(short.body.details.field, 'payments.0.amount');
  assert.is(cardOf('CARD-0002')!.balance_cents, 1000);
  assert.equal([count('sales_invoice'), count('sales_payment'), count('ledger_entry'), count('test_tender_use')], before);
  assert.is((t.app.db.prepare('SELECT stock_qty FROM inventory_product WHERE id = ?').get(shoe) as { stock_qty: number }).stock_qty, stock);
});

test('a return of goods the card paid puts the value back on the card (TENDER_REFUND), the rest as asked; no cash out for the card part', async () => {
  // 2 x $100 + GST = $218.00: $80 on the card, $138 cash.
  const r = await h.staff.post(
    '/api/checkout',
    {
      items: [{ productId: shoe, qty: 2 }],
      payments: [
        { method: 'GIFT_CARD', reference: 'CARD-0001', amount: 80 },
        { method: 'CASH', amount: 138 },
      ],
    },
    TILL,
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.is(cardOf('CARD-0001')!.balance_cents, 1000);
  const shift = (await h.staff.get('/api/shifts/current?till=Tender%20Till', TILL)).body.shift;
  const x0 = (await h.staff.get(`/api/shifts/${shift.id}/x-report`, TILL)).body.report;

  // One pair back ($109), refunded in cash: $80 goes back on the card, $29 in cash.
  const back = await h.staff.post(
    '/api/returns',
    { invoice_id: inv.id, refund_method: 'CASH', items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }] },
    TILL,
  );
  assert.is(back.status, 201, JSON.stringify(back.body));
  assert.equal(back.body.tender_refunds, [{ method: 'GIFT_CARD', amount: 80, reference: 'GC ****0001' }]);
  assert.is(back.body.refund.amount, 29);
  assert.is(back.body.creditNote, null);
  assert.is(cardOf('CARD-0001')!.balance_cents, 9000);
  const x1 = (await h.staff.get(`/api/shifts/${shift.id}/x-report`, TILL)).body.report;
  assert.is(Math.round((x0.cash.expected - x1.cash.expected) * 100), 2900);
  assert.equal(
    t.app.db.prepare("SELECT kind, method, amount_cents FROM ledger_entry WHERE invoice_id = ? AND at_sale = 0 AND kind <> 'ROUNDING' ORDER BY id").all(inv.id),
    [
      { kind: 'TENDER_REFUND', method: 'GIFT_CARD', amount_cents: -8000 },
      { kind: 'REFUND', method: 'CASH', amount_cents: -2900 },
    ],
  );
  // The other pair back on a credit note: the card has had its $80 back, so all $109 goes on the note.
  const rest = await h.staff.post('/api/returns', { invoice_id: inv.id, items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }] }, TILL);
  assert.is(rest.status, 201, JSON.stringify(rest.body));
  assert.equal(rest.body.tender_refunds, []);
  assert.is(rest.body.creditNote.amount, 109);
  assert.is(cardOf('CARD-0001')!.balance_cents, 9000);
});

test('a sale a plugin tender paid cannot be voided (a void pays back money only); a return is the way back', async () => {
  const r = await h.staff.post(
    '/api/checkout',
    {
      items: [{ productId: shoe, qty: 1 }],
      payments: [
        { method: 'GIFT_CARD', reference: 'CARD-0001', amount: 50 },
        { method: 'CASH', amount: 59 },
      ],
    },
    TILL,
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  const v = await h.admin.post(`/api/invoices/${r.body.invoice.id}/void`, { reason: 'Wrong card' }, TILL);
  assert.is(v.status, 409, JSON.stringify(v.body));
  assert.is(cardOf('CARD-0001')!.balance_cents, 4000);
});

test('an exchange of goods a plugin tender paid whole: 409 naming the tender, nothing written; paid partly: the tender gets its part back, the note the rest', async () => {
  t.app.db.prepare("UPDATE test_tender_card SET balance_cents = 50000 WHERE code = 'CARD-0001'").run();
  const before = { returns: count('returns_return'), notes: count('credit_notes_note'), invoices: count('sales_invoice') };
  const whole = await h.staff.post(
    '/api/checkout',
    { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'GIFT_CARD', reference: 'CARD-0001', amount: 109 }] },
    TILL,
  );
  assert.is(whole.status, 201, JSON.stringify(whole.body));
  const card = cardOf('CARD-0001')!.balance_cents;
  const x = await h.staff.post(
    '/api/exchanges',
    {
      invoice_id: whole.body.invoice.id,
      items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Wrong Size' }],
      sale: { items: [{ productId: shoe, qty: 1 }] },
    },
    TILL,
  );
  assert.is(x.status, 409, JSON.stringify(x.body));
  assert.is(x.body.code, 'EXCHANGE_PAID_BY_TENDER');
  assert.match(x.body.error, /GIFT_CARD/);
  assert.is(cardOf('CARD-0001')!.balance_cents, card);
  assert.equal(
    { returns: count('returns_return'), notes: count('credit_notes_note'), invoices: count('sales_invoice') },
    { ...before, invoices: before.invoices + 1 },
  );

  // $9 on the card, $100 cash: the card gets its $9 back, the note carries $100 to the new pair.
  const part = await h.staff.post(
    '/api/checkout',
    {
      items: [{ productId: shoe, qty: 1 }],
      payments: [
        { method: 'GIFT_CARD', reference: 'CARD-0001', amount: 9 },
        { method: 'CASH', amount: 100 },
      ],
    },
    TILL,
  );
  assert.is(part.status, 201, JSON.stringify(part.body));
  const y = await h.staff.post(
    '/api/exchanges',
    {
      invoice_id: part.body.invoice.id,
      items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Wrong Size' }],
      sale: { items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'CASH', amount: 9 }] },
    },
    TILL,
  );
  assert.is(y.status, 201, JSON.stringify(y.body));
  assert.is(cardOf('CARD-0001')!.balance_cents, card);
  assert.equal(
    y.body.sale.invoice.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]),
    [
      ['CASH', 9],
      ['CREDIT_NOTE', 100],
    ],
  );
});

test.run();
