// The demo history: made through checkout, consistent with stock, numbering and credit limits.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { addDays, localDate } from '../../core/clock.js';

let t: TestApp;
let ms = 0;
test.before(async () => {
  const t0 = Date.now();
  t = await testApp({ demo: true });
  ms = Date.now() - t0;
});
test.after(async () => {
  await t.close();
});

const all = <T>(sql: string, ...params: unknown[]) => t.app.db.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: unknown[]) => t.app.db.prepare(sql).get(...params) as T;

test('about five weeks of sales up to today, 15-40 a day, never in the future', async () => {
  const today = localDate(new Date(), 'Asia/Singapore');
  const days = all<{ business_date: string; n: number }>('SELECT business_date, count(*) AS n FROM sales_invoice GROUP BY business_date ORDER BY 1');
  assert.is(days[0].business_date, addDays(today, -35));
  assert.ok(days[days.length - 1].business_date <= today);
  for (const d of days.slice(0, -1)) assert.ok(d.n >= 12 && d.n <= 45, `${d.business_date}: ${d.n}`);
  assert.ok(one<{ n: number }>('SELECT count(*) AS n FROM sales_invoice WHERE created_at > ?', new Date().toISOString()).n === 0);
  const methods = Object.fromEntries(
    all<{ m: string; n: number }>('SELECT payment_method AS m, count(*) AS n FROM sales_invoice GROUP BY 1').map((r) => [r.m, r.n]),
  );
  for (const m of ['CASH', 'NETS', 'PAYNOW', 'CREDIT']) assert.ok(methods[m] > 0, m);
  assert.ok(one<{ n: number }>('SELECT count(*) AS n FROM sales_customer_payment').n > 0);
  console.log(`  demo app (all plugins' seeds) built in ${ms} ms`);
});

test('numbers run 1..n per day with no gaps; totals obey the GST rule', async () => {
  const gaps = all('SELECT business_date FROM sales_invoice GROUP BY business_date HAVING max(seq) <> count(*)');
  assert.equal(gaps, []);
  const bad = all(`SELECT id FROM sales_invoice WHERE tax_total_cents <> ((subtotal_cents - invoice_discount_cents) * 900 + 5000) / 10000
    OR substr(number, 5, 8) <> replace(business_date, '-', '')`);
  assert.equal(bad, []);
});

test('stock equals the ledger everywhere, never negative; credit within limits; balances match invoices', async () => {
  assert.equal(
    all(`SELECT p.id FROM inventory_product p WHERE p.stock_qty < 0
    OR p.stock_qty <> (SELECT ifnull(sum(qty_delta), 0) FROM inventory_stock_movement m WHERE m.product_id = p.id)`),
    [],
  );
  const sold = one<{ n: number }>("SELECT count(*) AS n FROM inventory_stock_movement WHERE reason = 'SALE'").n;
  assert.is(sold, one<{ n: number }>('SELECT count(*) AS n FROM sales_invoice_line').n);
  const customers = (await t.admin.get('/api/customers?pageSize=200')).body.customers as any[];
  for (const c of customers) {
    assert.ok(c.outstanding_balance <= c.credit_limit, c.name);
    const owed = one<{ c: number }>(
      `SELECT ifnull(sum(grand_total_cents - paid_cents), 0) AS c FROM sales_invoice
      WHERE customer_id = ? AND payment_status <> 'VOID'`,
      c.id,
    ).c;
    assert.is(c.outstanding_balance, owed / 100, c.name);
  }
  assert.ok(customers.some((c) => c.outstanding_balance > 0));
  assert.equal(
    all('SELECT id FROM sales_invoice WHERE paid_cents <> (SELECT ifnull(sum(amount_cents), 0) FROM sales_payment WHERE invoice_id = sales_invoice.id)'),
    [],
  );
});

test.run();
