// Journey through the Inventory screen's style view in Chromium: switch to Styles, add a 14-size EU style in one
// form (size-run picker, one barcode typed), see its size x stock grid, expand it, adjust one size's stock and
// find the change in its Stock History; the low-stock badge on Inventory and POS. Screenshots at 1024x768 and 1366x768.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

const NAME = 'Onitsuka Tiger Mexico 66 Kill Bill';
const BARCODE = '4006381333931';
const VIEWPORTS = [
  [1024, 768],
  [1366, 768],
] as const;

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/**
 * Screenshots at both till widths (back to 1280x800 after): the whole page, or only what the screen shows
 * (a modal is fixed to the screen, so a full-page picture would cut it off).
 */
async function shots(name: string, fullPage = true) {
  for (const [w, h] of VIEWPORTS) {
    await b.page.setViewportSize({ width: w, height: h });
    await b.page.waitForTimeout(150);
    if (fullPage) await shot(b.page, `${name}-${w}x${h}`);
    else await b.page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${w}x${h}.png`) });
  }
  await b.page.setViewportSize({ width: 1280, height: 800 });
}

test('admin switches to Styles and sees each style with its size x stock grid', async () => {
  const { page } = b;
  await step(page, 'styles-list', async () => {
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/inventory`);
    await page.getByRole('heading', { name: 'Inventory' }).waitFor();
    // Products is the default view (the SPEC's table).
    await page.locator('table.inventory-table tbody tr').first().waitFor();
    assert.is(await page.getByRole('button', { name: 'Products', exact: true }).getAttribute('aria-pressed'), 'true');
    await page.getByRole('button', { name: 'Styles', exact: true }).click();
    await page.waitForURL(/\/inventory\?view=styles$/);
    await page.locator('table.styles-table tbody tr[data-style-id]').first().waitFor();
    const headers = await page.locator('table.styles-table > thead th').allTextContents();
    assert.equal(headers, ['Style', 'Colour', 'Price', 'Stock', 'Sizes', 'Actions']);
    const total = (await server.t.staff.get('/api/styles')).body.count as number;
    await page.getByText(`Showing 20 of ${total} styles`).waitFor();
    await page.getByRole('button', { name: '+ Add Style' }).waitFor();
    // A demo style with a sold-out size: its chip carries the ✕ as well as the colour.
    const samba = page.locator('tr[data-style-id]', { hasText: 'Adidas Samba OG Black' });
    await samba.locator('.size-chip.size-out').first().waitFor();
    assert.match((await samba.locator('.size-chip.size-out').first().textContent()) ?? '', /0 ✕/);
    await shots('styles-list');
    // The view is in the link: a reload stays on Styles.
    await page.reload();
    await page.locator('table.styles-table').waitFor();
  });
});

test('a new user adds a style in 14 sizes in one form, expands it, adjusts one size and sees it in History', async () => {
  const { page } = b;
  const dialog = page.locator('dialog.modal');
  await step(page, 'add-style', async () => {
    await page.getByRole('button', { name: '+ Add Style' }).click();
    await dialog.getByRole('heading', { name: 'Add Style' }).waitFor();
    // Nothing typed: the errors show and nothing is sent.
    await dialog.getByRole('button', { name: 'Add Style' }).click();
    await dialog.getByText('Style name is required').waitFor();
    await dialog.getByText('SKU prefix is required').waitFor();
    await dialog.getByText('Add at least one size').waitFor();
    await dialog.getByLabel('Style Name *').fill(NAME);
    await dialog.getByLabel('Colour').fill('Yellow/Black');
    await dialog.getByLabel('Brand').fill('Onitsuka Tiger');
    await dialog.getByLabel('Category').fill('Sneakers');
    await dialog.getByLabel('Material').fill('Leather');
    await dialog.getByLabel('Cost ($) *').fill('88');
    await dialog.getByLabel('Selling Price ($) *').fill('189.90');
    await dialog.getByLabel('Reorder Point').fill('2');
    await dialog.getByLabel('SKU Prefix *').fill('OT-M66-YLW');
    await dialog.getByLabel('Size run').selectOption({ label: 'EU 35-47' });
    await dialog.getByLabel('Size of row 13').waitFor();
    assert.is(await dialog.locator('table.size-rows tbody tr').count(), 13);
    await dialog.locator('article').evaluate((a) => {
      a.scrollTop = 0;
    });
    await shots('add-style-fields', false);
    await dialog.getByRole('button', { name: 'Add size' }).click();
    await dialog.getByLabel('Size of row 14').fill('48');
    await dialog.getByLabel('Opening stock for size 42').fill('5');
    await dialog.getByLabel('Opening stock for size 41').fill('4');
    await dialog.getByLabel('Barcode for size 42').fill(BARCODE);
    await dialog.getByText('Sizes (14)').waitFor();
    await shots('add-style', false);
    await dialog.getByRole('button', { name: 'Add Style' }).click();
    await page.getByText(`Style ${NAME} added successfully`, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const style = (await server.t.admin.get(`/api/styles?search=${encodeURIComponent('Kill Bill')}`)).body.styles[0];
    assert.is(style.products.length, 14);
    assert.is(style.stock_qty, 9);
    assert.is(style.selling_price, 189.9);
    assert.is(style.reorder_point, 2);
    const s42 = style.products.find((p: { size: string }) => p.size === '42');
    assert.is(s42.barcode, BARCODE);
    assert.is(s42.sku, 'OT-M66-YLW-42');
  });
  await step(page, 'style-grid', async () => {
    await page.getByPlaceholder(/Search styles/).fill('Kill Bill');
    const row = page.locator('tr[data-style-id]', { hasText: NAME });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table.styles-table tr[data-style-id]').length === 1);
    const chips = row.locator('.size-chip');
    assert.is(await chips.count(), 14);
    // 12 sizes opened at 0 (sold out) and 2 above the reorder point of 2.
    assert.is(await row.locator('.size-chip.size-out').count(), 12);
    // The new style opens on its sizes.
    const toggle = row.getByRole('button', { name: 'Hide sizes' });
    assert.is(await toggle.getAttribute('aria-expanded'), 'true');
    await toggle.click();
    await row.getByRole('button', { name: 'Show sizes' }).click();
    const sizes = page.getByRole('table', { name: `Sizes of ${NAME}` });
    await sizes.waitFor();
    assert.is(await sizes.locator('tbody tr').count(), 14);
    const r42 = sizes.locator('tbody tr', { hasText: 'OT-M66-YLW-42' });
    assert.ok((await r42.textContent())?.includes(BARCODE));
    await shots('styles-expanded', false);
  });
  await step(page, 'style-adjust', async () => {
    await page.getByRole('button', { name: 'Adjust Stock of size 42' }).click();
    await dialog.getByRole('heading', { name: `Adjust Stock: ${NAME} (size 42)` }).waitFor();
    await dialog.getByLabel('Change (+ adds, − removes) *').fill('-9');
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await dialog.getByText('Stock cannot go below 0 (in stock: 5)').waitFor();
    await dialog.getByLabel('Change (+ adds, − removes) *').fill('3');
    await dialog.getByText('after this change: 8').waitFor();
    await dialog.getByLabel('Reason *').selectOption('Found');
    await dialog.getByLabel('Note').fill('Box behind the counter');
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await page.getByText(`Stock adjusted for ${NAME}`, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const sizes = page.getByRole('table', { name: `Sizes of ${NAME}` });
    await sizes.locator('tbody tr', { hasText: 'OT-M66-YLW-42' }).locator('td.num').first().filter({ hasText: '8' }).waitFor();
    await page.locator('tr[data-style-id]', { hasText: NAME }).locator('td.num', { hasText: '12' }).waitFor();
  });
  await step(page, 'style-history', async () => {
    await page.getByRole('button', { name: 'History of size 42' }).click();
    await dialog.getByRole('heading', { name: `Stock History: ${NAME} (size 42)` }).waitFor();
    const rows = dialog.locator('table.movements-table tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    assert.is(texts.length, 2);
    assert.ok(
      texts[0].includes('+3') && texts[0].includes('Adjustment') && texts[0].includes('Found: Box behind the counter') && texts[0].endsWith('8'),
      texts[0],
    );
    assert.ok(texts[1].includes('+5') && texts[1].includes('Opening stock'), texts[1]);
    await shot(page, 'styles-history');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });
  await step(page, 'low-stock-badge', async () => {
    // The new style's 12 empty sizes are at or below its reorder point of 2: the head's badge counts them.
    const report = (await server.t.admin.get('/api/reports/low-stock')).body as { count: number; items: { sku: string }[] };
    assert.ok(report.items.some((i) => i.sku === 'OT-M66-YLW-35'));
    const badge = page.getByRole('button', { name: `Low stock: ${report.count}` });
    await badge.waitFor();
    await badge.click();
    await dialog.getByRole('heading', { name: 'Low Stock' }).waitFor();
    await dialog.locator('table.low-stock-table tbody tr', { hasText: 'OT-M66-YLW-35' }).waitFor();
    assert.is(await dialog.locator('table.low-stock-table tbody tr').count(), report.count);
    await shot(page, 'low-stock-list');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });
  await step(page, 'style-duplicate-barcode', async () => {
    // The server names the size row whose barcode is taken; the toast says the style was not added.
    await page.getByRole('button', { name: '+ Add Style' }).click();
    await dialog.getByLabel('Style Name *').fill('Copy Style');
    await dialog.getByLabel('Cost ($) *').fill('1');
    await dialog.getByLabel('Selling Price ($) *').fill('2');
    await dialog.getByLabel('SKU Prefix *').fill('CPY');
    await dialog.getByLabel('Size run').selectOption({ label: 'Custom' });
    await dialog.getByLabel('Custom sizes').fill('36, 36.5, 37');
    await dialog.getByLabel('Barcode for size 36.5').fill(BARCODE);
    await dialog.getByRole('button', { name: 'Add Style' }).click();
    await page.locator('.toast', { hasText: 'Failed to add style' }).waitFor();
    await dialog.getByText(`Barcode ${BARCODE} already exists`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.is((await server.t.admin.get('/api/styles?search=Copy%20Style')).body.count, 0);
  });
  // The 409 of the refused barcode is expected.
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('409')),
    [],
  );
});

test('the POS shows the same low-stock badge to staff', async () => {
  const { page } = b;
  await step(page, 'pos-low-stock', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.url, 'staff');
    const count = (await server.t.staff.get('/api/reports/low-stock')).body.count as number;
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: `Low stock: ${count}` }).waitFor();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pos-low-stock-1024x768.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('409')),
    [],
  );
});

test.run();
