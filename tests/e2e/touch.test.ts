// #26.6 Touch-sized, in Chromium against the real server with the demo shop, at 1024x768 and 390x844:
// - a scan flashes its cart line (data-just-added, about a second) and scrolls it into view; the '<item> added to
//   cart' toast never covers the product grid's first row, the search or the cart;
// - a toast over an open dialog sits in the dialog's flow, clear of every one of its buttons;
// - a double click (and two quick taps on a touch screen) on a button that opens a dialog leaves that dialog open;
// - every control a finger uses on the POS and its dialogs (checkout with each method, hold, held, exchange,
//   shortcuts, customer display, low stock) is at least 44 x 44 px;
// - the phone's header is one line (the cart sheet's header wraps, every button in view).
// Screenshots: docs/screens/touch-<what>-<w>x<h>.png (with KEDAI_UPDATE_SCREENS=1; else tests/e2e/screenshots/).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

interface Product {
  id: number;
  sku: string;
  item_name: string;
  size: string;
  stock_qty: number;
  style_id: number | null;
}
type Box = { x: number; y: number; width: number; height: number };

let server: TestServer;
let b: TestBrowser;
let products: Product[] = [];
const SIZES = [
  [1024, 768],
  [390, 844],
] as const;

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
  b.context.on('page', (p) => {
    void p.close();
  });
  const list = await server.t.admin.get('/api/products?pageSize=200');
  products = list.body.products.filter((p: Product) => p.stock_qty >= 3 && p.sku && p.size);
  assert.ok(products.length >= 8, 'demo sizes in stock');
});
test.after(async () => {
  await b?.close();
  await server?.close();
});

async function screenshot(page: Page, name: string) {
  return docShot(page, name, { viewport: true }).catch(() => null);
}

const box = async (l: Locator): Promise<Box> => {
  const r = await l.boundingBox();
  assert.ok(r, 'has a box');
  return r!;
};
const intersects = (a: Box, c: Box) => a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height;
const dialog = (page: Page) => page.locator('dialog.modal').last();

/** The boxes of the visible toasts (the stack shows the newest; older ones are display: none). */
async function toastBoxes(page: Page): Promise<Box[]> {
  return page.locator('.toast').evaluateAll((els) =>
    els
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
      .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
  );
}

/** The product grid's first row: the cards level with the first one. */
async function firstRow(page: Page): Promise<Box[]> {
  return page.locator('.pos-grid .pos-card').evaluateAll((els) => {
    const rects = els.map((e) => e.getBoundingClientRect());
    const top = rects[0]?.top ?? 0;
    return rects.filter((r) => Math.abs(r.top - top) < 2).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
}

/**
 * The controls a finger uses on the surface on top (the last open dialog, else the phone's open cart sheet, else
 * the page) smaller than 44 x 44 px: buttons, fields, selects, role=button, links (not a link inside a sentence),
 * summaries; a radio or checkbox is measured by its label (the label is what the finger taps).
 */
async function tooSmall(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialogs = document.querySelectorAll('dialog.modal[open]');
    const root: ParentNode = dialogs.length ? dialogs[dialogs.length - 1] : (document.querySelector('#pos-cart.pos-cart-open') ?? document);
    const out: string[] = [];
    const seen = new Set<Element>();
    for (const el of root.querySelectorAll<HTMLElement>('button, input:not([type=hidden]), select, textarea, a[href], [role=button], summary')) {
      if (el.closest('p') && el.tagName === 'A') continue;
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')) target = el.closest('label') ?? el;
      if (seen.has(target)) continue;
      seen.add(target);
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      // A button whose words do not fit its box (squeezed by its row) is as bad as a small one.
      const cut = target.tagName === 'BUTTON' && target.scrollWidth > target.clientWidth + 1;
      if (r.width < 44 - 0.01 || r.height < 44 - 0.01 || cut) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        out.push(
          `${cut ? 'cut off: ' : ''}${target.tagName.toLowerCase()}${target.className ? `.${String(target.className).split(' ').join('.')}` : ''} "${name}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`,
        );
      }
    }
    return out;
  });
}

async function assertFingerSized(page: Page, where: string) {
  const small = await tooSmall(page);
  assert.equal(small, [], `${where}: controls under 44 x 44 px:\n${small.join('\n')}`);
}

async function scan(page: Page, p: Product) {
  await page.keyboard.type(p.sku, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('dialog.modal').waitFor({ state: 'detached' });
}

async function openCart(page: Page) {
  if ((page.viewportSize()?.width ?? 1024) >= 900) return;
  await page.locator('.pos-cart-bar').click();
  await page.locator('#pos-cart.pos-cart-open').waitFor();
  await page.waitForTimeout(450); // past the double-tap guard, as a person would be
}
async function closeCart(page: Page) {
  if ((page.viewportSize()?.width ?? 1024) >= 900) return;
  await page.getByRole('button', { name: 'Close cart' }).click();
  await page.locator('.pos-cart-bar').waitFor();
}

test("a scan flashes its cart line and scrolls it into view; the toast covers neither the grid's first row, the search nor the cart", async () => {
  const { page } = b;
  await step(page, 'touch-scan', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'staff');
    await page.getByLabel('Till name').fill('Till 1');
    await page.getByRole('button', { name: 'Save Till Name' }).click();
    await page.getByLabel('Opening float').fill('100');
    await page.getByRole('button', { name: 'Open Shift' }).click();
    await page.getByRole('button', { name: 'Close Shift' }).waitFor();
    await page.locator('.pos-card').first().waitFor();

    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(200);
      const picks = w > 900 ? products.slice(0, 5) : products.slice(5, 7);
      if (w < 900) await openCart(page); // the sheet open: the scan still lands, the line flashes in it
      for (const p of picks) {
        await scan(page, p);
        await page.locator(`.cart-row[data-product-id="${p.id}"]`).waitFor();
      }
      const last = picks[picks.length - 1];
      const row = page.locator(`.cart-row[data-product-id="${last.id}"]`);
      await page.locator(`.cart-row[data-product-id="${last.id}"][data-just-added]`).waitFor({ timeout: 1000 });
      assert.is(await page.locator('.cart-row[data-just-added]').count(), 1, 'only the line just added flashes');
      const flash = await row.evaluate((el) => ({ animation: getComputedStyle(el).animationName, bg: getComputedStyle(el).backgroundColor }));
      assert.is(flash.animation, 'cart-flash');
      const list = await box(page.locator('.cart-rows'));
      const r = await box(row);
      assert.ok(
        r.y >= list.y - 1 && r.y + r.height <= list.y + list.height + 1,
        `the line scanned is in view (${r.y}..${r.y + r.height} in ${list.y}..${list.y + list.height})`,
      );
      await page.getByText(`${last.item_name} added to cart`, { exact: true }).last().waitFor();
      await screenshot(page, `touch-scan-${w}x${h}`);

      // The toast is words for the flash: it covers nothing the cashier needs.
      const toasts = await toastBoxes(page);
      assert.ok(toasts.length >= 1, 'the toast is up');
      if (w < 900) {
        // The sheet holds it in its flow, under its header: over none of the sheet's controls.
        const slot = await box(page.locator('#pos-cart .cart-toasts'));
        for (const t of toasts) assert.ok(t.y >= slot.y - 1 && t.y + t.height <= slot.y + slot.height + 1, "the toast sits in the sheet's slot");
        await closeCart(page);
        await scan(page, products[7]);
        await page.getByText(`${products[7].item_name} added to cart`, { exact: true }).last().waitFor();
      }
      const guarded = [
        ...(await firstRow(page)).map((c, i) => ({ name: `first-row card ${i + 1}`, box: c })),
        { name: 'search', box: await box(page.getByLabel('Scan or search products')) },
        ...(w > 900 ? [{ name: 'cart', box: await box(page.locator('.pos-cart')) }] : [{ name: 'cart bar', box: await box(page.locator('.pos-cart-bar')) }]),
      ];
      assert.ok(guarded.length >= 3, 'a first row of cards');
      for (const t of await toastBoxes(page)) {
        for (const g of guarded)
          assert.not.ok(intersects(t, g.box), `${w}x${h}: a toast (${JSON.stringify(t)}) covers the ${g.name} (${JSON.stringify(g.box)})`);
      }
      await page.waitForTimeout(1500);
      assert.is(await page.locator('.cart-row[data-just-added]').count(), 0, 'the flash is brief');
    }
  });
});

test('a toast over an open dialog sits in its flow, clear of all its buttons (checkout refused by the server)', async () => {
  const { page } = b;
  await step(page, 'touch-dialog-toast', async () => {
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(3200); // earlier toasts gone
      await openCart(page);
      await page.getByRole('button', { name: 'Checkout', exact: true }).click();
      await dialog(page).getByRole('heading', { name: 'Complete Checkout' }).waitFor();
      await page.route('**/api/checkout', (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Only 1 in stock for Adidas Adilette Aqua Slides' }) }),
      );
      await dialog(page).getByRole('button', { name: 'Complete Checkout' }).click();
      const toast = dialog(page).locator('.toast-error', { hasText: 'Only 1 in stock' });
      await toast.waitFor();
      await page.unroute('**/api/checkout');
      await page.waitForTimeout(200); // its fade-in done
      const t = await box(toast);
      const article = await box(dialog(page).locator('article'));
      assert.ok(t.y >= article.y && t.y + t.height <= article.y + article.height, 'the toast is inside the dialog');
      const buttons = dialog(page).locator('button');
      let checked = 0;
      for (let i = 0; i < (await buttons.count()); i++) {
        const bb = await buttons.nth(i).boundingBox();
        if (!bb || bb.width === 0) continue;
        checked += 1;
        const name = (await buttons.nth(i).getAttribute('aria-label')) ?? (await buttons.nth(i).textContent());
        assert.not.ok(intersects(t, bb), `${w}x${h}: the toast covers "${name}"`);
      }
      assert.ok(checked >= 3, 'close, Cancel, Complete Checkout at least');
      // The footer's buttons stay in view (the body scrolls between the header and the footer).
      const complete = await box(dialog(page).getByRole('button', { name: 'Complete Checkout' }));
      assert.ok(complete.y + complete.height <= h, 'Complete Checkout in view');
      await screenshot(page, `touch-checkout-toast-${w}x${h}`);
      await closeDialog(page);
      await closeCart(page);
    }
  });
});

test('a double click on a button that opens a dialog leaves the dialog open (Checkout, Hold, Held, Exchange, Display, Shortcuts)', async () => {
  const { page } = b;
  await step(page, 'touch-double-click', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForTimeout(200);
    const openers: [string, Locator][] = [
      ['Checkout', page.getByRole('button', { name: 'Checkout', exact: true })],
      ['Hold', page.getByRole('button', { name: 'Hold', exact: true })],
      ['Held', page.getByTestId('held-button')],
      ['Exchange', page.locator('.pos-exchange-button')],
      ['Customer display', page.getByRole('button', { name: 'Customer display' })],
      ['Shortcuts', page.getByRole('button', { name: 'Shortcuts (?)' })],
    ];
    for (const [name, opener] of openers) {
      const lines = await page.locator('.cart-row').count();
      await opener.dblclick();
      await dialog(page).waitFor();
      await page.waitForTimeout(600);
      assert.is(await page.locator('dialog.modal').count(), 1, `${name}: its dialog is still open after a double click`);
      assert.is(await page.locator('.cart-row').count(), lines, `${name}: nothing in the dialog was pressed`);
      await closeDialog(page);
    }
    // A single click on the backdrop, a moment later, still closes a dialog.
    await page.getByRole('button', { name: 'Shortcuts (?)' }).click();
    await dialog(page).waitFor();
    await page.waitForTimeout(500);
    await page.mouse.click(5, 760);
    await page.locator('dialog.modal').waitFor({ state: 'detached' });
  });
});

test('two quick taps on a touch screen: Checkout opens and stays open (nothing in it is pressed)', async () => {
  const context = await b.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  try {
    await step(page, 'touch-taps', async () => {
      await signIn(page, server.url, 'staff');
      await page.locator('.pos-card').first().waitFor();
      await page.getByLabel('Scan or search products').fill(products[0].sku);
      await page.getByLabel('Scan or search products').press('Enter');
      await page.locator('.pos-cart-bar', { hasText: '1 item' }).waitFor();
      await page.locator('.pos-cart-bar').tap();
      await page.locator('#pos-cart.pos-cart-open').waitFor();
      await page.waitForTimeout(500);
      const c = await box(page.getByRole('button', { name: 'Checkout', exact: true }));
      const x = c.x + c.width / 2;
      const y = c.y + c.height / 2;
      await page.touchscreen.tap(x, y);
      await page.touchscreen.tap(x, y);
      await dialog(page).getByRole('heading', { name: 'Complete Checkout' }).waitFor();
      await page.waitForTimeout(600);
      assert.is(await page.locator('dialog.modal').count(), 1, 'the dialog is still open');
      assert.is(await page.getByRole('heading', { name: 'Sale complete' }).count(), 0, 'the second tap did not complete the sale');
      // A tap on Cancel a moment later closes it.
      await dialog(page).getByRole('button', { name: 'Cancel' }).tap();
      await page.locator('dialog.modal').waitFor({ state: 'detached' });
    });
  } finally {
    await context.close();
  }
});

for (const [w, h] of SIZES) {
  test(`${w}x${h}: every control a finger uses on the POS and its dialogs is at least 44 x 44 px`, async () => {
    const { page } = b;
    await step(page, `touch-sizes-${w}x${h}`, async () => {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(300);
      await assertFingerSized(page, 'POS');
      const phone = w < 900;
      await openCart(page);
      if (phone) await assertFingerSized(page, 'cart sheet');

      // Checkout, with each payment method.
      await page.getByRole('button', { name: 'Checkout', exact: true }).click();
      await dialog(page).getByRole('heading', { name: 'Complete Checkout' }).waitFor();
      for (const method of ['CASH', 'NETS', 'PAYNOW']) {
        await dialog(page).getByText(method, { exact: true }).click();
        if (method === 'PAYNOW') await dialog(page).locator('.paynow-qr img, .paynow-qr').first().waitFor();
        await page.waitForTimeout(150);
        await assertFingerSized(page, `checkout (${method})`);
      }
      // Its discount section opened.
      const discount = dialog(page).locator('details.checkout-discount summary');
      if (await discount.count()) {
        await discount.click();
        await assertFingerSized(page, 'checkout (discount)');
      }
      await closeDialog(page);

      const dialogs: [string, Locator][] = [
        ['hold', page.getByRole('button', { name: 'Hold', exact: true })],
        ['held list', page.getByTestId('held-button')],
        ['exchange', page.locator('.pos-exchange-button')],
        ['customer display', page.getByRole('button', { name: 'Customer display' })],
      ];
      for (const [name, opener] of dialogs) {
        await opener.click();
        await dialog(page).waitFor();
        await page.waitForTimeout(150);
        await assertFingerSized(page, name);
        await closeDialog(page);
      }
      await closeCart(page);
      await page.getByRole('button', { name: 'Shortcuts (?)' }).click();
      await dialog(page).waitFor();
      await assertFingerSized(page, 'shortcuts');
      await closeDialog(page);
      const low = page.locator('.pos-screen .low-stock-badge');
      if (await low.count()) {
        await low.click();
        await dialog(page).waitFor();
        await assertFingerSized(page, 'low stock');
        await closeDialog(page);
      }
    });
  });
}

test("390x844: the header is one line (also with an owner's many links); the cart sheet's buttons all in view", async () => {
  const context = await b.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  try {
    await step(page, 'touch-header', async () => {
      for (const who of ['staff', 'admin'] as const) {
        await signIn(page, server.url, who);
        await page.locator('.pos-card').first().waitFor();
        const header = await box(page.locator('header.app-header'));
        assert.ok(header.height <= 64, `${who}: the header is one line (${header.height}px)`);
        for (const part of ['.brand', '.main-nav', '.user-box .welcome', '.user-box .logout']) {
          const p = await box(page.locator(`header.app-header ${part}`));
          assert.ok(p.y >= header.y && p.y + p.height <= header.y + header.height + 0.5, `${who}: ${part} within the header's line`);
          assert.ok(p.x >= 0 && p.x + p.width <= 390 + 0.5, `${who}: ${part} on screen (${p.x}..${p.x + p.width})`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${who}: no sideways scroll of the page (${overflow}px)`);
        // The links that do not fit scroll sideways in their strip, each still a finger's size.
        const links = page.locator('header.app-header nav > ul > li > a, header.app-header nav .nav-menu-button');
        for (let i = 0; i < (await links.count()); i++) {
          const l = await box(links.nth(i));
          assert.ok(l.width >= 44 && l.height >= 44, `${who}: nav entry ${i} is ${l.width}x${l.height}`);
        }
        if (who === 'admin') {
          await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 5000 }); // the welcome gone
          await screenshot(page, 'touch-header-390x844');
        }
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.getByLabel('Username').waitFor();
      }
    });
  } finally {
    await context.close();
  }
  // The cart sheet's header (Display, Hold, Held, Exchange, Close cart, and any button added later) wraps rather than
  // scrolls: every button in view and finger-sized.
  const { page: till } = b;
  await step(till, 'touch-cart-head', async () => {
    await till.setViewportSize({ width: 390, height: 844 });
    await openCart(till);
    const buttons = till.locator('.pos-cart-head button');
    assert.ok((await buttons.count()) >= 4, "the cart header's buttons");
    for (let i = 0; i < (await buttons.count()); i++) {
      const r = await box(buttons.nth(i));
      assert.ok(r.x >= 0 && r.x + r.width <= 390 && r.y >= 0, `cart header button ${i} in view (${JSON.stringify(r)})`);
    }
    await assertFingerSized(till, 'cart sheet');
    await closeCart(till);
  });
});

test.run();
