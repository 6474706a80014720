// #25.3: the sales report's CSV download, over real HTTP. Numbers stay numbers: a negative Cash Rounding total
// and a negative Gross Profit reach the spreadsheet as -0.08 and -159.92, not as the text '-0.08; while customer
// names starting with = + - @ (even one that looks like a number) are still formula-escaped text.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { csvNumber, parseCsv } from '../../tests/helpers/csv.js';
import { localDate } from '../../core/clock.js';

let t: TestApp;
let h: HttpApp;
const EVIL = ['=HYPERLINK("http://evil.example/x","Click")', "-cmd|' /C calc'!A0", '+SUM(A1:A9)', '@SUM(A1)', '-4.00'];

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  assert.is((await h.admin.patch('/api/settings', { cash_rounding: true })).status, 200);
  // $10.02 + 9% GST = $10.92: cash rounds it down to $10.90 (rounding -0.02). Cost $50: every sale loses $39.98.
  const p = await h.admin.post('/api/products', { item_name: 'Loss Leader', sku: 'CSV-1', category: 'Csv', selling_price: 10.02, cost: 50, stock_qty: 100 });
  assert.is(p.status, 201, JSON.stringify(p.body));
  for (const name of EVIL) {
    const c = await h.admin.post('/api/customers', { name, credit_limit: 0 });
    assert.is(c.status, 201, JSON.stringify(c.body));
    const r = await h.staff.post('/api/checkout', {
      items: [{ productId: p.body.product.id, qty: 1 }],
      customerId: c.body.customer.id,
      payments: [{ method: 'CASH', amount: 10.92 }],
      tendered: 20,
      cashRounding: true,
    });
    assert.is(r.status, 201, JSON.stringify(r.body));
    assert.is(r.body.invoice.rounding, -0.02);
  }
});
test.after(async () => {
  await t.close();
});

test('the CSV download: negative totals are plain numbers, formula-like names are escaped text', async () => {
  const date = localDate(new Date(), t.config.timeZone);
  const report = (await h.admin.get(`/api/reports/sales?type=daily&date=${date}`)).body;
  assert.is(report.rounding_total, -0.1);
  assert.ok(report.gross_profit < 0, `gross profit ${report.gross_profit}`);

  const r = await h.admin.get(`/api/reports/sales/csv?type=daily&date=${date}`);
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), /^text\/csv/);
  const text = r.raw.toString('utf8');
  const rows = parseCsv(text);
  const total = (label: string) => rows.find((row) => row[0] === label)?.[1];

  // The totals block: the negative ones exactly as numbers.
  assert.is(total('Cash Rounding'), '-0.10');
  assert.is(csvNumber(total('Cash Rounding')), -0.1);
  assert.is(total('Gross Profit'), report.gross_profit.toFixed(2));
  assert.is(csvNumber(total('Gross Profit')), report.gross_profit);
  assert.ok(text.includes('\nCash Rounding,-0.10\n'), "written bare, no quote, no '");
  assert.is(csvNumber(total('Invoices')), 5);
  assert.is(csvNumber(total('Total Sales')), report.total_sales);
  assert.is(csvNumber(total('Payment Method CASH')), report.totals_by_method.CASH);

  // One row per sale: the customer escaped, every money cell a number.
  const invoices = rows.filter((row) => /^INV-/.test(row[0]));
  assert.is(invoices.length, EVIL.length);
  assert.equal(invoices.map((row) => row[2]).sort(), EVIL.map((name) => `'${name}`).sort());
  for (const row of invoices) assert.equal(row.slice(5).map(csvNumber), [10.02, 0, 0.9, 10.92], row.join(','));
  // Every figure of the totals block is a number (only the Period is text).
  // The totals block runs to the next empty row (blocks with their own headings follow: charges, liabilities).
  const blank = (row: string[]) => row.length === 1 && row[0] === '';
  const from = rows.findIndex(blank) + 1;
  const next = rows.findIndex((row, i) => i >= from && blank(row));
  const totals = rows.slice(from, next === -1 ? undefined : next);
  assert.is(totals[0][0], 'Period');
  for (const row of totals.slice(1)) assert.ok(csvNumber(row[1]) !== null, row.join(','));
  // #29: the block of what the shop holds for customers (the members' points here) is numbers under its heading, no row twice.
  const held = rows.findIndex((row) => row[0] === 'Held for customers');
  assert.ok(held > 0, 'the customers earned points: the block is there');
  const block = rows.slice(held + 1).filter((row) => /^Loyalty points /.test(row[0]));
  assert.equal(
    block.map((row) => row[0]),
    [...new Set(block.map((row) => row[0]))],
  );
  for (const row of block) assert.ok(csvNumber(row[1]) !== null, row.join(','));
  assert.is(csvNumber(block.find((row) => row[0] === 'Loyalty points Closing')![1]), 0.5);
});

test.run();
