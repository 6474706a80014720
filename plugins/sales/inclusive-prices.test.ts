// GST-inclusive prices (#17.3) through the API: off is today's behaviour; on, a sale's total is its lines after
// discounts and its GST the 9/109 inside it, once; 2,000 random carts reconcile to the cent with the end-of-day
// and the sales report; a price mode switched mid-sale is a 409 that writes nothing; a full return refunds the
// total; receipts, invoice PDFs and shelf labels say it the inclusive way.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { applyBps, gstOfInclusive, percentToBps, toCents } from '../../core/money.js';
import { checkout, type CheckoutBody } from './api.js';
import { addProduct, pdfText, salesCounts } from './test-support.js';

let t: TestApp;
let shoe: number;
let sock: number;
let boot: number;

const setInclusive = async (on: boolean) => {
  const r = await t.admin.patch('/api/settings', { prices_include_gst: on });
  assert.is(r.status, 200, JSON.stringify(r.body));
};
const cents = (dollars: number) => Math.round(dollars * 100);

test.before(async () => {
  t = await testApp();
  shoe = await addProduct(t, 109, 1_000, 'Inclusive Runner');
  sock = await addProduct(t, 12.23, 1_000, 'Inclusive Sock');
  boot = await addProduct(t, 38.15, 1_000, 'Inclusive Boot');
});
test.after(() => t.close());

test('off (the default): GST is added on top, the invoice says prices_include_gst false, the receipt has its GST line', async () => {
  const r = await t.admin.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], pricesIncludeGst: false });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.equal([inv.subtotal, inv.tax_total, inv.grand_total, inv.prices_include_gst], [109, 9.81, 118.81, false]);
  const row = t.app.db.prepare('SELECT subtotal_cents, tax_total_cents, grand_total_cents, prices_include_gst FROM sales_invoice WHERE id = ?').get(inv.id);
  assert.equal(row, { subtotal_cents: 10_900, tax_total_cents: 981, grand_total_cents: 11_881, prices_include_gst: 0 });
  const receipt = (await t.staff.get(`/api/invoices/${inv.id}/receipt`)).body.receipt;
  assert.is(receipt.gst_included, null);
  assert.is(receipt.gst, 9.81);
  const { text } = await pdfText((await t.staff.get(`/api/invoices/${inv.id}/pdf?format=receipt`)).raw);
  assert.match(text, 'Total excl. GST');
  assert.not.match(text, 'Total includes GST');
});

test('on: $109.00 is the total, GST $9.00 inside it; receipt, receipt PDF and invoice PDF say "Total includes GST 9% of $9.00"', async () => {
  await setInclusive(true);
  const r = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], pricesIncludeGst: true });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.equal([inv.subtotal, inv.tax_total, inv.grand_total, inv.prices_include_gst, inv.amount_paid, inv.outstanding], [109, 9, 109, true, 109, 0]);
  assert.equal(
    inv.items.map((i: any) => [i.unit_price, i.line_total]),
    [[109, 109]],
  );
  // Stored so that 001's CHECK (grand = subtotal - invoice discount + tax) holds: subtotal - discount is the amount before GST.
  const row = t.app.db.prepare('SELECT subtotal_cents, tax_total_cents, grand_total_cents, prices_include_gst FROM sales_invoice WHERE id = ?').get(inv.id);
  assert.equal(row, { subtotal_cents: 10_000, tax_total_cents: 900, grand_total_cents: 10_900, prices_include_gst: 1 });

  const receipt = (await t.staff.get(`/api/invoices/${inv.id}/receipt`)).body.receipt;
  assert.equal([receipt.subtotal, receipt.discount, receipt.total, receipt.gst, receipt.gst_included], [109, 0, 109, 9, 'Total includes GST 9% of $9.00']);
  for (const format of ['receipt', 'a4']) {
    const pdf = await t.staff.get(`/api/invoices/${inv.id}/pdf?format=${format}`);
    assert.is(pdf.status, 200);
    const { text } = await pdfText(pdf.raw);
    assert.match(text, 'Total includes GST 9% of $9.00', format);
    assert.is(text.split('GST 9%').length, 2, `${format}: the rate once, in that line (no added GST line)`);
  }
});

test('on: discounts come off the GST-inclusive lines first; GST once on the total, half-up', async () => {
  // 2 x 38.15 less 5.00 = 71.30; 3 x 12.23 = 36.69; subtotal 107.99; 10% = 10.80 (10.799); total 97.19; GST 97.19 x 9/109 = 8.0249 -> 8.02.
  const r = await t.admin.post('/api/checkout', {
    items: [
      { productId: boot, qty: 2, discount: 5 },
      { productId: sock, qty: 3 },
    ],
    invoiceDiscount: 10,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  assert.equal([inv.subtotal, inv.invoice_discount, inv.discount_total, inv.grand_total, inv.tax_total], [107.99, 10.8, 15.8, 97.19, 8.02]);
});

test('a price mode switched mid-sale: 409 SETTINGS_CHANGED naming pricesIncludeGst, nothing written', async () => {
  const before = salesCounts(t);
  const r = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], pricesIncludeGst: false });
  assert.is(r.status, 409);
  assert.is(r.body.code, 'SETTINGS_CHANGED');
  assert.is(r.body.details.field, 'pricesIncludeGst');
  assert.match(r.body.error, /price setting changed/);
  assert.equal(salesCounts(t), before);
  // Not sent (an older till, the API): priced by the setting as it is.
  const ok = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }] });
  assert.is(ok.status, 201);
  assert.is(ok.body.invoice.grand_total, 109);
});

test('a full return of an inclusive invoice refunds exactly its total; the credit note splits it into before-GST and GST', async () => {
  const sale = await t.admin.post('/api/checkout', {
    items: [
      { productId: shoe, qty: 3 },
      { productId: sock, qty: 1, discount: 0.33 },
      { productId: boot, qty: 1 },
    ],
    invoiceDiscount: 7.5,
  });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  assert.is(cents(inv.tax_total), gstOfInclusive(cents(inv.grand_total), 900));
  const picker = await t.staff.get('/api/returns/invoices?pageSize=200');
  assert.is(picker.body.invoices.find((i: any) => i.id === inv.id).subtotal, inv.subtotal);
  const r = await t.staff.post('/api/returns', {
    invoice_id: inv.id,
    items: inv.items.map((i: any) => ({ product_id: i.product_id, returned_qty: i.qty, return_reason: 'Customer Changed Mind' })),
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const refunded = r.body.returns.reduce((s: number, x: any) => s + cents(x.refund_amount), 0);
  assert.is(refunded, cents(inv.grand_total));
  assert.is(cents(r.body.creditNote.amount), cents(inv.grand_total));
  assert.is(cents(r.body.creditNote.tax), cents(inv.tax_total));
  assert.is(cents(r.body.creditNote.subtotal), cents(inv.grand_total) - cents(inv.tax_total));
});

test('shelf labels: the stored price when it includes GST; else price + GST with the before-GST price beside it', async () => {
  let { text } = await pdfText((await t.admin.get(`/api/labels.pdf?product_ids=${boot}`)).raw);
  assert.match(text, '$38.15');
  assert.not.match(text, 'before GST');
  await setInclusive(false);
  ({ text } = await pdfText((await t.admin.get(`/api/labels.pdf?product_ids=${boot}`)).raw));
  assert.match(text, '$41.58'); // 38.15 x 1.09 = 41.5835
  assert.match(text, 'before GST $38.15');
  await setInclusive(true);
});

/** A small seeded RNG (mulberry32), so a failing cart can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

test("2,000 random inclusive carts: GST = total x 9/109 once, net + GST = total, and the day's reports reconcile to the cent", async () => {
  const random = rng(20261126);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const products: { id: number; cents: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const priceCents = int(1, 30_000);
    products.push({ id: await addProduct(t, priceCents / 100, 1_000_000, `Random ${i}`), cents: priceCents });
  }
  const userId = t.app.db.prepare("SELECT id FROM core_user WHERE username = 'admin'").pluck().get() as number;
  const day = '2026-03-02';
  const at = new Date(`${day}T04:00:00.000Z`);
  const expected: { total: number; gst: number }[] = [];
  const ids: number[] = [];

  // One outer transaction (checkout's own becomes a savepoint): 2,000 sales without 2,000 fsyncs.
  t.app.db.transaction(() => {
    for (let n = 0; n < 2_000; n++) {
      const items: CheckoutBody['items'] = [];
      let subtotal = 0;
      for (let l = int(1, 5); l > 0; l--) {
        const p = products[int(0, products.length - 1)];
        const qty = int(1, 4);
        const discount = random() < 0.3 ? int(0, qty * p.cents) : 0;
        items.push({ productId: p.id, qty, ...(discount ? { discount: discount / 100 } : {}) });
        subtotal += qty * p.cents - discount;
      }
      // A buyer on every cart: those above $1,000.00 need one for their full tax invoice (#17.7).
      const body: CheckoutBody = { items, pricesIncludeGst: true, buyer: { name: 'Random Buyer', address: '1 Test Road, Singapore 000001' } };
      let invoiceDiscount = 0;
      const kind = int(0, 2);
      if (kind === 1) {
        body.invoiceDiscount = int(1, 5_000) / 100;
        invoiceDiscount = applyBps(subtotal, percentToBps(body.invoiceDiscount));
      } else if (kind === 2 && subtotal > 0) {
        body.invoiceDiscountAmount = int(1, subtotal) / 100;
        invoiceDiscount = toCents(body.invoiceDiscountAmount);
      }
      const total = subtotal - invoiceDiscount;
      expected.push({ total, gst: gstOfInclusive(total, 900) });
      ids.push(checkout(t.app.db, body, { userId, timeZone: t.config.timeZone, at, role: 'ADMIN' }).invoiceId);
    }
  })();

  const rows = t.app.db
    .prepare(`SELECT id, subtotal_cents, invoice_discount_cents, tax_total_cents, grand_total_cents, prices_include_gst
    FROM sales_invoice WHERE business_date = ? ORDER BY id`)
    .all(day) as any[];
  assert.is(rows.length, 2_000);
  rows.forEach((row, i) => {
    assert.is(row.id, ids[i]);
    assert.is(row.prices_include_gst, 1);
    assert.is(row.grand_total_cents, expected[i].total, `cart ${i}: total`);
    assert.is(row.tax_total_cents, expected[i].gst, `cart ${i}: GST`);
    // net (before GST) + GST = total
    assert.is(row.subtotal_cents - row.invoice_discount_cents + row.tax_total_cents, row.grand_total_cents, `cart ${i}: net + GST`);
  });
  const sumTotal = expected.reduce((s, e) => s + e.total, 0);
  const sumGst = expected.reduce((s, e) => s + e.gst, 0);

  const eod = await t.admin.get(`/api/reports/end-of-day?date=${day}`);
  assert.is(eod.status, 200, JSON.stringify(eod.body));
  assert.is(eod.body.invoice_count, 2_000);
  assert.is(cents(eod.body.total_sales), sumTotal);
  assert.is(cents(eod.body.total_gst), sumGst);
  assert.is(cents(eod.body.net_sales), sumTotal - sumGst);
  assert.is(cents(eod.body.by_method.CASH.amount), sumTotal);
  assert.is(cents(eod.body.cash.expected_in_drawer), sumTotal);

  const report = await t.admin.get(`/api/reports/sales?type=daily&date=${day}`);
  assert.is(report.status, 200, JSON.stringify(report.body));
  assert.is(report.body.invoice_count, 2_000);
  assert.is(cents(report.body.total_sales), sumTotal);
  assert.is(cents(report.body.total_gst), sumGst);
  assert.is(cents(report.body.net_sales), sumTotal - sumGst);
  // Sales (net) + GST = totals; the payment methods sum to the total.
  assert.is(cents(report.body.net_sales) + cents(report.body.total_gst), cents(report.body.total_sales));
  const methods = Object.values(report.body.totals_by_method as Record<string, number>).reduce((s, v) => s + cents(v), 0);
  assert.is(methods, sumTotal);
});

test.run();
