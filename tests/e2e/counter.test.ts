// #26 the counter in Chromium, against the real server with the demo shop: never the wrong shoe (search, tap a
// size, scan another box: the scan lands and adds that box; Enter never re-adds the tapped size; the first scan after
// Open Shift lands), the cart shows each line's size in its own box, never cut off, and the cart's controls are at
// least 44 x 44 px at 1024x768 and 390x844. Screenshots: docs/screens/counter-cart-<w>x<h>.png.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;
type DemoSize = { id: number; sku: string; item_name: string; size: string; stock_qty: number; style_id: number | null };
let sizes: DemoSize[] = [];

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
  const list = await server.t.admin.get('/api/products?pageSize=200');
  sizes = list.body.products.filter((p: DemoSize) => p.stock_qty >= 3 && p.sku && p.size);
  assert.ok(sizes.length >= 4, 'demo sizes in stock');
  b.context.on('page', (p) => {
    void p.close();
  });
});
test.after(async () => {
  await b?.close();
  await server?.close();
});

/** What the screen shows, into tests/e2e/screenshots (docs/screens/ only with KEDAI_UPDATE_SCREENS=1: a test run leaves the repo alone). */
async function screenshot(page: Page, name: string) {
  await docShot(page, name, { viewport: true });
}
const cartLines = (page: Page) =>
  page.locator('.cart-row').evaluateAll((rows) =>
    rows.map((r) => ({
      id: Number((r as HTMLElement).dataset.productId),
      qty: Number((r.querySelector('input.cart-qty') as HTMLInputElement).value),
    })),
  );
const searchHasFocus = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Scan or search products');

test('search, tap a size, scan another box: the scan lands and adds that box (Enter never re-adds the tapped size); the first scan after Open Shift lands', async () => {
  const { page } = b;
  await step(page, 'counter-scan-after-tap', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'staff');
    // A till name, so the shift bar offers Open Shift.
    await page.getByRole('region', { name: 'Till and shift' }).waitFor();
    await page.getByLabel('Till name').fill('Till 1');
    await page.getByRole('button', { name: 'Save Till Name' }).click();
    await page.getByLabel('Opening float').waitFor();
    await page.locator('.pos-card').first().waitFor();
    const tapped = sizes[0];
    const scanned = sizes.find((s) => s.style_id !== tapped.style_id && s.id !== tapped.id)!;
    // Search the style by name and tap its size.
    await page.getByLabel('Scan or search products').fill(tapped.item_name);
    const button = page.getByRole('button', { name: `Add to cart: ${tapped.item_name} ${tapped.size}` }).first();
    await button.click();
    await page.waitForFunction(() => document.querySelectorAll('.cart-row').length === 1);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Scan or search products');
    // The scanner types the other box's SKU and Enter, wherever the focus is.
    await page.keyboard.type(scanned.sku, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.cart-row').length === 2);
    const lines = await cartLines(page);
    assert.equal(
      lines.map((l) => [l.id, l.qty]).sort(),
      [
        [tapped.id, 1],
        [scanned.id, 1],
      ].sort(),
    );

    // Focus left on a button (a tap that kept it, or Tab): the scan still lands, Enter does not click the button.
    await page.getByRole('button', { name: `Increase quantity of ${scanned.item_name}` }).focus();
    await page.keyboard.type(tapped.sku, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id) => Number(document.querySelector<HTMLInputElement>(`.cart-row[data-product-id="${id}"] input.cart-qty`)?.value) === 2,
      tapped.id,
    );
    assert.equal((await cartLines(page)).find((l) => l.id === scanned.id)!.qty, 1, 'Enter did not press + on the focused line');

    // Open Shift, then scan at once: the first scan lands.
    await page.getByLabel('Opening float').fill('100');
    await page.getByRole('button', { name: 'Open Shift' }).click();
    await page.getByRole('button', { name: 'Close Shift' }).waitFor();
    await page.keyboard.type(scanned.sku, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id) => Number(document.querySelector<HTMLInputElement>(`.cart-row[data-product-id="${id}"] input.cart-qty`)?.value) === 2,
      scanned.id,
    );
    assert.ok(await searchHasFocus(page), 'the search has the focus for the next scan');
  });
});

for (const [w, h] of [
  [1024, 768],
  [390, 844],
] as const) {
  test(`the cart at ${w}x${h}: each line's size in its own box, never cut off; every cart control at least 44 x 44 px`, async () => {
    const { page } = b;
    await step(page, `counter-cart-${w}x${h}`, async () => {
      await page.setViewportSize({ width: w, height: h });
      await page.reload();
      await page.locator('.pos-card').first().waitFor();
      if (w < 900) {
        await page.locator('.pos-cart-bar').click();
        await page.locator('#pos-cart.pos-cart-open').waitFor();
      }
      const rows = page.locator('.cart-row');
      assert.ok((await rows.count()) >= 2, 'the cart kept its lines across the reload');
      for (let i = 0; i < (await rows.count()); i++) {
        const size = rows.nth(i).getByTestId('cart-size');
        const fit = await size.evaluate((el) => ({
          text: el.textContent,
          scroll: el.scrollWidth,
          client: el.clientWidth,
          font: parseFloat(getComputedStyle(el).fontSize),
        }));
        assert.ok(fit.scroll <= fit.client, `size "${fit.text}" is not cut off (${fit.scroll} > ${fit.client})`);
        assert.ok(fit.font >= 20, `size "${fit.text}" is large (${fit.font}px)`);
        const controls = rows.nth(i).locator('button, input');
        for (let k = 0; k < (await controls.count()); k++) {
          const c = controls.nth(k);
          const r = await c.boundingBox();
          const label = (await c.getAttribute('aria-label')) ?? (await c.textContent());
          assert.ok(r && r.width >= 44 && r.height >= 44, `${label}: ${r?.width}x${r?.height}`);
        }
      }
      await screenshot(page, `counter-cart-${w}x${h}`);
    });
  });
}

test('the server cannot be reached: a banner stays until it is back, the cart is kept, and the retried checkout makes one invoice', async () => {
  const { page } = b;
  await step(page, 'counter-unreachable', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.reload();
    await page.locator('.cart-row').first().waitFor();
    const before = await cartLines(page);
    const invoices = async () => (await server.t.admin.get('/api/invoices?pageSize=1')).body.pagination.total as number;
    const count = await invoices();
    // The network goes: the sale reaches the server but its answer is lost, and nothing else answers.
    await page.route('**/api/**', async (route) => {
      if (route.request().url().endsWith('/api/checkout')) await route.fetch();
      await route.abort('failed');
    });
    await page.getByRole('button', { name: 'Checkout' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('button', { name: 'Complete Checkout' }).click();
    const banner = page.getByTestId('connection-banner').last();
    await banner.waitFor();
    assert.ok(await dialog.getByTestId('connection-banner').isVisible(), 'the open dialog says so too');
    assert.match((await banner.textContent()) ?? '', /cannot be reached/);
    await screenshot(page, 'counter-unreachable-1024x768');
    await page.waitForTimeout(2500);
    assert.ok(await banner.isVisible(), 'the banner stays while the server is away');
    assert.equal(await cartLines(page), before, 'the cart is kept');
    assert.is(await invoices(), count + 1, 'the server did make the sale');
    // Back: the banner goes by itself; the retry with the same key gets that sale, not a second one.
    await page.unroute('**/api/**');
    await banner.waitFor({ state: 'detached', timeout: 6000 });
    await dialog.getByRole('button', { name: 'Complete Checkout' }).click();
    await page
      .getByText(/Checkout successful! Invoice #INV-/)
      .first()
      .waitFor();
    assert.is(await invoices(), count + 1, 'one invoice, never two');
  });
});

test.run();
