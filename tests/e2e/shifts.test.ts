// Journey through a till's shift in Chromium at 1024x768: name the till, open with a $100 float, ring up a
// cash sale, pay out $5 'Milk for the pantry', close counting the drawer by S$ denomination with a 50 cent
// shortfall, see the variance -$0.50 and the Z report; then the owner finds the shift on /shifts.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { toCents } from '../../core/money.js';
import { DENOMINATIONS } from '../../plugins/shifts/denominations.js';
import { openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

const SCREENSHOTS = path.resolve('tests/e2e/screenshots');
let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1024, height: 768 });
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

const dialog = () => b.page.locator('dialog.modal');
const bar = () => b.page.getByRole('region', { name: 'Till and shift' });
const testId = (id: string) => b.page.getByTestId(id);

/** Screenshots of what the till's screen shows (not the whole scrolled page) at the two till sizes, back to 1024x768 after. */
async function shots(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [w, h] of [
    [1024, 768],
    [1366, 768],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

/** The count per denomination (largest first) that makes `cents`. */
function breakdown(cents: number): Map<string, number> {
  const out = new Map<string, number>();
  let left = cents;
  for (const d of DENOMINATIONS.filter((x) => x.cents <= 10000)) {
    const n = Math.floor(left / d.cents);
    if (n > 0) out.set(d.label, n);
    left -= n * d.cents;
  }
  assert.is(left, 0);
  return out;
}

let saleTotalCents = 0;

test('staff names the till and opens a shift with a $100 float', async () => {
  const { page } = b;
  await step(page, 'shifts-open', async () => {
    await signIn(page, server.url, 'staff');
    await bar().getByText('Name this till').waitFor();
    await bar().getByLabel('Till name').fill('Till 1');
    await bar().getByRole('button', { name: 'Save Till Name' }).click();
    await page.getByText('This till is now named Till 1', { exact: true }).waitFor();
    await bar().getByText('No open shift.').waitFor();
    assert.is(await testId('till-name').textContent(), 'Till 1');
    await bar().getByLabel('Opening float').fill('100');
    await bar().getByRole('button', { name: 'Open Shift' }).click();
    await page.getByText('Shift opened on Till 1 with a float of $100.00', { exact: true }).waitFor();
    await bar().getByRole('button', { name: 'Close Shift' }).waitFor();
    assert.is(await page.evaluate(() => localStorage.getItem('kedai.till')), 'Till 1');
  });
});

test('a cash sale at Till 1 is stamped with the till and counted in the X report', async () => {
  const { page, context } = b;
  await step(page, 'shifts-sale', async () => {
    const product = (await server.t.admin.get('/api/products?pageSize=50')).body.products.find(
      (p: { stock_qty: number; sku: string | null }) => p.stock_qty > 2 && p.sku,
    );
    const search = page.getByRole('searchbox', { name: /Scan or search products/ });
    await search.fill(product.sku);
    await search.press('Enter');
    await page.getByText(`${product.item_name} added to cart`, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    // The till may show the receipt in a new tab: close it when it comes; the shift bar stays on the POS.
    const receiptTab = context.waitForEvent('page', { timeout: 5000 }).catch(() => null);
    await dialog().getByRole('button', { name: 'Complete Checkout' }).click();
    // The sale is done when the server has it (the success toast lasts 3 s: a busy machine can miss it).
    const lastTill = () => server.t.app.db.prepare('SELECT till FROM sales_invoice ORDER BY id DESC LIMIT 1').pluck().get();
    for (let i = 0; i < 100 && lastTill() !== 'Till 1'; i++) await page.waitForTimeout(200);
    await (await receiptTab)?.close();
    await page.bringToFront();
    // Whatever the till shows after a sale (a sale-complete panel, say) is dismissed with Escape.
    if (await dialog().count()) await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    const sale = server.t.app.db.prepare('SELECT grand_total_cents, till FROM sales_invoice ORDER BY id DESC LIMIT 1').get() as {
      grand_total_cents: number;
      till: string;
    };
    assert.is(sale.till, 'Till 1', 'the UI sent X-Kedai-Till');
    saleTotalCents = sale.grand_total_cents;
    await bar().getByRole('button', { name: 'X Report' }).click();
    await dialog().getByRole('heading', { name: 'X Report — Till 1' }).waitFor();
    const drawer = dialog().getByRole('table', { name: 'Cash drawer' });
    await drawer.getByText('Expected cash').waitFor();
    assert.ok((await drawer.textContent())?.includes(`Cash sales$${(saleTotalCents / 100).toFixed(2)}`));
    await shots(page, 'shifts-x-report');
    await dialog().getByRole('button', { name: 'Done' }).click();
    await dialog().waitFor({ state: 'detached' });
  });
});

test("pay out $5 'Milk for the pantry' (no amount first: refused, nothing sent)", async () => {
  const { page } = b;
  await step(page, 'shifts-pay-out', async () => {
    await bar().getByRole('button', { name: 'Pay In/Out' }).click();
    await dialog().getByRole('heading', { name: 'Pay In/Out — Till 1' }).waitFor();
    await dialog().getByRole('button', { name: 'Record' }).click();
    await dialog().getByText('Please enter a valid amount').waitFor();
    await dialog().getByText('Please enter a reason').waitFor();
    assert.is(await dialog().getByLabel('Type').inputValue(), 'PAY_OUT');
    await dialog().getByLabel('Amount').fill('5');
    await dialog().getByLabel('Reason').fill('Milk for the pantry');
    await dialog().getByRole('button', { name: 'Record' }).click();
    await page.getByText('Pay-out of $5.00 recorded', { exact: true }).waitFor();
    await dialog().waitFor({ state: 'detached' });
    await shots(page, 'shifts-pos-bar');
  });
});

test('close the shift counting by denomination, 50 cents short: variance -$0.50 and the Z report', async () => {
  const { page } = b;
  await step(page, 'shifts-close', async () => {
    const expectedCents = toCents(100) + saleTotalCents - toCents(5);
    await bar().getByRole('button', { name: 'Close Shift' }).click();
    await dialog().getByRole('heading', { name: 'Close Shift — Till 1' }).waitFor();
    const money = (c: number) => `$${(c / 100).toFixed(2)}`;
    await page.waitForFunction((text) => document.querySelector('[data-testid="expected-cash"]')?.textContent === text, money(expectedCents));
    for (const [label, n] of breakdown(expectedCents - 50)) await dialog().getByLabel(label, { exact: true }).fill(String(n));
    assert.is(await testId('counted-total').textContent(), money(expectedCents - 50));
    assert.is(await testId('variance').textContent(), '-$0.50 (short)');
    // Every S$ note and coin has its own labelled input.
    for (const label of ['S$50 notes', 'S$2 notes', 'S$1 coins', '20¢ coins', '5¢ coins']) await dialog().getByLabel(label, { exact: true }).waitFor();
    await shots(page, 'shifts-cash-up');
    await dialog().getByRole('button', { name: 'Close Shift' }).click();
    await page.getByText('Shift closed on Till 1. Variance -$0.50', { exact: true }).waitFor();
    await dialog().getByRole('heading', { name: 'Z Report — Till 1' }).waitFor();
    const counted = dialog().getByRole('table', { name: 'Cash counted' });
    assert.ok((await counted.textContent())?.includes('Variance-$0.50 (short)'));
    assert.ok((await dialog().getByRole('table', { name: 'Pay-ins and pay-outs' }).textContent())?.includes('Out: Milk for the pantry-$5.00'));
    await shots(page, 'shifts-z-report');
    await dialog().getByRole('button', { name: 'Done' }).click();
    await bar().getByText('No open shift.').waitFor();
    const row = server.t.app.db.prepare("SELECT counted_cents, expected_cents, variance_cents FROM shifts_shift WHERE till = 'Till 1'").get();
    assert.equal(row, { counted_cents: expectedCents - 50, expected_cents: expectedCents, variance_cents: -50 });
  });
});

test('the owner sees the shift and its variance on /shifts and opens its Z report', async () => {
  const { page } = b;
  await step(page, 'shifts-list', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').waitFor();
    await signIn(page, server.url, 'admin');
    await page.getByRole('link', { name: 'Shifts' }).click();
    await page.getByRole('heading', { name: 'Shifts' }).waitFor();
    const row = page.locator('table.shifts-table tbody tr', { hasText: 'Till 1' });
    await row.getByText('-$0.50 (short)').waitFor();
    await shots(page, 'shifts-list');
    await row.getByRole('button', { name: 'Z Report' }).click();
    await dialog().getByRole('heading', { name: 'Z Report — Till 1' }).waitFor();
    const pdf = await page.request.get(`${server.url}/api/shifts/1/report.pdf`);
    assert.is(pdf.status(), 200);
    assert.match(pdf.headers()['content-type'], /application\/pdf/);
    assert.equal(b.consoleErrors, []);
  });
});

test.run();
