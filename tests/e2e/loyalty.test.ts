// #29 loyalty at the till in Chromium, 1024x768: a customer joins at the till with a name and a phone number and
// buys shoes (the points earned show when the sale completes); on the next visit the cashier finds them by the
// phone's digits, their points show beside them and pay part of the sale; the customer screen lists the history
// (earned, redeemed) with the points and invoices. The customer picker at 390x844 too. Every control a finger
// uses is at least 44x44 px; after the sale the focus is back in the POS search.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { makeProduct } from '../../plugins/credit-notes/test-support.js';
import { docShot, navTo, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
});
test.after(async () => {
  await b?.close();
  await server?.close();
});

/** Fails unless the control is at least 44x44 px on screen. */
async function assertTouchSize(el: Locator, what: string) {
  const box = await el.boundingBox();
  assert.ok(box, `${what} is on screen`);
  assert.ok(box!.width >= 44 && box!.height >= 44, `${what} is ${box!.width}x${box!.height}, under 44x44`);
}

/** Scans the product into the cart and opens Checkout (F9); the dialog. */
async function checkoutWith(page: Page, sku: string): Promise<Locator> {
  const search = page.getByLabel('Scan or search products');
  await search.fill(sku);
  await search.press('Enter');
  // In the cart (a drawer at 390x844, closed: the cart bar shows the count).
  await page.locator('.cart-row').first().waitFor({ state: 'attached' });
  await page.keyboard.press('F9');
  const dialog = page.locator('dialog.modal');
  await dialog.getByRole('heading', { name: 'Complete Checkout' }).waitFor();
  return dialog;
}

/** Completes the checkout; the POST's request body and reply. */
async function complete(page: Page, dialog: Locator) {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Complete Checkout' }).click(),
  ]);
  assert.is(res.status(), 201, await res.text());
  await page.getByTestId('sale-complete').waitFor();
  return { sent: res.request().postDataJSON(), reply: await res.json() };
}

/** 'New sale': the dialog closes and the POS search has the focus again. */
async function newSale(page: Page) {
  await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByTestId('sale-complete').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Scan or search products');
}

test('join at the till, earn, find by phone digits, pay partly with points; the customer screen shows the history', async () => {
  const { page } = b;
  const t = server.t;
  // 10 points per $1 paid, a point worth $0.01 (the default).
  const set = await t.admin.patch('/api/settings', { loyalty_points_per_dollar: 10 });
  assert.is(set.status, 200, JSON.stringify(set.body));
  const shoes = await makeProduct(t, 'Loyalty Runner', 120);
  const socks = await makeProduct(t, 'Loyalty Trail', 50);
  const skuOf = async (id: number) => (await t.admin.get(`/api/products/${id}`)).body.product.sku as string;
  const [shoesSku, socksSku] = [await skuOf(shoes), await skuOf(socks)];
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, server.url, 'staff');
  await page.getByLabel('Scan or search products').waitFor();

  let customerId = 0;
  await step(page, 'loyalty-join', async () => {
    const dialog = await checkoutWith(page, shoesSku);
    const join = dialog.getByRole('button', { name: 'New customer' });
    await assertTouchSize(join, "'New customer'");
    await join.click();
    await dialog.locator('input[name=join-name]').fill('Mei Ling Tan');
    await dialog.locator('input[name=join-phone]').fill('+65 8123 4567');
    await docShot(page, 'loyalty-join-1024x768', { viewport: true });
    const add = dialog.getByRole('button', { name: 'Add customer' });
    await assertTouchSize(add, "'Add customer'");
    const [created] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/customers') && r.request().method() === 'POST'), add.click()]);
    assert.is(created.status(), 201);
    assert.equal(created.request().postDataJSON(), { name: 'Mei Ling Tan', phone: '+65 8123 4567' });
    customerId = (await created.json()).customer.id;
    await page.getByText('Customer Mei Ling Tan added successfully!', { exact: true }).waitFor();
    // The new member is the sale's customer, with no points yet.
    await dialog.locator('.customer-choice').getByText('Mei Ling Tan').waitFor();
    assert.is(await dialog.getByTestId('customer-points').textContent(), '0 points ($0.00)');

    const { sent, reply } = await complete(page, dialog);
    assert.is(sent.customerId, customerId);
    // $120 + 9% GST = $130.80, 10 points a dollar: 1,308 points.
    assert.equal(reply.loyalty, { earned: 1308, redeemed: 0, balance: 1308 });
    assert.is(await page.getByTestId('sale-points-earned').textContent(), '1,308');
    assert.is(await page.getByTestId('sale-points-balance').textContent(), '1,308');
    await page.locator('.toast').last().waitFor({ state: 'detached', timeout: 8000 });
    await docShot(page, 'loyalty-sale-complete-1024x768', { viewport: true });
    await newSale(page);
  });

  await step(page, 'loyalty-redeem', async () => {
    const dialog = await checkoutWith(page, socksSku);
    // The phone's digits as the customer says them: no +65, no space.
    await dialog.getByLabel('Search customers').fill('81234567');
    const result = dialog.locator('.customer-results button').filter({ hasText: 'Mei Ling Tan' });
    await result.waitFor();
    assert.ok((await result.textContent())?.includes('+65 8123 4567'), 'the result shows the phone');
    await assertTouchSize(result, 'a customer result');
    await result.click();
    await dialog.getByTestId('customer-points').waitFor();
    assert.is(await dialog.getByTestId('customer-points').textContent(), '1,308 points ($13.08)');
    assert.is(await dialog.getByTestId('points-available').textContent(), '1,308 points ($13.08)');
    const use = dialog.getByRole('button', { name: 'Use points' });
    await assertTouchSize(use, "'Use points'");
    await use.click();
    await dialog.getByTestId('points-applied').waitFor();
    assert.is(await dialog.getByTestId('points-applied').textContent(), '$13.08');
    // $50 + GST = $54.50, less $13.08 of points.
    assert.is(await dialog.getByTestId('checkout-due').textContent(), '$41.42');
    await assertTouchSize(dialog.getByRole('button', { name: 'Remove points' }), "'Remove points'");
    // The shot: the sale's toasts gone, the dialog at its top (totals, the points' line, the customer and points).
    await page.locator('.toast').last().waitFor({ state: 'detached', timeout: 8000 });
    await dialog.locator('article').evaluate((el) => el.scrollTo(0, 0));
    await docShot(page, 'loyalty-pay-with-points-1024x768', { viewport: true });

    const { sent, reply } = await complete(page, dialog);
    assert.equal(
      sent.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]),
      [
        ['LOYALTY_POINTS', 13.08],
        ['CASH', 41.42],
      ],
    );
    // Earned on what was paid other than points: $41.42 -> 414 points.
    assert.equal(reply.loyalty, { earned: 414, redeemed: 1308, balance: 414 });
    assert.is(await page.getByTestId('sale-points-earned').textContent(), '414');
    assert.is(await page.getByTestId('sale-points-redeemed').textContent(), '1,308');
    assert.is(await page.getByTestId('sale-points-balance').textContent(), '414');
    await newSale(page);
  });

  await step(page, 'loyalty-customer-history', async () => {
    await navTo(page, 'Customers');
    const row = page.locator('table.customers-table tbody tr').filter({ hasText: 'Mei Ling Tan' });
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Customer Details' }).waitFor();
    await dialog.getByTestId('points-entry').first().waitFor();
    assert.is(await dialog.getByTestId('points-balance').textContent(), '414 points');
    assert.is(await dialog.getByTestId('points-value').textContent(), '$4.14');
    const rows = await dialog
      .getByTestId('points-entry')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.getAttribute('data-kind'), tr.querySelectorAll('td')[2]?.textContent, tr.querySelectorAll('td')[3]?.textContent]),
      );
    const inv = (await t.admin.get(`/api/invoices?customerId=${customerId}`)).body.invoices.map((i: { number: string }) => i.number).sort();
    assert.equal(
      [...rows].sort((a, b) => `${a[2]}${a[0]}`.localeCompare(`${b[2]}${b[0]}`)),
      [
        ['EARNED', '+1,308', inv[0]],
        ['EARNED', '+414', inv[1]],
        ['REDEEMED', '-1,308', inv[1]],
      ],
    );
    await docShot(page, 'loyalty-customer-history-1024x768', { viewport: true });
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  });

  await step(page, 'loyalty-picker-phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    const dialog = await checkoutWith(page, shoesSku);
    await dialog.getByLabel('Search customers').fill('8123 4567');
    const result = dialog.locator('.customer-results button').filter({ hasText: 'Mei Ling Tan' });
    await result.waitFor();
    await assertTouchSize(result, 'a customer result at 390x844');
    await assertTouchSize(dialog.getByRole('button', { name: 'New customer' }), "'New customer' at 390x844");
    await dialog.locator('.customer-picker').scrollIntoViewIfNeeded();
    await docShot(page, 'loyalty-customer-picker-390x844', { viewport: true });
    await result.click();
    await dialog.getByTestId('customer-points').waitFor();
    await assertTouchSize(dialog.getByRole('button', { name: 'Use points' }), "'Use points' at 390x844");
    await docShot(page, 'loyalty-customer-points-390x844', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
  assert.equal(b.consoleErrors, []);
});

test('the Settings screen: the loyalty card saves the four settings', async () => {
  const { page } = b;
  await step(page, 'loyalty-settings', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    // Staff signed out: the till's session is in localStorage.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/settings`);
    const card = page.locator('article.loyalty-settings');
    await card.waitFor();
    assert.is(await card.getByLabel('Points per $1 paid').inputValue(), '10');
    await card.getByLabel('Minimum points to pay with').fill('500');
    await card.getByLabel('Points expiry (months)').fill('24');
    await card.scrollIntoViewIfNeeded();
    const save = card.getByRole('button', { name: 'Save Loyalty Settings' });
    await assertTouchSize(save, "'Save Loyalty Settings'");
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PATCH'), save.click()]);
    assert.is(res.status(), 200, await res.text());
    const s = (await server.t.admin.get('/api/settings')).body.settings;
    assert.equal([s.loyalty_points_per_dollar, s.loyalty_point_value, s.loyalty_min_redeem_points, s.loyalty_expiry_months], [10, 0.01, 500, 24]);
    await docShot(page, 'loyalty-settings-1024x768', { viewport: true });
  });
});

test.run();
