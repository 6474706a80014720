// happy-dom tests of the Reports screen: the period picker and its requests, summary cards, method bars
// with percentages, the monthly chart, top lists with See More, the invoice table, the empty state,
// Export CSV (link, file name, toast), Print Report and the End of Day panel.
import { act, flush, mockFetch, render as renderNode, unmount as unmountNode } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { default: ReportsScreen, NO_DATA } = await import('./reports-screen.js');
const period = await import('./period.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type SalesReport = import('./types.js').SalesReport;
type EndOfDay = import('./types.js').EndOfDay;

/** A report for any period: 12 products, 11 categories, 3 invoices (or nothing when empty). */
function fakeReport(q: URLSearchParams, empty = false): SalesReport {
  const type = q.get('type') as SalesReport['type'];
  const value = q.get('date') ?? q.get('month') ?? q.get('year') ?? '';
  const start = type === 'daily' ? value : type === 'monthly' ? `${value}-01` : `${value}-01-01`;
  const end =
    type === 'daily'
      ? value
      : type === 'monthly'
        ? `${value}-${new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)), 0)).getUTCDate()}`
        : `${value}-12-31`;
  const products = Array.from({ length: 12 }, (_, i) => ({ name: `Shoe ${String.fromCharCode(65 + i)}`, qty: 12 - i, revenue: (12 - i) * 100 }));
  const n = empty ? 0 : 3;
  return {
    type,
    value,
    start_date: start,
    end_date: end,
    total_sales: empty ? 0 : 1090,
    charges_total: 0,
    charges: [],
    invoice_count: n,
    total_gst: empty ? 0 : 90,
    net_sales: empty ? 0 : 1000,
    average_sale: empty ? 0 : 363.33,
    items_sold: empty ? 0 : 78,
    discount_total: 0,
    invoice_discount_total: 0,
    cost_of_goods: empty ? 0 : 600,
    gross_profit: empty ? 0 : 400,
    gross_margin_percent: empty ? null : 40,
    returns_total: empty ? 0 : 27.25,
    returns_gst: 0,
    credit_note_count: empty ? 0 : 1,
    void_count: 0,
    void_total: 0,
    totals_by_method: empty ? {} : { CASH: 545, NETS: 327, CREDIT: 218 },
    method_counts: empty ? {} : { CASH: 1, NETS: 1, CREDIT: 1 },
    collections_by_method: empty ? {} : { BANK_TRANSFER: 50 },
    credit_notes_applied: 0,
    credit_notes_taken: 0,
    refunds_by_method: {},
    refunds_total: 0,
    tender_refunds_by_method: {},
    liabilities: [],
    rounding_total: 0,
    totals_by_category: empty ? {} : Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`Cat ${i + 1}`, 100 - i])),
    top_categories: empty ? [] : Array.from({ length: 11 }, (_, i) => ({ category: `Cat ${i + 1}`, qty: 11 - i, revenue: 100 - i })),
    top_products: empty ? {} : Object.fromEntries(products.map((p) => [p.name, { qty: p.qty, revenue: p.revenue }])),
    top_products_by_qty: empty ? [] : products,
    product_count: empty ? 0 : 12,
    daily_breakdown: empty ? {} : { [start]: 1090 },
    monthly_breakdown: empty ? {} : { [start.slice(0, 7)]: 1090 },
    adjustments: empty
      ? []
      : [
          { source: 'promotions', code: 'BUY_X_GET_Y', label: 'Second pair 50%', units: 4, amount: 80 },
          { source: 'loyalty', code: 'POINTS', label: 'Points <redeemed>', units: 0, amount: 12.5 },
        ],
    invoices: Array.from({ length: n }, (_, i) => ({
      id: 10 + i,
      date: `${start}T0${i + 2}:00:00.000Z`,
      business_date: start,
      number: `INV-${start.replace(/-/g, '')}-000${3 - i}`,
      customer_name: i === 2 ? 'Harbour Dance Studio' : 'Walk-in Customer',
      total: [545, 327, 218][i],
      payment_method: ['CASH', 'NETS', 'CREDIT'][i],
      status: i === 2 ? 'UNPAID' : 'PAID',
    })),
    invoice_list_limit: 500,
    invoice_list_truncated: false,
    generated_at: new Date().toISOString(),
  };
}

function fakeEndOfDay(date: string): EndOfDay {
  return {
    date,
    invoice_count: 3,
    total_sales: 1090,
    total_gst: 90,
    net_sales: 1000,
    charges_total: 0,
    charges: [],
    first_invoice_number: 'INV-1',
    last_invoice_number: 'INV-3',
    void_count: 0,
    void_total: 0,
    rounding_total: 0,
    by_method: { CASH: { count: 1, amount: 545 } },
    payments_received: { CASH: { count: 1, amount: 20 } },
    payments_received_total: 20,
    credit_notes_applied: { count: 0, amount: 0 },
    voided_sales_received: {},
    refunds: {},
    refunds_total: 0,
    tender_refunds: { GIFT_CARD: { count: 1, amount: 60 } },
    // #29: a liability source's day (gift cards), as the server sends it.
    liabilities: [
      {
        key: 'gift_cards',
        label: 'Gift cards',
        opening: 70,
        lines: [
          { code: 'SOLD', label: 'Sold', amount: 50 },
          { code: 'REDEEMED', label: 'Redeemed', amount: -50 },
          { code: 'REFUNDED', label: 'Put back by returns', amount: 60 },
          { code: 'VOIDED', label: 'Voided', amount: 0 },
        ],
        closing: 130,
        expired: 0,
      },
    ],
    credit_notes_taken: { count: 0, amount: 0 },
    cash: {
      tendered: 600,
      change_given: 55,
      opening_floats: 0,
      cash_sales: 545,
      voided_cash_sales: 0,
      customer_payments: 20,
      refunds: 0,
      pay_ins: 0,
      pay_outs: 0,
      expected_in_drawer: 565,
    },
    back_office: { refunds: {}, cash_paid_out: 0 },
    returns_total: 0,
    credit_notes: { count: 0, amount: 0, gst: 0, from_returns: { count: 0, amount: 0 }, manual: { count: 0, amount: 0 } },
    generated_at: new Date().toISOString(),
  };
}

let urls: string[] = [];
let emptyReports = false;
mockFetch(({ url }) => {
  urls.push(url);
  const u = new URL(url, 'http://localhost:3000');
  const body = u.pathname === '/api/reports/end-of-day' ? fakeEndOfDay(u.searchParams.get('date')!) : fakeReport(u.searchParams, emptyReports);
  return { status: 200, body };
});

let container: HTMLElement;
async function render() {
  urls = [];
  container = await renderNode(<ReportsScreen />);
  await flush(10);
}
async function unmount() {
  await unmountNode();
  clearToasts();
}
const text = () => container.textContent ?? '';
const button = (label: string) => {
  const b = [...container.querySelectorAll<HTMLElement>('button, [role="button"]')].find((x) => x.textContent?.trim() === label);
  if (!b) throw new Error(`no button "${label}"`);
  return b;
};
const select = (label: string) => {
  const l = [...container.querySelectorAll('label')].find((x) => x.textContent === label);
  const el = (l ? container.querySelector(`#${l.htmlFor}`) : null) as HTMLSelectElement | HTMLInputElement | null;
  if (!el) throw new Error(`no control "${label}"`);
  return el;
};
async function change(el: HTMLSelectElement | HTMLInputElement, value: string) {
  await act(async () => {
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
  await flush(10);
}
const rows = (sel: string) => container.querySelectorAll(`${sel} tbody tr`).length;

test('period helpers: defaults, the five years, query, CSV link and name', () => {
  const now = new Date('2026-01-01T17:30:00Z'); // already 2 Jan 01:30 in Singapore
  assert.equal(period.initialPeriod(now), { type: 'daily', date: '2026-01-02', month: '2026-01', year: '2026' });
  assert.equal(period.yearOptions(now), ['2026', '2025', '2024', '2023', '2022']);
  const p = { type: 'monthly' as const, date: '2024-05-01', month: '2024-05', year: '2024' };
  assert.equal(period.periodQuery(p), { type: 'monthly', month: '2024-05' });
  assert.is(period.csvHref(p), '/api/reports/sales/csv?type=monthly&month=2024-05');
  assert.is(period.csvFileName(p), 'sales-report-monthly-2024-05.csv');
  assert.is(period.csvFileName({ ...p, type: 'yearly' }), 'sales-report-yearly-2024.csv');
  assert.is(period.periodReady({ ...p, type: 'daily', date: '' }), false);
});

test('daily view: cards, method bars with percentages, top lists, invoices, End of Day', async () => {
  await render();
  const today = period.shopToday();
  assert.ok(urls.includes(`/api/reports/sales?type=daily&date=${today}`), urls.join(' '));
  assert.ok(urls.includes(`/api/reports/end-of-day?date=${today}`), urls.join(' '));
  assert.ok(text().includes('Total Sales'));
  assert.ok(text().includes('$1,090.00'));
  assert.ok(text().includes('Gross Profit'));
  const bars = [...container.querySelectorAll('.method-bar')].map((b) => b.textContent);
  assert.equal(bars, ['Cash$545.00 (50.0%)', 'NETS$327.00 (30.0%)', 'Credit$218.00 (20.0%)']);
  assert.is(rows('.top-categories'), 10);
  assert.is(rows('.top-products'), 10);
  assert.is(rows('.top-by-qty'), 5);
  await act(async () => button('See More').click());
  assert.is(rows('.top-by-qty'), 12);
  await act(async () => button('Show Less').click());
  assert.is(rows('.top-by-qty'), 5);
  assert.is(rows('.report-invoices'), 3);
  // #28.2: the adjustments by label (any plugin's), units and cost, with their total.
  const adjustments = container.querySelector('.report-adjustments')!;
  assert.is(adjustments.querySelector('h3')!.textContent, 'Promotions and adjustments');
  assert.equal(
    [...adjustments.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent)),
    [
      ['Name', 'Units', 'Cost'],
      ['Second pair 50%', '4', '$80.00'],
      ['Points <redeemed>', '0', '$12.50'],
      ['Total', '4', '$92.50'],
    ],
  );
  assert.ok(container.querySelector('.report-invoices')!.textContent!.includes('Harbour Dance Studio'));
  const eod = container.querySelector('.end-of-day')!.textContent!;
  assert.ok(eod.includes('End of Day'));
  assert.ok(eod.includes('Expected cash in drawer$565.00'), eod);
  assert.ok(eod.includes('INV-1 to INV-3'));
  // #29: the card's part of a return is shown apart from money refunds; the liability line and its table.
  assert.ok(eod.includes('Put back on gift card (not cash)$60.00'), eod);
  const held = container.querySelector('.end-of-day .report-liabilities')!;
  assert.is(held.querySelector('h3')!.textContent, 'Held for customers');
  assert.is(held.querySelector('.liability-summary')!.textContent, 'Gift cards: sold $50.00, redeemed $50.00, put back by returns $60.00, outstanding $130.00');
  assert.equal(
    [...held.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent)),
    [
      ['Opening', '$70.00'],
      ['Sold', '$50.00'],
      ['Redeemed', '-$50.00'],
      ['Put back by returns', '$60.00'],
      ['Voided', '$0.00'],
      ['Outstanding', '$130.00'],
    ],
  );
  assert.is(container.querySelector('.report-chart'), null, 'no breakdown chart for one day');
  await unmount();
});

test('monthly view: one request with the month, a bar per day, no End of Day', async () => {
  await render();
  await change(select('Report Period'), 'monthly');
  await change(select('Month'), '2024-02');
  assert.ok(urls.includes('/api/reports/sales?type=monthly&month=2024-02'), urls.join(' '));
  assert.ok(text().includes('Daily Breakdown'));
  assert.is(container.querySelectorAll('.report-chart rect').length, 29);
  assert.is(container.querySelector('.report-chart rect[data-key="2024-02-01"] title')!.textContent, '01 Feb 2024: $1,090.00');
  assert.is(container.querySelector('.end-of-day'), null);
  await unmount();
});

test('yearly view: the current year and the 4 before it, a monthly chart', async () => {
  await render();
  await change(select('Report Period'), 'yearly');
  const year = select('Year') as HTMLSelectElement;
  assert.equal(
    [...year.options].map((o) => o.value),
    period.yearOptions(),
  );
  await change(year, period.yearOptions()[3]);
  assert.ok(urls.includes(`/api/reports/sales?type=yearly&year=${period.yearOptions()[3]}`), urls.join(' '));
  assert.is(container.querySelectorAll('.report-chart rect').length, 12);
  await unmount();
});

test('Export CSV is a download link named after the period; it toasts; Print Report prints', async () => {
  await render();
  await change(select('Report Period'), 'monthly');
  await change(select('Month'), '2024-05');
  const link = button('Export CSV') as HTMLAnchorElement;
  assert.is(link.tagName, 'A');
  assert.is(link.getAttribute('href'), '/api/reports/sales/csv?type=monthly&month=2024-05');
  assert.is(link.getAttribute('download'), 'sales-report-monthly-2024-05.csv');
  const stop = (e: Event) => e.preventDefault(); // no navigation inside happy-dom
  document.addEventListener('click', stop);
  await act(async () => link.click());
  document.removeEventListener('click', stop);
  assert.equal(
    toasts.value.map((t) => t.message),
    ['CSV export started!'],
  );
  let printed = 0;
  window.print = () => {
    printed++;
  };
  await act(async () => button('Print Report').click());
  assert.is(printed, 1);
  await unmount();
});

test('no sales in the period: the spec (docs/spec.md) empty message, no cards', async () => {
  emptyReports = true;
  await render();
  assert.ok(text().includes(NO_DATA));
  assert.is(NO_DATA, 'No report data available for selected period');
  assert.is(container.querySelector('.report-cards'), null);
  emptyReports = false;
  await unmount();
});

test.run();
