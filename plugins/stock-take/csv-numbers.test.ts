// #25.3: the variance CSV download, over real HTTP. A shortfall's negative quantity and value stay numbers
// (-3 and -37.02, not the text '-3), while product names starting with = + - @ are still formula-escaped text.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { csvNumber, parseCsv } from '../../tests/helpers/csv.js';

let t: TestApp;
let h: HttpApp;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
});
test.after(async () => {
  await t.close();
});

const make = async (item_name: string, sku: string, cost: number, stock_qty: number) => {
  const r = await h.admin.post('/api/products', { item_name, sku, category: 'CsvNum', selling_price: 100, cost, stock_qty });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.product.id as number;
};

test('shortfalls are negative numbers, names that look like formulas are escaped text', async () => {
  const short = await make("-cmd|' /C calc'!A0", 'CSVN-1', 12.34, 5); // counted 2: -3 x 12.34 = -37.02
  const over = await make('=HYPERLINK("http://evil.example")', 'CSVN-2', 10, 1); // counted 2: +1 x 10 = 10.00
  const plain = await make('@Runner', 'CSVN-3', 40, 4); // counted 0: -4 x 40 = -160.00
  const open = await h.admin.post('/api/stock-takes', { scope: { category: 'CsvNum' } });
  assert.is(open.status, 201, JSON.stringify(open.body));
  const id = open.body.stock_take.id as number;
  for (const [product_id, counted_qty] of [
    [short, 2],
    [over, 2],
    [plain, 0],
  ]) {
    const r = await h.admin.post(`/api/stock-takes/${id}/counts`, { product_id, counted_qty });
    assert.is(r.status, 200, JSON.stringify(r.body));
  }

  const r = await h.admin.get(`/api/stock-takes/${id}/variance.csv`);
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), 'text/csv');
  const text = r.raw.toString('utf8');
  const rows = parseCsv(text);
  assert.is(rows[0].join(','), 'Product ID,Item,SKU,Size,Brand,Category,Expected,Counted,Variance,Unit Cost,Variance Value,Counted At');
  const line = (productId: number) => rows.find((row) => row[0] === String(productId))!;
  // Names: escaped text. Numbers: Product ID, Expected, Counted, Variance, Unit Cost, Variance Value.
  assert.is(line(short)[1], "'-cmd|' /C calc'!A0");
  assert.is(line(over)[1], '\'=HYPERLINK("http://evil.example")');
  assert.is(line(plain)[1], "'@Runner");
  const figures = (row: string[]) => [0, 6, 7, 8, 9, 10].map((i) => csvNumber(row[i]));
  assert.equal(figures(line(short)), [short, 5, 2, -3, 12.34, -37.02]);
  assert.equal(figures(line(over)), [over, 1, 2, 1, 10, 10]);
  assert.equal(figures(line(plain)), [plain, 4, 0, -4, 40, -160]);
  assert.is(line(short).slice(8, 11).join(','), '-3,12.34,-37.02');
  // The totals: net -6 units, -187.02.
  const total = (label: string) => rows.find((row) => row[0] === label)?.[1];
  assert.is(total('Net Variance'), '-6');
  assert.is(total('Variance Value'), '-187.02');
  assert.is(total('Units Short'), '7');
  assert.ok(text.includes('\nNet Variance,-6\n') && text.includes('\nVariance Value,-187.02\n'), "written bare, no quote, no '");
});

test.run();
