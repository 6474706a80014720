// #26.3 exchange at the till, over real HTTP on a real port: a size swap carries the original sale's price (its
// line discount and its share of the invoice discount), so the difference is $0.00 and no money moves; a
// difference to pay takes cash tendered with change and 5-cent rounding; the new sale's receipt (JSON, ESC/POS
// bytes on a fake printer) lists the pair that came back.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp } from '../../tests/helpers/http.js';
import { startFakePrinter, type FakePrinter } from '../../tests/helpers/fake-printer.js';
import type { Client } from '../../tests/helpers/app.js';
import { saveSettings } from '../../core/settings.js';
import { applyBps, roundCash } from '../../core/money.js';
import { ledgerRows } from '../ledger/api.js';

let t: TestApp;
let admin: Client;
let staff: Client;
let printer: FakePrinter;
let samba: Record<string, number>; // size -> product id, $149.00 before GST
let sock: number; // $10.01 before GST: a difference that is not a multiple of 5 cents

const cents = (d: number) => Math.round(d * 100);
const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

test.before(async () => {
  t = await testApp();
  ({ admin, staff } = await listenHttp(t));
  printer = await startFakePrinter();
  const s = await admin.post('/api/styles', {
    item_name: 'Adidas Samba OG',
    brand: 'Adidas',
    category: 'Sneakers',
    colour: 'Black',
    cost: 74,
    selling_price: 149,
    sku_prefix: 'XC-SMB',
    sizes: [
      { size: '40', stock_qty: 5 },
      { size: '41', stock_qty: 5 },
      { size: '42', stock_qty: 5 },
    ],
  });
  assert.is(s.status, 201, JSON.stringify(s.body));
  samba = Object.fromEntries(s.body.style.products.map((p: any) => [p.size, p.id]));
  const k = await admin.post('/api/products', { item_name: 'Crew Sock', sku: 'XC-SOCK', size: 'M', selling_price: 10.01, cost: 1, stock_qty: 50 });
  assert.is(k.status, 201, JSON.stringify(k.body));
  sock = k.body.product.id;
});
test.after(async () => {
  await printer.close();
  await t.close();
});

/** The original sale: Samba 41 with $10.00 off the line, a sock, and 5% off the whole sale (the owner's discounts). */
async function discountedSale() {
  const quote = await admin.post('/api/checkout', {
    items: [
      { productId: samba['41'], qty: 1, discount: 10 },
      { productId: sock, qty: 1 },
    ],
    invoiceDiscount: 5,
  });
  assert.is(quote.status, 201, JSON.stringify(quote.body));
  return quote.body.invoice as { id: number; number: string; grand_total: number; items: { id: number; product_id: number }[] };
}

const back = (inv: { items: { id: number; product_id: number }[] }) => {
  const line = inv.items.find((i) => i.product_id === samba['41'])!;
  return [{ product_id: line.product_id, invoice_line_id: line.id, returned_qty: 1, return_reason: 'Wrong Size' }];
};

test('size swap after a line AND an invoice discount: quote and exchange both $0.00, no money, no approval, GST once', async () => {
  const inv = await discountedSale();
  const body = { invoice_id: inv.id, items: back(inv), sale: { items: [{ productId: samba['42'], qty: 1 }] } };
  const quote = await staff.post('/api/exchanges/quote', body);
  assert.is(quote.status, 200, JSON.stringify(quote.body));
  assert.is(quote.body.difference, 0);
  assert.is(quote.body.to_pay, 0);
  assert.is(quote.body.new_total, quote.body.returned);
  assert.ok(quote.body.carried_discount > 10, 'the line discount and the invoice discount share are both carried');
  assert.is(quote.body.items[0].carried_discount, quote.body.carried_discount);

  const [refunds, payments] = [count('sales_refund'), count('sales_payment')];
  // The staff user's carried discount (above the 10% staff limit) needs no manager.
  const r = await staff.post('/api/exchanges', body, { 'idempotency-key': 'xc-swap-1' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const d = r.body.difference;
  assert.equal([d.difference, d.to_pay, d.to_refund, d.refund], [0, 0, 0, null]);
  assert.is(d.carried_discount, quote.body.carried_discount);
  assert.is(d.returned, quote.body.returned);
  const sale = r.body.sale.invoice;
  assert.is(sale.grand_total, quote.body.returned);
  assert.is(sale.payment_status, 'PAID');
  assert.equal(
    sale.payments.map((p: any) => [p.method, p.amount]),
    [['CREDIT_NOTE', quote.body.returned]],
  );
  assert.is(r.body.creditNote.status, 'USED');
  // GST charged once on the new invoice's discounted subtotal.
  const row = t.app.db
    .prepare('SELECT subtotal_cents, invoice_discount_cents, tax_total_cents, grand_total_cents, discount_approved_by FROM sales_invoice WHERE id = ?')
    .get(sale.id) as any;
  assert.is(row.tax_total_cents, applyBps(row.subtotal_cents - row.invoice_discount_cents, 900));
  assert.is(row.discount_approved_by, null);
  // No money moved: one payment (the note), no refund; the sale's ledger rows are the note's redemption only.
  assert.is(count('sales_refund'), refunds);
  assert.is(count('sales_payment'), payments + 1);
  const ledger = ledgerRows(t.app.db, { invoiceId: sale.id });
  assert.equal(
    ledger.map((l) => [l.kind, l.method, l.amount_cents]),
    [['CN_REDEEM', 'CREDIT_NOTE', cents(quote.body.returned)]],
  );
  assert.is(
    ledger.reduce((s, l) => s + l.amount_cents, 0),
    row.grand_total_cents,
  );
});

test('a difference to pay by cash tendered: 5-cent rounding and change, as the quote said', async () => {
  saveSettings(t.app.db, { cash_rounding: true });
  const inv = await discountedSale();
  const sale = {
    items: [
      { productId: samba['40'], qty: 1 },
      { productId: sock, qty: 1 },
    ],
  };
  const quote = await staff.post('/api/exchanges/quote', { invoice_id: inv.id, items: back(inv), sale });
  assert.is(quote.status, 200, JSON.stringify(quote.body));
  const toPay = cents(quote.body.to_pay);
  assert.ok(toPay % 5 !== 0, `a difference that rounds (${toPay})`);
  const due = roundCash(toPay);
  const r = await staff.post(
    '/api/exchanges',
    {
      invoice_id: inv.id,
      items: back(inv),
      sale: { ...sale, cashRounding: true, payments: [{ method: 'CASH', amount: quote.body.to_pay }], tendered: 20 },
    },
    { 'idempotency-key': 'xc-cash-1' },
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(cents(r.body.difference.to_pay), toPay);
  const s = r.body.sale.invoice;
  assert.is(cents(s.rounding), due - toPay);
  assert.is(s.tendered, 20);
  assert.is(cents(s.change), 2000 - due);
  assert.equal(s.payments.map((p: any) => p.method).sort(), ['CASH', 'CREDIT_NOTE']);
  assert.is(cents(s.payments.find((p: any) => p.method === 'CASH').amount), due);
  const ledger = ledgerRows(t.app.db, { invoiceId: s.id });
  assert.is(
    ledger.reduce((sum, l) => sum + l.amount_cents, 0),
    cents(s.grand_total) + due - toPay,
  );

  // The receipt: the new pairs, and the pair that came back under 'Exchanged / returned'.
  const receipt = (await staff.get(`/api/invoices/${s.id}/receipt`)).body.receipt;
  assert.is(receipt.sections.length, 1);
  assert.is(receipt.sections[0].title, `Exchanged / returned (from ${inv.number})`);
  assert.equal(
    receipt.sections[0].lines.map((l: any) => [l.name, l.size, l.qty, l.amount]),
    [['Adidas Samba OG', '41', 1, r.body.difference.returned]],
  );
  assert.equal(
    receipt.lines.map((l: any) => l.size),
    ['40', 'M'],
  );
  saveSettings(t.app.db, { receipt_printer: printer.address });
  const printed = await staff.post(`/api/invoices/${s.id}/print`, {});
  assert.is(printed.status, 200, JSON.stringify(printed.body));
  const bytes = (await printer.nextJob()).toString('latin1');
  assert.match(bytes, `Exchanged / returned (from ${inv.number})`);
  assert.match(bytes, 'Adidas Samba OG (41)');
  assert.match(bytes, 'Adidas Samba OG (40)');
  assert.match(bytes, /1 x returned\s+\$\d+\.\d\d/);
  assert.ok(bytes.indexOf('Exchanged / returned') > bytes.indexOf('Adidas Samba OG (40)'));
  // A plain sale's receipt has no such block.
  assert.equal((await staff.get(`/api/invoices/${inv.id}/receipt`)).body.receipt.sections, []);
  saveSettings(t.app.db, { cash_rounding: false, receipt_printer: '' });
});

test('the quote refuses what the exchange refuses, and writes nothing', async () => {
  const inv = await discountedSale();
  const before = count('returns_return');
  const tooMany = await staff.post('/api/exchanges/quote', {
    invoice_id: inv.id,
    items: [{ ...back(inv)[0], returned_qty: 2 }],
    sale: { items: [{ productId: samba['42'], qty: 1 }] },
  });
  assert.is(tooMany.status, 409, JSON.stringify(tooMany.body));
  const noReason = await staff.post('/api/exchanges/quote', {
    invoice_id: inv.id,
    items: [{ ...back(inv)[0], return_reason: '' }],
    sale: { items: [{ productId: samba['42'], qty: 1 }] },
  });
  assert.is(noReason.status, 400);
  const ok = await staff.post('/api/exchanges/quote', { invoice_id: inv.id, items: back(inv), sale: { items: [{ productId: samba['42'], qty: 2 }] } });
  assert.is(ok.status, 200);
  // Only one of the two new pairs replaces the returned one: the second is at full price.
  assert.ok(Math.abs(cents(ok.body.to_pay) - Math.round(14900 * 1.09)) <= 1, String(ok.body.to_pay));
  assert.is(count('returns_return'), before);
  assert.is((await t.anon.post('/api/exchanges/quote', {})).status, 401);
});

test.run();
