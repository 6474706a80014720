// #29 over real HTTP: a test plugin that declares a charge kind in its manifest (`charges`: an untaxed item of the
// cart, `{test_voucher: {amount}}`), and nothing else, sells it beside goods or alone: the quote and the sale agree,
// GST and the invoice discount are on the goods only, the charge is an invoice-level positive row the plugin's
// `record` hook is handed (its reply under its declared key, recalled on a replay), a sale of only charges is not a
// tax invoice, promotions never touch it, reports keep it out of revenue and reconcile, a goods return refunds only
// goods and a void works.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Type } from 'typebox';
import { defineCharge, definePlugin, type WrittenCharge } from '../../core/plugin.js';
import { formatMoney, toCents } from '../../core/money.js';
import { localDate } from '../../core/clock.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { addProduct, salesCounts } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let shoe: number;
const recorded: WrittenCharge<{ amount: number }>[] = [];

const testCharge = definePlugin({
  name: 'test-charge',
  dependsOn: ['sales'],
  charges: {
    test_voucher: defineCharge<{ amount: number }>({
      schema: Type.Object({ amount: Type.Number({ minimum: 5, maximum: 1000, multipleOf: 0.01 }) }, { additionalProperties: false }),
      price: (_db, v) => ({ code: 'VOUCHER', label: `Voucher ${formatMoney(toCents(v.amount))}`, amountCents: toCents(v.amount) }),
      record: (_db, w) => {
        recorded.push(w);
        return { ref: `V-${w.rowId}`, amount: w.price.amountCents / 100 };
      },
      recall: (_db, w) => ({ ref: `V-${w.rowId}`, amount: w.price.amountCents / 100 }),
      replyKey: 'vouchers',
    }),
  },
});

test.before(async () => {
  t = await testApp({ morePlugins: [testCharge] });
  h = await listenHttp(t);
  shoe = await addProduct(t, 100, 50, 'Charge Runner');
});
test.after(async () => {
  await t.close();
});

const chargeRows = (invoiceId: number) =>
  t.app.db.prepare('SELECT line_id, source, code, label, units, amount_cents FROM sales_invoice_adjustment WHERE invoice_id = ? ORDER BY id').all(invoiceId);

const setInclusive = async (on: boolean) => assert.is((await t.admin.patch('/api/settings', { prices_include_gst: on })).status, 200);

test('goods + a $50 charge: the quote and the sale agree; GST and the sale discount on the goods only (prices before GST)', async () => {
  const body = { items: [{ productId: shoe, qty: 1 }, { test_voucher: { amount: 50 } }], invoiceDiscount: 10 };
  const q = await h.staff.post('/api/checkout/quote', body);
  assert.is(q.status, 200, JSON.stringify(q.body));
  const quote = q.body.quote;
  // Goods 100 - 10% = 90, GST 9% = 8.10; the voucher 50 untaxed: 148.10.
  assert.is(quote.subtotal, 150);
  assert.is(quote.invoice_discount, 10);
  assert.is(quote.tax_total, 8.1);
  assert.is(quote.grand_total, 148.1);
  assert.equal(quote.items.length, 1);
  assert.equal(quote.adjustments, [
    { source: 'test-charge', code: 'VOUCHER', label: 'Voucher $50.00', amount: 50, units: 1, ref_id: null, promotion_id: null, charge: true },
  ]);
  recorded.length = 0;
  const sale = await h.staff.post('/api/checkout', { ...body, payments: [{ method: 'NETS', amount: 148.1 }] }, { 'idempotency-key': 'charge-1' });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  assert.is(inv.grand_total, 148.1);
  assert.is(inv.tax_total, 8.1);
  assert.is(inv.subtotal, 150);
  assert.is(inv.tax_invoice, 'SIMPLIFIED');
  assert.equal(inv.adjustments, quote.adjustments);
  const rows = chargeRows(inv.id) as { line_id: number | null; amount_cents: number }[];
  assert.equal(rows, [{ line_id: null, source: 'test-charge', code: 'VOUCHER', label: 'Voucher $50.00', units: 1, amount_cents: 5000 }]);
  // The plugin's hook saw the row inside the sale; its reply is under its declared key, and a replay recalls it.
  assert.is(recorded.length, 1);
  assert.is(recorded[0].invoiceId, inv.id);
  assert.is(recorded[0].index, 1);
  assert.equal(sale.body.vouchers, [{ ref: `V-${recorded[0].rowId}`, amount: 50 }]);
  const replay = await h.staff.post('/api/checkout', { ...body, payments: [{ method: 'NETS', amount: 148.1 }] }, { 'idempotency-key': 'charge-1' });
  assert.is(replay.status, 201);
  assert.equal(replay.body.vouchers, sale.body.vouchers);
  assert.is(recorded.length, 1, 'a replay records nothing');
  // The stored invoice keeps grand = subtotal - discount + tax, with the charge in the subtotal.
  const row = t.app.db
    .prepare('SELECT subtotal_cents, invoice_discount_cents, tax_total_cents, grand_total_cents, charges_cents FROM sales_invoice WHERE id = ?')
    .get(inv.id);
  assert.equal(row, { subtotal_cents: 15000, invoice_discount_cents: 1000, tax_total_cents: 810, grand_total_cents: 14810, charges_cents: 5000 });
  // The receipt prints the voucher as a row without GST.
  const receipt = (await h.staff.get(`/api/invoices/${inv.id}/receipt`)).body.receipt;
  assert.equal(receipt.adjustments, [{ label: 'Voucher $50.00 (no GST)', amount: 50 }]);
  assert.is(receipt.gst, 8.1);
});

test('prices including GST: the GST inside the goods only, the charge added whole', async () => {
  await setInclusive(true);
  try {
    const body = { items: [{ productId: shoe, qty: 1 }, { test_voucher: { amount: 50 } }], invoiceDiscount: 10, pricesIncludeGst: true };
    const q = (await h.staff.post('/api/checkout/quote', body)).body.quote;
    // Goods 100 - 10% = 90 incl. GST: 90 x 9/109 = 7.43; total 90 + 50 = 140.
    assert.is(q.tax_total, 7.43);
    assert.is(q.grand_total, 140);
    assert.is(q.subtotal, 150);
    const sale = await h.staff.post('/api/checkout', { ...body, payments: [{ method: 'NETS', amount: 140 }] });
    assert.is(sale.status, 201, JSON.stringify(sale.body));
    assert.is(sale.body.invoice.grand_total, 140);
    assert.is(sale.body.invoice.tax_total, 7.43);
    assert.is(sale.body.invoice.subtotal, 150);
  } finally {
    await setInclusive(false);
  }
});

test('a charge alone: no GST, not a tax invoice', async () => {
  const sale = await h.staff.post('/api/checkout', { items: [{ test_voucher: { amount: 25.5 } }], payments: [{ method: 'CASH', amount: 25.5 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  assert.is(inv.tax_total, 0);
  assert.is(inv.grand_total, 25.5);
  assert.is(inv.tax_invoice, 'NONE');
  assert.equal(inv.items, []);
  const receipt = (await h.staff.get(`/api/invoices/${inv.id}/receipt`)).body.receipt;
  assert.is(receipt.tax_invoice, 'NONE');
  assert.is((await h.admin.get(`/api/invoices/${inv.id}`)).body.invoice.tax_invoice, 'NONE');
});

test('a bad value is a 400 naming its field, an unknown kind a 400 naming the item; nothing written', async () => {
  const before = salesCounts(t);
  const adjustments = () => t.app.db.prepare('SELECT count(*) FROM sales_invoice_adjustment').pluck().get();
  const adjBefore = adjustments();
  const cases: [unknown[], string][] = [
    [[{ productId: shoe, qty: 1 }, { test_voucher: { amount: 4.99 } }], 'items.1.test_voucher.amount'],
    [[{ test_voucher: { amount: 1000.01 } }], 'items.0.test_voucher.amount'],
    [[{ test_voucher: {} }], 'items.0.test_voucher.amount'],
    [[{ test_voucher: { amount: 10, colour: 'red' } }], 'items.0.test_voucher.colour'],
    [[{ test_voucher: 'fifty' }], 'items.0.test_voucher'],
    [[{ gift_hamper: { amount: 10 } }], 'items.0'],
  ];
  for (const [items, field] of cases) {
    for (const path of ['/api/checkout/quote', '/api/checkout']) {
      const r = await h.staff.post(path, { items, payments: [{ method: 'CASH', amount: 200 }] });
      assert.is(r.status, 400, `${path} ${JSON.stringify(items)} -> ${r.status} ${JSON.stringify(r.body)}`);
      assert.is(r.body.details?.field, field, JSON.stringify(r.body));
    }
  }
  assert.equal(salesCounts(t), before);
  assert.is(adjustments(), adjBefore);
});

test('reports: the charges are not revenue, listed apart, and the money reconciles to the cent; a void takes them out', async () => {
  const date = localDate(new Date(), t.app.config.timeZone);
  const sale = await h.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }, { test_voucher: { amount: 30 } }],
    payments: [{ method: 'CASH', amount: 139 }],
  });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const check = async () => {
    const r = (await h.admin.get(`/api/reports/sales?type=daily&date=${date}`)).body;
    const e = (await h.admin.get(`/api/reports/end-of-day?date=${date}`)).body;
    const paid = Object.values(r.totals_by_method as Record<string, number>).reduce((s, v) => s + toCents(v), 0) + toCents(r.credit_notes_taken);
    assert.is(paid, toCents(r.total_sales) + toCents(r.charges_total) + toCents(r.rounding_total), JSON.stringify(r));
    assert.is(toCents(r.net_sales), toCents(r.total_sales) - toCents(r.total_gst));
    const eodPaid =
      Object.values(e.by_method as Record<string, { amount: number }>).reduce((s, v) => s + toCents(v.amount), 0) + toCents(e.credit_notes_taken.amount);
    assert.is(eodPaid, toCents(e.total_sales) + toCents(e.charges_total) + toCents(e.rounding_total), JSON.stringify(e));
    assert.is(e.charges_total, r.charges_total);
    assert.ok(
      r.adjustments.every((a: { amount: number }) => a.amount > 0),
      'no charge among the discounts',
    );
    return r;
  };
  const r = await check();
  // Vouchers sold today: 50 + 25.50 + 30 (the inclusive-mode sale's 50 too).
  assert.is(r.charges_total, 155.5);
  assert.equal(
    r.charges.map((c: { label: string; count: number; amount: number }) => [c.label, c.count, c.amount]),
    [
      ['Voucher $50.00', 2, 100],
      ['Voucher $30.00', 1, 30],
      ['Voucher $25.50', 1, 25.5],
    ],
  );
  // A void of the sale with a charge: the row stays, the reports leave the sale out.
  const v = await h.admin.post(`/api/invoices/${sale.body.invoiceId}/void`, { reason: 'Rung up twice' });
  assert.is(v.status, 200, JSON.stringify(v.body));
  assert.is(chargeRows(sale.body.invoiceId).length, 1);
  const after = await check();
  assert.is(after.charges_total, 125.5);
});

test('a goods return on an invoice with a charge refunds the goods only', async () => {
  const sale = await h.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 2 }, { test_voucher: { amount: 50 } }],
    invoiceDiscount: 10,
    payments: [{ method: 'NETS', amount: 246.2 }],
  });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  // Goods 200 - 10% = 180, GST 16.20; + 50 = 246.20.
  assert.is(sale.body.invoice.grand_total, 246.2);
  const inv = sale.body.invoice;
  const r = await t.staff.post('/api/returns', {
    invoice_id: inv.id,
    items: [{ product_id: shoe, original_qty: 2, returned_qty: 2, return_reason: 'Wrong Size', refund_amount: 0 }],
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  // Both pairs back: 180 + 16.20 GST = 196.20, never any of the voucher's 50.
  const total = r.body.returns.reduce((s: number, x: { refund_amount: number }) => s + toCents(x.refund_amount), 0);
  const tax = r.body.returns.reduce((s: number, x: { tax_amount: number }) => s + toCents(x.tax_amount), 0);
  assert.is(total, 19620);
  assert.is(tax, 1620);
});

test('promotions never see or discount a charge', async () => {
  const p = await h.admin.post('/api/promotions', { name: 'Everything 20% off', kind: 'PERCENT_OFF', percent_off: 20 });
  assert.is(p.status, 201, JSON.stringify(p.body));
  const q = (await h.staff.post('/api/checkout/quote', { items: [{ productId: shoe, qty: 1 }, { test_voucher: { amount: 50 } }] })).body.quote;
  // Goods 100 - 20 = 80, GST 7.20; voucher 50 whole: 137.20.
  assert.is(q.grand_total, 137.2);
  const voucher = q.adjustments.find((a: { charge: boolean }) => a.charge);
  assert.is(voucher.amount, 50);
  const promo = q.adjustments.find((a: { source: string }) => a.source === 'promotions');
  assert.is(promo.amount, -20);
  // A voucher alone: nothing for a promotion to take.
  const alone = (await h.staff.post('/api/checkout/quote', { items: [{ test_voucher: { amount: 50 } }] })).body.quote;
  assert.is(alone.grand_total, 50);
  assert.equal(
    alone.adjustments.map((a: { source: string }) => a.source),
    ['test-charge'],
  );
});

test.run();
