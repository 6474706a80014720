// #28 "second pair 50%" at the till, in Chromium against the real server with the demo shop: an ADMIN makes the
// promotion (POST /api/promotions, BUY_X_GET_Y buy 1 get 1 at 50% on a demo brand); the cashier scans one pair (no
// promotion line), taps a second pair: the line 'Second pair 50%' and its amount appear in the cart by themselves
// (the till's live quote), the total is the server's quote, the focus is back in the search after the tap; the
// checkout charges that total and the receipt prints the line. At 1024x768 and 390x844 the line and the total are
// inside the screen and the cart. Screenshots: docs/screens/till-adjustments-<w>x<h>.png (KEDAI_UPDATE_SCREENS=1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { toCents } from '../../core/money.js';
import { checkoutWithReceipt, docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

interface Product {
  id: number;
  sku: string;
  item_name: string;
  size: string | null;
  brand: string;
  selling_price: number;
  style_id: number;
  stock_qty: number;
}

const LABEL = 'Second pair 50%';
let server: TestServer;
let b: TestBrowser;
/** Two sizes of one demo style (same brand, same price), both in stock. */
let pair: [Product, Product];

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
  b.context.on('page', (p) => {
    void p.close();
  });
  const products = (await server.t.admin.get('/api/products?pageSize=200')).body.products as Product[];
  const byStyle = new Map<number, Product[]>();
  for (const p of products.filter((x) => x.stock_qty >= 3 && x.sku && x.size && x.brand)) byStyle.set(p.style_id, [...(byStyle.get(p.style_id) ?? []), p]);
  const style = [...byStyle.values()].find((list) => list.length >= 2 && list[0].selling_price === list[1].selling_price);
  assert.ok(style, 'a demo style with two sizes in stock');
  pair = [style[0], style[1]];
  // The ADMIN's promotion: buy one, the second (the cheaper) at 50% off, on the pair's brand.
  const made = await server.t.admin.post('/api/promotions', {
    name: LABEL,
    kind: 'BUY_X_GET_Y',
    buy_qty: 1,
    get_qty: 1,
    get_percent_off: 50,
    scope: { brands: [pair[0].brand] },
  });
  assert.is(made.status, 201, JSON.stringify(made.body));
  promotionId = made.body.promotion.id;
});

let promotionId = 0;
/** The ADMIN renames the promotion (its adjustment line is named after it). */
async function renamePromotion(name: string) {
  const r = await server.t.admin.patch(`/api/promotions/${promotionId}`, { name });
  assert.is(r.status, 200, JSON.stringify(r.body));
}

test.after(async () => {
  await b?.close();
  await server?.close();
});

const page = () => b.page;
const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();
const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
const searchHasFocus = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Scan or search products');
const label = () => page().getByTestId('cart-adjustment-label');
const amount = () => page().getByTestId('cart-adjustment');
const total = () => page().getByTestId('cart-total');

/** The server's quote of one unit of each product (what the till must show). */
async function serverQuote(products: Product[]) {
  const reply = await server.t.staff.post('/api/checkout/quote', { items: products.map((p) => ({ productId: p.id, qty: 1 })) });
  assert.is(reply.status, 200, JSON.stringify(reply.body));
  return reply.body.quote as { grand_total: number; adjustments: { label: string; amount: number }[] };
}

/** The scanner types the SKU and Enter; resolves once the till's quote for the new cart came back. */
async function scan(p: Product) {
  const search = page().getByPlaceholder('Scan or search products…');
  const quoted = page().waitForResponse((r) => r.url().endsWith('/api/checkout/quote'));
  await search.fill(p.sku);
  await search.press('Enter');
  await page().locator(`.cart-row[data-product-id="${p.id}"]`).first().waitFor({ state: 'attached' });
  await quoted;
}

/** The element's box lies inside the screen and inside the cart (nothing cut off, nothing pushed out). */
async function assertInside(l: Locator, what: string, w: number, h: number) {
  const r = (await l.boundingBox())!;
  const cart = (await page().locator('#pos-cart').boundingBox())!;
  assert.ok(r, `${what} is shown`);
  assert.ok(r.x >= 0 && r.y >= 0 && r.x + r.width <= w + 0.5 && r.y + r.height <= h + 0.5, `${what} inside ${w}x${h}: ${JSON.stringify(r)}`);
  assert.ok(
    r.x >= cart.x - 0.5 && r.x + r.width <= cart.x + cart.width + 0.5 && r.y >= cart.y - 0.5 && r.y + r.height <= cart.y + cart.height + 0.5,
    `${what} inside the cart: ${JSON.stringify(r)} in ${JSON.stringify(cart)}`,
  );
  const fit = await l.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  assert.ok(fit.scroll <= fit.client + 1, `${what} is not cut off (${fit.scroll} > ${fit.client})`);
}

test('second pair 50%: the line appears as soon as the second pair is added; the total is the quote; checkout and receipt carry it', async () => {
  await step(page(), 'till-adjustments-1024', async () => {
    await page().setViewportSize({ width: 1024, height: 768 });
    await signIn(page(), server.url, 'staff');
    const bar = page().getByRole('region', { name: 'Till and shift' });
    await bar.getByLabel('Till name').fill('Till 1');
    await bar.getByRole('button', { name: 'Save Till Name' }).click();
    await bar.locator('[data-testid="till-name"]').waitFor();
    await page().locator('.pos-card').first().waitFor();

    // One pair: no promotion line, the till's own total (which is the quote's).
    await scan(pair[0]);
    await page().waitForTimeout(150);
    assert.is(await label().count(), 0, 'one pair: no promotion line');
    const one = await serverQuote([pair[0]]);
    assert.equal(one.adjustments, []);
    assert.is(await text(total()), money(toCents(one.grand_total)));

    // The second pair, tapped on its card: the line comes by itself, and the focus goes back to the search.
    await page()
      .getByRole('button', { name: `Add to cart: ${pair[1].item_name} ${pair[1].size}` })
      .first()
      .click();
    await label().waitFor();
    assert.is(await text(label()), LABEL);
    const offCents = -Math.round(toCents(pair[1].selling_price) * 0.5);
    assert.is(await text(amount()), money(offCents));
    const two = await serverQuote(pair);
    assert.equal(
      two.adjustments.map((a) => [a.label, toCents(a.amount)]),
      [[LABEL, offCents]],
    );
    assert.is(await text(total()), money(toCents(two.grand_total)), 'the cart total is the quote');
    await page().waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Scan or search products');
    assert.ok(await searchHasFocus(page()), 'after the tap the search has the focus for the next scan');
    for (const [l, what] of [
      [label(), 'the promotion line'],
      [amount(), 'its amount'],
      [total(), 'the total'],
    ] as const)
      await assertInside(l, what, 1024, 768);
    await docShot(page(), 'till-adjustments-1024x768', { viewport: true });

    // Checkout: the line again, and the amount due is the quote's total.
    await page().getByRole('button', { name: 'Checkout', exact: true }).click();
    const dialog = page().locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    assert.is(await text(dialog.getByTestId('checkout-adjustment-label')), LABEL);
    assert.is(await text(dialog.getByTestId('checkout-adjustment')), money(offCents));
    assert.is(await text(dialog.getByTestId('checkout-total')), money(toCents(two.grand_total)));
    await dialog.getByTestId('checkout-adjustment').waitFor();
    await docShot(page(), 'till-adjustments-checkout-1024x768', { viewport: true });
    await dialog.getByText('CASH', { exact: true }).click();
    await dialog.getByLabel('Cash tendered').fill('1000');
    const complete = dialog.getByRole('button', { name: 'Complete Checkout' });
    const { reply, receipt } = await checkoutWithReceipt(page(), () => complete.click());
    const invoice = reply.invoice as unknown as { grand_total: number; adjustments: { label: string; amount: number }[] };
    assert.is(invoice.grand_total, two.grand_total, 'the sale charged what the till showed');
    assert.equal(
      invoice.adjustments.map((a) => [a.label, toCents(a.amount)]),
      [[LABEL, offCents]],
    );
    assert.ok(receipt.includes(LABEL), `the receipt prints the line:\n${receipt}`);
    const done = dialog.filter({ has: page().getByRole('heading', { name: 'Sale complete' }) });
    await done.getByRole('button', { name: 'New sale' }).click();
    await page().locator('.cart-empty').waitFor();
    assert.equal(b.consoleErrors, []);
  });
});

test('at 390x844: the line and the total fit the phone, in the cart sheet and the cart bar', async () => {
  await step(page(), 'till-adjustments-390', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().locator('.pos-card').first().waitFor();
    await scan(pair[0]);
    await scan(pair[1]);
    const two = await serverQuote(pair);
    const bar = page().locator('.pos-cart-bar');
    await page().waitForFunction((t) => document.querySelector('.pos-cart-bar')?.textContent?.endsWith(t), money(toCents(two.grand_total)));
    assert.match(await text(bar), new RegExp(`2 items · \\${money(toCents(two.grand_total))}$`));
    await bar.click();
    await page().locator('#pos-cart.pos-cart-open').waitFor();
    await label().waitFor();
    assert.is(await text(label()), LABEL);
    assert.is(await text(total()), money(toCents(two.grand_total)));
    for (const [l, what] of [
      [label(), 'the promotion line'],
      [amount(), 'its amount'],
      [total(), 'the total'],
      [page().getByRole('button', { name: 'Checkout', exact: true }), 'Checkout'],
    ] as const)
      await assertInside(l, what, 390, 844);
    await docShot(page(), 'till-adjustments-390x844', { viewport: true });

    // A long name wraps to two lines at most; its amount and the total stay on the screen.
    const long = 'Second pair 50% off the cheaper of any two matching pairs of this brand, this weekend only, in store';
    await renamePromotion(long);
    await page()
      .getByRole('button', { name: `Increase quantity of ${pair[0].item_name}` })
      .first()
      .click();
    await page().waitForFunction((t) => document.querySelector('[data-testid="cart-adjustment-label"]')?.textContent === t, long);
    const lines = await label().evaluate((el) => {
      const css = getComputedStyle(el);
      return el.getBoundingClientRect().height / (parseFloat(css.lineHeight) || parseFloat(css.fontSize) * 1.2);
    });
    assert.ok(lines <= 2.1, `the long label takes at most two lines (${lines})`);
    for (const [l, what] of [
      [label(), 'the long promotion line'],
      [amount(), 'its amount'],
      [total(), 'the total'],
    ] as const)
      await assertInside(l, what, 390, 844);
    await docShot(page(), 'till-adjustments-long-390x844', { viewport: true });
    assert.equal(b.consoleErrors, []);
  });
});

test.run();
