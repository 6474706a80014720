// Reports on the worker pool (#18): the same JSON and the same CSV bytes as computed on the main thread,
// and the year totals (migration 002) equal to the month totals and to the lines they come from, before and
// after voids. Data: a deterministic year of sales from the bench generator (3,000 invoices, 200 products).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Readable } from 'node:stream';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { generateSales } from '../../data/bench/generate-sales.js';
import { salesCsvStream } from './csv.js';
import { endOfDay } from './end-of-day.js';
import { resolvePeriod } from './period.js';
import { salesReport } from './sales-report.js';

let t: TestApp;

const bytesOf = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
};
/** As JSON, without the moment it was made. */
const plain = (o: object) => {
  const c = JSON.parse(JSON.stringify(o));
  delete c.generated_at;
  return c;
};

/** The year totals, and the same figures summed from the month totals and from the live invoice lines. */
function yearTotals(year: string) {
  const db = t.app.db;
  const rows = (sql: string) => db.prepare(sql).all(year) as { category: string; name: string; qty: number; revenue: number; cost: number }[];
  const categories = (sql: string) => db.prepare(sql).all(year);
  return {
    categories: categories(`SELECT category, qty, revenue_cents AS revenue, cost_cents AS cost FROM reports_year_category
      WHERE year = ? AND (qty <> 0 OR revenue_cents <> 0 OR cost_cents <> 0) ORDER BY 1`),
    monthCategories: categories(`SELECT category, sum(qty) AS qty, sum(revenue_cents) AS revenue, sum(cost_cents) AS cost FROM reports_month_product
      WHERE substr(month, 1, 4) = ? GROUP BY 1 HAVING sum(qty) <> 0 OR sum(revenue_cents) <> 0 OR sum(cost_cents) <> 0 ORDER BY 1`),
    year: rows(`SELECT category, name, qty, revenue_cents AS revenue, cost_cents AS cost FROM reports_year_product
      WHERE year = ? AND (qty <> 0 OR revenue_cents <> 0 OR cost_cents <> 0) ORDER BY 1, 2`),
    months: rows(`SELECT category, name, sum(qty) AS qty, sum(revenue_cents) AS revenue, sum(cost_cents) AS cost FROM reports_month_product
      WHERE substr(month, 1, 4) = ? GROUP BY 1, 2 HAVING sum(qty) <> 0 OR sum(revenue_cents) <> 0 OR sum(cost_cents) <> 0 ORDER BY 1, 2`),
    lines: rows(`SELECT ifnull(l.category, '') AS category, l.description AS name, sum(l.qty) AS qty, sum(l.line_total_cents) AS revenue,
        sum(l.qty * l.unit_cost_cents) AS cost
      FROM sales_invoice i JOIN sales_invoice_line l ON l.invoice_id = i.id
      WHERE substr(i.business_date, 1, 4) = ? AND i.payment_status <> 'VOID' GROUP BY 1, 2 ORDER BY 1, 2`),
  };
}

test.before(async () => {
  t = await testApp();
  generateSales(t.app.db, { year: 2024, invoices: 3000, products: 200, timeZone: t.app.config.timeZone });
});

test.after(async () => {
  await t?.close();
});

test('year totals = month totals = the live lines, and stay so after voids', async () => {
  const before = yearTotals('2024');
  assert.ok(before.year.length > 100, `${before.year.length} products`);
  assert.equal(before.year, before.months);
  assert.equal(before.year, before.lines);
  assert.ok(before.categories.length >= 10);
  assert.equal(before.categories, before.monthCategories);
  const paid = t.app.db.prepare("SELECT id FROM sales_invoice WHERE payment_status = 'PAID' ORDER BY id LIMIT 3").pluck().all() as number[];
  for (const id of paid) {
    const v = await t.admin.post(`/api/invoices/${id}/void`, { reason: 'offload test' });
    assert.is(v.status, 200, JSON.stringify(v.body));
  }
  const after = yearTotals('2024');
  assert.equal(after.year, after.months);
  assert.equal(after.year, after.lines);
  assert.equal(after.categories, after.monthCategories);
  assert.not.equal(after.categories, before.categories);
  assert.not.equal(after.year, before.year);
});

test('the yearly report (year totals, on a worker) = the sum of its monthly reports, and = the main-thread figures', async () => {
  const y = (await t.admin.get('/api/reports/sales?type=yearly&year=2024')).body;
  const products: Record<string, { qty: number; revenue: number }> = {};
  let cost = 0;
  for (let m = 1; m <= 12; m++) {
    const month = (await t.admin.get(`/api/reports/sales?type=monthly&month=2024-${String(m).padStart(2, '0')}`)).body;
    for (const [k, v] of Object.entries<{ qty: number; revenue: number }>(month.top_products)) {
      const p = (products[k] ??= { qty: 0, revenue: 0 });
      p.qty += v.qty;
      p.revenue = Math.round((p.revenue + v.revenue) * 100) / 100;
    }
    cost += Math.round(month.cost_of_goods * 100);
  }
  assert.is(Math.round(y.cost_of_goods * 100), cost);
  assert.equal(y.top_products, Object.fromEntries(Object.keys(y.top_products).map((k) => [k, products[k]])));
  assert.is(y.product_count, Object.keys(products).length);
  assert.ok(y.product_count > 100);
  // The top lists as the month path ranks them (same order, same ties).
  const ranked = Object.entries(products).sort(([an, a], [bn, b]) => b.revenue - a.revenue || b.qty - a.qty || (an < bn ? -1 : an > bn ? 1 : 0));
  assert.equal(
    Object.keys(y.top_products),
    ranked.slice(0, 1000).map(([n]) => n),
  );
  const byQty = Object.entries(products).sort(([an, a], [bn, b]) => b.qty - a.qty || b.revenue - a.revenue || (an < bn ? -1 : an > bn ? 1 : 0));
  assert.equal(
    y.top_products_by_qty.map((p: { name: string }) => p.name),
    byQty.slice(0, 1000).map(([n]) => n),
  );
  const direct = salesReport(t.app.db, resolvePeriod({ type: 'yearly', year: '2024' }, t.app.config.timeZone));
  assert.equal(plain(y), plain(direct));
});

test('end of day from the worker = computed here', async () => {
  const r = await t.admin.get('/api/reports/end-of-day?date=2024-03-15');
  assert.is(r.status, 200);
  assert.ok(r.body.invoice_count > 0);
  assert.equal(plain(r.body), plain(endOfDay(t.app.db, '2024-03-15', t.app.config.timeZone)));
});

test('the CSV streamed from the worker: the same bytes as the main-thread stream, headers unchanged', async () => {
  for (const q of [
    { type: 'yearly', year: '2024' },
    { type: 'monthly', month: '2024-02' },
    { type: 'daily', date: '2024-07-04' },
  ] as const) {
    const r = await t.admin.get(`/api/reports/sales/csv?${new URLSearchParams(q as unknown as Record<string, string>)}`);
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], 'text/csv; charset=utf-8');
    assert.is(r.headers['cache-control'], 'no-store');
    const old = await bytesOf(salesCsvStream(t.app.db, resolvePeriod(q, t.app.config.timeZone)));
    assert.ok(old.length > 200);
    assert.ok(r.raw.equals(old), `${q.type}: ${r.raw.length} bytes vs ${old.length}`);
  }
  const year = (await t.admin.get('/api/reports/sales/csv?type=yearly&year=2024')).raw.toString();
  assert.ok(year.split('\n').filter((l) => l.startsWith('INV-')).length > 2000, 'more than one page of invoices');
});

test.run();
