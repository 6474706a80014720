// #28.2 adjustments rendered generically (adjustments-print.ts), on sales over real HTTP whose adjustment a test-only
// plugin's adjuster made through the checkout pipeline (a plugin the renderers know nothing of):
// the invoice JSON, the receipt model, the browser receipt's HTML, the ESC/POS bytes on a fake LAN printer, the
// receipt and invoice PDFs parsed back, the refund of a returned unit, and the sales report's units and cost
// (a voided sale's left out). Every renderer prints the line before its adjustments (with only the cashier's own
// discount), then the adjustment's label and amount, then the Subtotal: $155.00 + $10.00 - $40.00 = $125.00.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../../core/plugin.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { startFakePrinter, type FakePrinter } from '../../tests/helpers/fake-printer.js';
import { DEMO_SETTINGS, saveSettings } from '../../core/settings.js';
import { escposPair } from './api.js';
import { receiptHtml } from './screen/receipt-html.js';
import { addProduct, pdfText } from './test-support.js';

const LABEL = 'Second pair 50%';

let t: TestApp;
let h: HttpApp;
let printer: FakePrinter;
let runner = 0;
let socks = 0;

// "Second pair 50%": $40.00 off every two Trail Runners, over the line's units that formed the deal.
const testAdjust = definePlugin({
  name: 'test-adjust',
  dependsOn: ['sales'],
  adjusters: [
    {
      source: 'test-adjust',
      adjust: (_db, cart) =>
        cart.lines
          .filter((l) => l.productId === runner && l.qty >= 2)
          .map((l) => ({
            code: 'PAIR2',
            label: LABEL,
            refId: 7,
            shares: [{ index: l.index, units: l.qty - (l.qty % 2), amountCents: -4000 * Math.floor(l.qty / 2) }],
          })),
    },
  ],
});

test.before(async () => {
  t = await testApp({ morePlugins: [testAdjust] });
  h = await listenHttp(t);
  saveSettings(t.app.db, DEMO_SETTINGS);
  printer = await startFakePrinter();
  runner = await addProduct(t, 80, 50, 'Trail Runner');
  socks = await addProduct(t, 10, 50, 'Sock Pack');
});
test.after(async () => {
  await printer.close();
  await t.close();
});

/**
 * A real checkout over HTTP of 2 x Trail Runner ($80.00, $5.00 off by the cashier) and a Sock Pack ($10.00); the
 * adjuster's $40.00 off goes inside the runner line's discount ($45.00 stored), so the line's total is $115.00.
 */
async function sale(): Promise<{ id: number; number: string; business_date: string }> {
  const r = await h.staff.post('/api/checkout', {
    items: [
      { productId: runner, qty: 2, discount: 5 },
      { productId: socks, qty: 1 },
    ],
    tendered: 200,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const inv = r.body.invoice;
  return { id: inv.id, number: inv.number, business_date: inv.business_date };
}

let first: { id: number; number: string; business_date: string };

test('the invoice: the line carries its adjustment; the adjustment by label, amount and units', async () => {
  first = await sale();
  const inv = (await h.admin.get(`/api/invoices/${first.id}`)).body.invoice;
  assert.equal(
    inv.items.map((i: any) => [i.description, i.qty, i.unit_price, i.discount, i.adjustment, i.line_total]),
    [
      ['Trail Runner', 2, 80, 45, -40, 115],
      ['Sock Pack', 1, 10, 0, 0, 10],
    ],
  );
  assert.equal(inv.adjustments, [{ source: 'test-adjust', code: 'PAIR2', label: LABEL, amount: -40, units: 2, ref_id: 7, promotion_id: null, charge: false }]);
  assert.is(inv.subtotal, 125);
  assert.is(inv.grand_total, 136.25);
});

test('the receipt model: lines before adjustments, the cashier discount only, the adjustment row; lines + adjustments = subtotal', async () => {
  const { receipt } = (await h.staff.get(`/api/invoices/${first.id}/receipt`)).body;
  assert.equal(
    receipt.lines.map((l: any) => [l.name, l.qty, l.unit_price, l.own_discount, l.amount, l.discount, l.adjustment, l.line_total]),
    [
      ['Trail Runner', 2, 80, 5, 155, 45, -40, 115],
      ['Sock Pack', 1, 10, 0, 10, 0, 0, 10],
    ],
  );
  assert.equal(receipt.adjustments, [{ label: LABEL, amount: -40 }]);
  assert.is(receipt.subtotal, 125);
  assert.is(receipt.discount, 0);
  assert.is(receipt.total, 136.25);
  const printed = receipt.lines.reduce((s: number, l: any) => s + l.amount * 100, 0) + receipt.adjustments[0].amount * 100;
  assert.is(Math.round(printed), receipt.subtotal * 100);
});

test('the browser receipt: the line at $155.00 less $5.00, then the adjustment row, then the Subtotal', async () => {
  const { receipt } = (await h.staff.get(`/api/invoices/${first.id}/receipt`)).body;
  const html = receiptHtml(receipt);
  const row = `<tr class="adjustment"><td>${LABEL}</td><td class="num">-$40.00</td></tr>`;
  assert.ok(html.includes(row), html);
  assert.ok(html.includes('<td>2 x $80.00 less $5.00</td><td class="num">$155.00</td>'), html);
  assert.ok(html.includes('<td>1 x $10.00</td><td class="num">$10.00</td>'), html);
  assert.ok(html.indexOf('$155.00') < html.indexOf(row) && html.indexOf(row) < html.indexOf('Subtotal'), 'lines, adjustment, subtotal in order');
  assert.ok(html.includes('<td>Subtotal</td><td class="num">$125.00</td>'), html);
  assert.not.ok(html.includes('less $45.00'), 'the stored discount is not printed as the cashier discount');
});

test('ESC/POS: the bytes on the printer carry the line before adjustments and the adjustment, before the Subtotal', async () => {
  saveSettings(t.app.db, { receipt_printer: printer.address });
  const r = await h.staff.post(`/api/invoices/${first.id}/print`, { reprint: true });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const s = (await printer.nextJob()).toString('latin1');
  const row = escposPair(LABEL, '-$40.00');
  assert.is(row, `${LABEL}${' '.repeat(48 - LABEL.length - 7)}-$40.00`);
  const line = escposPair('  2 x $80.00 less $5.00', '$155.00');
  assert.ok(s.includes(row), s);
  assert.ok(s.includes(line), s);
  assert.ok(s.includes(escposPair('Subtotal', '$125.00')), s);
  assert.ok(s.indexOf(line) < s.indexOf(row) && s.indexOf(row) < s.indexOf('Subtotal'), 'lines, adjustment, subtotal in order');
  assert.not.ok(s.includes('less $45.00'));
});

test('the receipt PDF and the invoice PDF, parsed back: the adjustment by label and amount between the lines and the Subtotal', async () => {
  for (const format of ['receipt', 'invoice']) {
    const r = await h.admin.get(`/api/invoices/${first.id}/pdf${format === 'receipt' ? '?format=receipt' : ''}`);
    assert.is(r.status, 200, format);
    const { text } = await pdfText(r.raw);
    for (const want of [LABEL, '-$40.00', '$155.00', '$10.00', '$125.00', '$136.25']) assert.ok(text.includes(want), `${format} PDF lacks "${want}": ${text}`);
    assert.ok(text.includes(format === 'receipt' ? 'less $5.00' : '-$5.00'), `${format}: the cashier discount`);
    // The A4 invoice sums every discount given at its foot (the cashier's and the adjustments'); nothing else shows $45.00.
    assert.is(text.split('$45.00').length - 1, format === 'invoice' ? 1 : 0, `${format}: the stored discount is not printed on the line`);
    if (format === 'invoice') assert.ok(/Total discount given:\s*\$45\.00/.test(text), text);
    assert.not.ok(text.includes('$115.00'), `${format}: the line prints before its adjustment`);
    assert.ok(text.indexOf('$155.00') < text.indexOf(LABEL) && text.indexOf(LABEL) < text.indexOf('Subtotal'), `${format}: order: ${text}`);
  }
});

test('a return of one runner refunds its share of what was paid (the line after its adjustment), not of the list price', async () => {
  const inv = (await h.staff.get(`/api/returns/invoices?search=${first.number}`)).body.invoices[0];
  const line = inv.items.find((i: any) => i.description === 'Trail Runner');
  // $115.00 of the $125.00 subtotal, with GST: $125.35 for the two pairs.
  assert.equal([line.line_total, line.refund_net, line.refund_tax, line.refund_total], [115, 115, 10.35, 125.35]);
  const r = await h.staff.post('/api/returns', {
    invoice_id: first.id,
    items: [{ product_id: runner, returned_qty: 1, return_reason: 'Wrong Size' }],
    refund_method: 'CASH',
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  // Half the line's share: $57.50 + $5.18 (half-up) = $62.68; the list price would have refunded $87.20.
  assert.is(r.body.returns[0].refund_amount, 62.68);
  const slip = (await h.staff.get(`/api/returns/${r.body.returns[0].id}/slip`)).body.slip;
  assert.equal(
    slip.lines.map((l: any) => [l.description, l.qty, l.amount]),
    [['Trail Runner', 1, 62.68]],
  );
});

test('the sales report: units and cost per adjustment; a voided sale drops out; the CSV lists it', async () => {
  const report = async () => (await h.admin.get(`/api/reports/sales?type=daily&date=${first.business_date}`)).body;
  assert.equal((await report()).adjustments, [{ source: 'test-adjust', code: 'PAIR2', label: LABEL, units: 2, amount: 40 }]);
  const voided = await sale();
  assert.equal((await report()).adjustments, [{ source: 'test-adjust', code: 'PAIR2', label: LABEL, units: 4, amount: 80 }]);
  const v = await h.admin.post(`/api/invoices/${voided.id}/void`, { reason: 'Rang up twice' });
  assert.is(v.status, 200, JSON.stringify(v.body));
  assert.equal((await report()).adjustments, [{ source: 'test-adjust', code: 'PAIR2', label: LABEL, units: 2, amount: 40 }]);
  const csv = (await h.admin.get(`/api/reports/sales/csv?type=daily&date=${first.business_date}`)).raw.toString('utf8');
  assert.ok(csv.includes(`\nPromotions and adjustments,Units,Cost\n${LABEL},2,40.00\n`), csv);
});

test.run();
