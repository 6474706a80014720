// Journey through the Reports screen in Chromium on the demo data: daily view with End of Day, monthly
// chart, yearly picker, CSV download (file name, content, toast), printing (print stylesheet), the empty
// state, and staff being kept out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';
import { formatMoney, toCents } from '../../core/money.js';

/** Dollars as every screen shows them: "$1,234.56". */
const usd = (dollars: number) => formatMoney(toCents(dollars));

let server: TestServer;
let b: TestBrowser;

/** Today in the shop's zone (the screen's default period). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** A month with plenty of demo sales (35 days of history): this one, or the last one early in a month. */
const month =
  Number(today.slice(8)) >= 8 ? today.slice(0, 7) : new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

test('admin opens Reports from the nav: today by default, cards, method bars, End of Day', async () => {
  const { page } = b;
  await step(page, 'reports-daily', async () => {
    await signIn(page, server.url, 'admin');
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('heading', { name: 'Sales Reports' }).waitFor();
    assert.is(await page.getByLabel('Date').inputValue(), today);
    // The API's own figures for today, to compare with what the screen shows.
    const api = (await server.t.admin.get(`/api/reports/sales?type=daily&date=${today}`)).body;
    if (api.invoice_count === 0) {
      await page.getByText('No report data available for selected period').waitFor();
      return;
    }
    const card = page.locator('.report-card').filter({ hasText: 'Total Sales' });
    await card.waitFor();
    assert.ok((await card.textContent())?.includes(usd(api.total_sales)));
    const bars = await page.locator('.method-bar').count();
    assert.is(bars, Object.keys(api.totals_by_method).length);
    assert.ok((await page.locator('.method-bar').first().textContent())?.match(/\(\d+\.\d%\)/));
    await page.locator('.end-of-day').getByText('Expected cash in drawer').waitFor();
    const eod = (await server.t.admin.get(`/api/reports/end-of-day?date=${today}`)).body;
    assert.ok((await page.locator('.end-of-day').textContent())?.includes(usd(eod.cash.expected_in_drawer)));
    assert.is(await page.locator('.report-invoices tbody tr').count(), api.invoices.length);
    await shot(page, 'reports-daily');
  });
});

test('monthly: daily breakdown chart with a bar per day; top 5 by quantity with See More', async () => {
  const { page } = b;
  await step(page, 'reports-monthly', async () => {
    await page.getByLabel('Report Period').selectOption('monthly');
    assert.is(await page.getByLabel('Month').inputValue(), today.slice(0, 7));
    await page.getByLabel('Month').fill(month);
    await page.getByRole('heading', { name: 'Daily Breakdown' }).waitFor();
    const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
    assert.is(await page.locator('.report-chart rect').count(), days);
    assert.is(await page.locator('.top-by-qty tbody tr').count(), 5);
    await page.getByRole('button', { name: 'See More' }).click();
    assert.ok((await page.locator('.top-by-qty tbody tr').count()) > 5);
    assert.ok((await page.locator('.top-categories tbody tr').count()) <= 10);
    assert.is(await page.locator('.end-of-day').count(), 0);
    await shot(page, 'reports-monthly');
  });
});

test('Export CSV downloads sales-report-monthly-<month>.csv and toasts', async () => {
  const { page } = b;
  await step(page, 'reports-csv', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.is(download.suggestedFilename(), `sales-report-monthly-${month}.csv`);
    await page.getByText('CSV export started!', { exact: true }).waitFor();
    const file = await download.path();
    const fs = await import('node:fs');
    const csv = fs.readFileSync(file!, 'utf8');
    assert.ok(csv.startsWith('Invoice Number,Date,Customer,Payment Method,Status,Subtotal,Discount,GST,Total\n'), csv.slice(0, 200));
    const api = (await server.t.admin.get(`/api/reports/sales?type=monthly&month=${month}`)).body;
    assert.ok(csv.includes(`\nTotal Sales,${api.total_sales.toFixed(2)}\n`));
    assert.is(csv.split('\n').filter((l) => l.startsWith('INV-')).length, api.invoice_count);
  });
});

test('Print Report calls window.print; the print stylesheet hides the shell and the controls', async () => {
  const { page } = b;
  await step(page, 'reports-print', async () => {
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByRole('button', { name: 'Print Report' }).click();
    assert.is(await page.evaluate(() => (window as unknown as { printed: number }).printed), 1);
    await page.emulateMedia({ media: 'print' });
    assert.is(await page.locator('.app-header').isVisible(), false);
    assert.is(await page.locator('.report-controls').isVisible(), false);
    assert.is(
      await page
        .getByRole('button', { name: 'See More' })
        .or(page.getByRole('button', { name: 'Show Less' }))
        .isVisible(),
      false,
    );
    assert.ok(await page.locator('.report-print-title').isVisible());
    assert.ok(await page.locator('.report-cards').isVisible());
    await shot(page, 'reports-print');
    await page.emulateMedia({ media: 'screen' });
  });
});

test('yearly: the current year and the 4 before; an old year has no data', async () => {
  const { page } = b;
  await step(page, 'reports-yearly', async () => {
    await page.getByLabel('Report Period').selectOption('yearly');
    const year = Number(today.slice(0, 4));
    const options = await page.getByLabel('Year').locator('option').allTextContents();
    assert.equal(
      options,
      [0, 1, 2, 3, 4].map((i) => String(year - i)),
    );
    await page.getByRole('heading', { name: 'Monthly Breakdown' }).waitFor();
    await page.getByLabel('Year').selectOption(String(year - 4));
    await page.getByText('No report data available for selected period').waitFor();
    assert.is(await page.locator('.report-cards').count(), 0);
    await shot(page, 'reports-empty');
    assert.equal(b.consoleErrors, []);
  });
});

test('staff: no Reports link, and /reports says Access Denied', async () => {
  const { page } = b;
  await step(page, 'reports-staff', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await signIn(page, server.url, 'staff');
    assert.is(await page.getByRole('link', { name: 'Reports', exact: true }).count(), 0);
    await page.goto(`${server.url}/reports`);
    await page.getByText('Access Denied', { exact: true }).waitFor();
  });
});

test.run();
