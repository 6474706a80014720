// The Reports screen's "Size curve" view in Chromium at 1366x768 on the demo shop: the owner picks the style that
// sold most in the last 90 days; the table (sizes across) shows what the API answers, its Sold total is the
// stock ledger's sales less returns and voids summed here, and there is a bar per size. Screenshot for the docs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, startOfLocalDay } from '../../core/clock.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const from = addDays(today, -89);

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1366, height: 768 });
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

test('admin: Reports > Size curve > a style; the table is the API, the Sold total is the ledger; a bar per size', async () => {
  const { page } = b;
  await step(page, 'size-curve', async () => {
    // The demo style that sold most in the period (the first 40 styles by name).
    const styles = (await server.t.admin.get('/api/styles?pageSize=40')).body.styles as { id: number; item_name: string; colour: string | null }[];
    let best = { id: 0, sold: -1, label: '', report: null as any };
    for (const s of styles) {
      const r = (await server.t.admin.get(`/api/reports/size-curve?style_id=${s.id}&from=${from}&to=${today}`)).body;
      // A full run of sizes makes the better picture: styles of 6 sizes or more first.
      if (r.totals.sold + (r.sizes.length >= 6 ? 1_000_000 : 0) > best.sold + (best.report?.sizes.length >= 6 ? 1_000_000 : 0))
        best = { id: s.id, sold: r.totals.sold, label: s.colour ? `${s.item_name} (${s.colour})` : s.item_name, report: r };
    }
    assert.ok(best.sold > 0, 'the demo sold something in 90 days');
    for (const s of best.report.sizes) assert.ok(s.sell_through_pct === null || (s.sell_through_pct >= 0 && s.sell_through_pct <= 100), JSON.stringify(s));
    // The ledger, summed here: sales less returns and voids of the style's sizes in the period.
    const tz = server.t.app.config.timeZone;
    const ledgerSold = -(server.t.app.db
      .prepare(
        `SELECT total(m.qty_delta) FROM inventory_stock_movement m JOIN inventory_product p ON p.id = m.product_id
         WHERE p.style_id = ? AND m.reason IN ('SALE', 'RETURN', 'VOID') AND m.created_at >= ? AND m.created_at < ?`,
      )
      .pluck()
      .get(best.id, startOfLocalDay(from, tz).toISOString(), startOfLocalDay(addDays(today, 1), tz).toISOString()) as number);
    assert.is(best.report.totals.sold, ledgerSold);

    await signIn(page, server.url, 'admin');
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('button', { name: 'Size curve' }).click();
    await page.getByRole('heading', { name: 'Size Curve' }).waitFor();
    assert.is(await page.getByLabel('From').inputValue(), from);
    assert.is(await page.getByLabel('To').inputValue(), today);
    await page.locator('#curve-value').selectOption({ label: best.label });
    const table = page.locator('table.size-curve-table');
    await table.waitFor();
    const head = await table.locator('thead th').allTextContents();
    assert.equal(head, ['Size', ...best.report.sizes.map((s: { size: string }) => s.size), 'Total']);
    const soldRow = await table.locator('tbody tr[data-row="sold"] td').allTextContents();
    assert.equal(soldRow, [...best.report.sizes.map((s: { sold: number }) => String(s.sold)), String(ledgerSold)]);
    const stRow = await table.locator('tbody tr[data-row="sell_through_pct"] td').allTextContents();
    assert.equal(
      stRow.slice(0, -1),
      best.report.sizes.map((s: { sell_through_pct: number | null }) => (s.sell_through_pct === null ? '-' : `${s.sell_through_pct}%`)),
    );
    assert.is(await page.locator('.size-curve rect.chart-bar').count(), best.report.sizes.length);
    // The table fits the 1366 px screen: no sideways scroll for a full size run.
    const box = await table.boundingBox();
    assert.ok(box && box.x + box.width <= 1366, JSON.stringify(box));
    const tab = await page.getByRole('button', { name: 'Size curve' }).boundingBox();
    assert.ok(tab && tab.height >= 44 && tab.width >= 44, JSON.stringify(tab));
    // The sign-in toast dismissed (a tap), so the picture shows the report alone.
    while ((await page.locator('.toast').count()) > 0) await page.locator('.toast').first().click();
    await docShot(page, 'size-curve', { viewport: true });
  });
});

test("Add Style: the men's preset with half sizes, then a From/to range in UK; finger-sized controls", async () => {
  const { page } = b;
  const dialog = page.locator('dialog.modal');
  await step(page, 'size-run-range', async () => {
    await page.goto(`${server.url}/inventory?view=styles`);
    await page.getByRole('button', { name: '+ Add Style' }).click();
    await dialog.getByRole('heading', { name: 'Add Style' }).waitFor();
    const labels = await dialog.getByLabel('Size run').locator('option').allTextContents();
    assert.equal(labels, [
      'Choose a size run...',
      'EU 35-47',
      'EU 36-42 (women)',
      'EU 39-46 (men)',
      'UK 3-13',
      'US 4-14',
      'Kids EU 24-34',
      'From / to...',
      'Custom',
    ]);
    await dialog.getByLabel('Size run').selectOption({ label: 'EU 39-46 (men)' });
    await dialog.getByLabel('Half sizes').check();
    await dialog.getByLabel('Size of row 15').waitFor();
    assert.is(await dialog.locator('table.size-rows tbody tr').count(), 15);
    assert.is(await dialog.getByLabel('Size of row 2').inputValue(), '39.5');
    await dialog.getByLabel('Size run').selectOption({ label: 'From / to...' });
    await dialog.getByLabel('System').selectOption('UK');
    await dialog.getByLabel('From', { exact: true }).fill('6');
    await dialog.getByLabel('To', { exact: true }).fill('8');
    await dialog.getByLabel('Size of row 5').waitFor();
    const sizes = [];
    for (let i = 1; i <= 5; i++) sizes.push(await dialog.getByLabel(`Size of row ${i}`).inputValue());
    assert.equal(sizes, ['UK 6', 'UK 6.5', 'UK 7', 'UK 7.5', 'UK 8']);
    assert.is(await dialog.locator('table.size-rows tbody tr').count(), 5);
    for (const name of ['Size run', 'System']) {
      const box = await dialog.getByLabel(name).boundingBox();
      assert.ok(box && box.height >= 44, `${name}: ${JSON.stringify(box)}`);
    }
    for (const name of ['From', 'To']) {
      const box = await dialog.getByLabel(name, { exact: true }).boundingBox();
      assert.ok(box && box.height >= 44, `${name}: ${JSON.stringify(box)}`);
    }
    await dialog.getByLabel('To', { exact: true }).fill('5');
    await dialog.getByText('From must not be above To').waitFor();
    await dialog.getByLabel('To', { exact: true }).fill('8');
    await dialog.getByLabel('Size run').scrollIntoViewIfNeeded();
    await docShot(page, 'size-run-range', { viewport: true });
  });
});

test.run();
