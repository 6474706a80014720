// #29 gift cards at the till in Chromium, all through the POS's generic slots (gift-cards' UI in sales' screens):
// a $50 card sold beside a pair of shoes, paid in cash; its code read off the sale-complete dialog; a second sale
// paid by that card (its code scanned into the checkout dialog) and cash for the rest; the card's balance checked
// through the API; the expiry setting saved on the Settings screen. Every control used is at least 44 x 44 px.
// Screenshots at 1024x768 (and the sell dialog at 390x844): tests/e2e/screenshots/, and with
// KEDAI_UPDATE_SCREENS=1 docs/screens/gift-card-*.png.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { makeProduct } from '../../plugins/credit-notes/test-support.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
  firstSku = await skuOf(await makeProduct(server.t, 'Court Classic', 80));
  secondSku = await skuOf(await makeProduct(server.t, 'Trail Runner', 60));
});
test.after(async () => {
  await b?.close();
  await server?.close();
});

const searchHasFocus = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Scan or search products');

/** Every visible button and text field inside `scope` is at least 44 x 44 px. */
async function fingerSized(scope: Locator) {
  const controls = scope.locator('button:visible, input:visible:not([type=radio]):not([type=checkbox])');
  const n = await controls.count();
  assert.ok(n > 0);
  for (let i = 0; i < n; i++) {
    const c = controls.nth(i);
    const r = await c.boundingBox();
    const label = (await c.getAttribute('aria-label')) ?? (await c.textContent()) ?? (await c.getAttribute('id'));
    assert.ok(r && r.width >= 44 && r.height >= 44, `${label}: ${r?.width}x${r?.height}`);
  }
}

async function scan(page: Page, sku: string) {
  const search = page.getByLabel('Scan or search products');
  await search.fill(sku);
  await search.press('Enter');
}

let code = '';
/** The two pairs' SKUs: made before the till loads its catalogue. */
let firstSku = '';
let secondSku = '';

const skuOf = async (id: number) => (await server.t.admin.get(`/api/products/${id}`)).body.product.sku as string;

test('a $50 gift card sold beside a pair of shoes, cash; its code on the sale-complete dialog', async () => {
  const { page } = b;
  const t = server.t;
  await step(page, 'gift-card-sell', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'staff');
    await page.getByLabel('Scan or search products').waitFor();
    await scan(page, firstSku);
    await page.locator('.cart-row').first().waitFor();

    // The cart's 'Gift card' button (gift-cards' slot), its dialog: a quick pick, then Add.
    const open = page.locator('.cart-actions').getByRole('button', { name: 'Gift card' });
    await open.waitFor();
    await open.click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Sell a gift card' }).waitFor();
    await dialog.getByLabel('Amount ($5.00 to $1,000.00)').fill('1500');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    assert.is(await dialog.locator('.field-error').textContent(), 'Enter an amount from $5.00 to $1,000.00');
    await dialog.getByRole('button', { name: '$50.00' }).click();
    assert.is(await dialog.getByLabel('Amount ($5.00 to $1,000.00)').inputValue(), '50');
    await fingerSized(dialog);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(50);
    assert.ok(await searchHasFocus(page), 'the search has the focus again for the next scan');

    // The cart row: its label, no GST, the amount; the total is the shoes with GST plus the card.
    const row = page.getByTestId('cart-charge');
    assert.is(await row.locator('.cart-name').textContent(), 'Gift card $50.00');
    assert.is(await row.locator('.cart-sub').textContent(), '(no GST)');
    assert.is(await row.getByTestId('cart-charge-amount').textContent(), '$50.00');
    assert.is(await row.getByTestId('cart-size').count(), 0);
    await fingerSized(row);
    await fingerSized(page.locator('.cart-actions'));
    assert.is(await page.getByTestId('cart-total').textContent(), '$137.20', '$80 + 9% GST + $50 without GST');
    await docShot(page, 'gift-card-cart-1024x768', { viewport: true });

    await page.keyboard.press('F9');
    const checkout = page.locator('dialog.modal');
    await checkout.getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    assert.is(await checkout.getByTestId('checkout-total').textContent(), '$137.20');
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST'),
      checkout.getByRole('button', { name: 'Complete Checkout' }).click(),
    ]);
    assert.is(reply.status(), 201, await reply.text());
    const sent = reply.request().postDataJSON() as { items: unknown[]; payments: { method: string; amount: number }[] };
    assert.equal(sent.items[1], { gift_card: { amount: 50 } });
    assert.equal(sent.payments, [{ method: 'CASH', amount: 137.2 }]);
    const body = (await reply.json()) as { gift_cards: { code: string; amount: number; balance: number }[] };
    assert.is(body.gift_cards.length, 1);

    // The sale-complete dialog lists the card: its code (in groups) and amount.
    const done = page.getByTestId('sale-complete');
    await done.waitFor();
    const shown = page.getByTestId('gift-card-code');
    await shown.waitFor();
    code = (await shown.getAttribute('data-code')) ?? '';
    assert.is(code, body.gift_cards[0].code);
    assert.is(await shown.textContent(), `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
    assert.is(await page.getByTestId('gift-card-amount').textContent(), '$50.00');
    await docShot(page, 'gift-card-sold-1024x768', { viewport: true });
    await page.getByRole('button', { name: 'New sale' }).click();
  });
  const card = await t.staff.get(`/api/gift-cards/${code}`);
  assert.equal(card.body, { code, balance: 50, status: 'ACTIVE', expires_on: null });
});

test('a second pair paid by the card (scanned) and cash for the rest; the card is then used up', async () => {
  const { page } = b;
  const t = server.t;
  await step(page, 'gift-card-pay', async () => {
    await scan(page, secondSku);
    await page.locator('.cart-row').first().waitFor();
    await page.keyboard.press('F9');
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    // A wrong code first: the server's refusal shows.
    const field = dialog.getByLabel('Gift card code');
    await field.fill('ZZZZZZZZZZZZZ');
    await field.press('Enter');
    assert.is(await dialog.getByTestId('gift-card-problem').textContent(), 'Gift card not found: check the code on the receipt');
    // The scanner types the code and Enter.
    await field.fill(code);
    await field.press('Enter');
    await dialog.getByTestId('gift-card-applied').waitFor();
    assert.is(await dialog.getByTestId('gift-card-balance').textContent(), '$50.00');
    assert.is(await dialog.getByTestId('gift-card-applied').textContent(), '$50.00');
    assert.is(await dialog.getByTestId('checkout-total').textContent(), '$65.40');
    assert.is(await dialog.getByTestId('checkout-due').textContent(), '$15.40', 'the card comes off the amount due');
    assert.is(await dialog.getByTestId('checkout-tender-label').textContent(), `GC ****${code.slice(-4)}`);
    await fingerSized(dialog.locator('.gift-card-tender'));
    await dialog.getByLabel('Cash tendered').fill('20');
    await docShot(page, 'gift-card-tender-1024x768', { viewport: true });
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Complete Checkout' }).click(),
    ]);
    assert.is(reply.status(), 201, await reply.text());
    const sent = reply.request().postDataJSON() as { payments: { method: string; amount: number; reference?: string }[]; tendered?: number };
    assert.equal(sent.payments, [
      { method: 'GIFT_CARD', reference: code, amount: 50 },
      { method: 'CASH', amount: 15.4 },
    ]);
    assert.is(sent.tendered, 20);
    const body = (await reply.json()) as { invoice: { payments: { method: string; amount: number; reference: string | null }[]; change: number } };
    const paid = Object.fromEntries(body.invoice.payments.map((p) => [p.method, p]));
    assert.is(paid.GIFT_CARD.amount, 50);
    assert.is(paid.GIFT_CARD.reference, `GC ****${code.slice(-4)}`, 'the payment never holds the whole code');
    assert.is(paid.CASH.amount, 15.4);
    await page.getByTestId('sale-complete').waitFor();
    assert.is(await page.getByTestId('sale-change').textContent(), '$4.60');
    assert.is(await page.getByTestId('gift-card-code').count(), 0, 'no card sold in this sale');
    await page.getByRole('button', { name: 'New sale' }).click();
  });
  const card = await t.staff.get(`/api/gift-cards/${code}`);
  assert.equal(card.body, { code, balance: 0, status: 'USED', expires_on: null });
});

test('the sell dialog on a phone (390x844): every control at least 44 x 44 px', async () => {
  const { page } = b;
  await step(page, 'gift-card-phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('.pos-cart-bar').click();
    await page.locator('#pos-cart.pos-cart-open').waitFor();
    await page.locator('.cart-actions').getByRole('button', { name: 'Gift card' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Sell a gift card' }).waitFor();
    await dialog.getByRole('button', { name: '$100.00' }).click();
    await fingerSized(dialog);
    await docShot(page, 'gift-card-dialog-390x844', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

test("the owner sets the cards' expiry on the Settings screen", async () => {
  const { page } = b;
  await step(page, 'gift-card-settings', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').waitFor();
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/settings`);
    const card = page.locator('article.gift-card-expiry');
    await card.waitFor();
    const field = card.getByLabel('Gift card expiry (months)');
    assert.is(await field.inputValue(), '0');
    await field.fill('12');
    await card.getByRole('button', { name: 'Save Gift Card Expiry' }).click();
    await page.getByText('Settings saved successfully!').first().waitFor();
    await fingerSized(card);
    await card.scrollIntoViewIfNeeded();
    await docShot(page, 'gift-card-settings-1024x768', { viewport: true });
  });
  const s = await server.t.admin.get('/api/settings');
  assert.is(s.body.settings.gift_card_expiry_months, 12);
});

test.run();
