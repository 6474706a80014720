// The customer display greets the chosen customer (#29) in Chromium: a display paired to 'Till 1' by its code, the
// till's state published with a cart and the demo customer's id (as the POS's slot sends it), and the display shows
// the customer's name and their points badge (loyalty's `customerBadges`: points and their value), the same figures
// as GET /api/customers/:id's `loyalty`. Screenshots at 1024x768 and 390x844: tests/e2e/screenshots/, and
// docs/screens/display-customer-<w>x<h>.png when KEDAI_UPDATE_SCREENS=1.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoney, toCents } from '../../core/money.js';
import { openBrowser, shot, startServer, step, type TestBrowser, type TestServer } from './harness.js';

const DOCS = path.resolve('docs/screens');
const TILL = { 'x-kedai-till': 'Till 1' };
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

test("the display shows the chosen customer's name and points beside the cart", async () => {
  const page = b.page;
  await step(page, 'display-customer', async () => {
    const code = (await server.t.staff.post('/api/display/pairing', {}, TILL)).body.code as string;
    await page.goto(`${server.url}/display`);
    await page.getByLabel('Pairing code').fill(code);
    await page.getByRole('button', { name: 'Pair' }).click();
    await page.locator('[data-testid="display-welcome"]').waitFor();

    const customer = (await server.t.staff.get('/api/customers?pageSize=1')).body.customers[0];
    const loyalty = (await server.t.staff.get(`/api/customers/${customer.id}`)).body.customer.loyalty;
    assert.ok(loyalty.points > 0, `the demo customer has points: ${JSON.stringify(loyalty)}`);
    const product = (await server.t.staff.get('/api/products?pageSize=50')).body.products.find((p: { stock_qty: number }) => p.stock_qty > 0);
    const put = await server.t.staff.put('/api/display/state', { phase: 'CART', items: [{ productId: product.id, qty: 1 }], customerId: customer.id }, TILL);
    assert.equal(put.body, { paired: true }, JSON.stringify(put.body));

    const box = page.locator('[data-testid="display-customer"]');
    await box.waitFor();
    assert.is((await box.locator('.cd-customer-name').textContent())?.trim(), customer.name);
    const badge = `Points: ${loyalty.points.toLocaleString('en-SG')} (${formatMoney(toCents(loyalty.value))})`;
    assert.is((await page.locator('[data-testid="display-customer-badge"]').textContent())?.trim(), badge);
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      const rect = await box.boundingBox();
      assert.ok(rect && rect.width > 0 && rect.x >= 0 && rect.x + rect.width <= w, `${w}x${h}: the customer box is on screen: ${JSON.stringify(rect)}`);
      const file = await shot(page, `display-customer-${w}x${h}`);
      if (file && process.env.KEDAI_UPDATE_SCREENS === '1') {
        fs.mkdirSync(DOCS, { recursive: true });
        fs.copyFileSync(file, path.join(DOCS, `display-customer-${w}x${h}.png`));
      }
    }

    // The till drops the customer: the greeting goes.
    await server.t.staff.put('/api/display/state', { phase: 'CART', items: [{ productId: product.id, qty: 1 }] }, TILL);
    await box.waitFor({ state: 'detached' });
  });
  assert.equal(b.consoleErrors, []);
});

test.run();
