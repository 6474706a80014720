// The style x size grids in Chromium at 1366x768 and 1024x768: an 8-size style ordered the old way (one size per
// search) and on the grid (clicks and keystrokes counted and printed), the grid order received half by typing and
// half by scanning barcodes and SKUs, a stock take's count typed across the grid, and the read-only stock grid of
// the style. Values are checked through the API; the size headings are checked to be whole (never cut off).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { docShot, navTo, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';
import { tally } from './tally.js';

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

const SIZES = ['38', '39', '40', '41', '42', '43', '44', '45'];
const QTY = [1, 2, 3, 4, 4, 3, 2, 1];
const NAME = 'Grid Runner';
const SUPPLIER = 'Grid Footwear Supply';

/** An EAN-13 from 12 digits (the check digit computed: weights 1,3 from the left). */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return twelve + ((10 - (sum % 10)) % 10);
}
const BARCODES = SIZES.map((s) => ean13(`2000000000${s}`));

interface P {
  id: number;
  size: string;
  sku: string;
  barcode: string | null;
  stock_qty: number;
}
let products: P[] = [];
let supplierId = 0;

/** Every size heading of the grids is whole: inside the grid's box, its text not clipped; cells finger-sized. */
async function assertGridWhole(page: Page) {
  const report = await page.evaluate(() =>
    [...document.querySelectorAll('.size-matrix-scroll')].map((box) => {
      const b = box.getBoundingClientRect();
      const heads = [...box.querySelectorAll('thead th')].map((th) => {
        const r = th.getBoundingClientRect();
        return { text: th.textContent, inside: r.left >= b.left - 0.5 && r.right <= b.right + 0.5, clipped: th.scrollWidth > th.clientWidth + 1 };
      });
      const cells = [...box.querySelectorAll('tbody input')].map((i) => i.getBoundingClientRect()).map((r) => Math.min(r.width, r.height));
      return { overflow: box.scrollWidth > box.clientWidth + 1, heads, smallest: cells.length ? Math.min(...cells) : 44 };
    }),
  );
  assert.ok(report.length > 0, 'a grid is shown');
  for (const g of report) {
    assert.is(g.overflow, false, 'the grid needs no sideways scrolling');
    for (const h of g.heads) assert.ok(h.inside && !h.clipped, `size heading ${h.text} whole`);
    assert.ok(g.smallest >= 44, `cells at least 44px (smallest ${g.smallest})`);
  }
}

/** Viewport screenshots at 1366x768 and 1024x768 (docs/screens with KEDAI_UPDATE_SCREENS=1), grid checked at each. */
async function shots(page: Page, name: string) {
  for (const w of [1366, 1024]) {
    await page.setViewportSize({ width: w, height: 768 });
    await page.waitForTimeout(150);
    await assertGridWhole(page);
    await docShot(page, `${name}-${w}x768`, { viewport: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

const dialog = () => b.page.locator('dialog.modal');
const orderOf = async (number: string) => {
  const list = (await server.t.admin.get(`/api/purchase-orders?supplier_id=${supplierId}`)).body;
  const id = (list.purchase_orders as { id: number; number: string }[]).find((o) => o.number === number)!.id;
  return (await server.t.admin.get(`/api/purchase-orders/${id}`)).body.purchase_order as {
    id: number;
    status: string;
    lines: { product_id: number; qty_ordered: number; qty_received: number; unit_cost: number }[];
  };
};
/** The number of the order just created: the newest 'created' toast, not one an earlier order left on screen. */
let lastCreated = '';
const createdNumber = async () => {
  const toast = b.page
    .locator('.toast', { hasText: /^Purchase order PO-\d{8}-\d+ created$/ })
    .filter({ hasNotText: lastCreated || '\u0000' })
    .last();
  await toast.waitFor();
  lastCreated = (await toast.textContent())!.match(/PO-\d{8}-\d+/)![0];
  return lastCreated;
};
const byIdQty = (lines: { product_id: number; qty_ordered: number }[]) => Object.fromEntries(lines.map((l) => [l.product_id, l.qty_ordered]));
const expected = () => Object.fromEntries(products.map((p, i) => [p.id, QTY[i]!]));
let before = { clicks: 0, keys: 0 };
let after = { clicks: 0, keys: 0 };
let gridOrder = '';

test('an 8-size style is ordered one size per search (before), then on the size grid (after)', async () => {
  const { page } = b;
  const created = await server.t.admin.post('/api/styles', {
    item_name: NAME,
    brand: 'Kedai',
    cost: 31.5,
    selling_price: 89,
    sku_prefix: 'GR',
    sizes: SIZES.map((size, i) => ({ size, barcode: i >= 4 && i < 6 ? BARCODES[i] : null })),
  });
  assert.is(created.status, 201);
  products = created.body.style.products;
  assert.equal(
    products.map((p) => p.sku),
    SIZES.map((s) => `GR-${s}`),
  );
  supplierId = (await server.t.admin.post('/api/suppliers', { name: SUPPLIER })).body.supplier.id;
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, server.url, 'admin');
  await navTo(page, 'Purchase Orders');
  await page.getByRole('heading', { name: 'Purchase Orders' }).waitFor();

  await step(page, 'grid-order-before', async () => {
    const t = tally(page);
    await t.click(page.getByRole('button', { name: '+ New Purchase Order' }));
    await t.choose(dialog().getByLabel('Supplier *'), SUPPLIER);
    await t.click(dialog().getByLabel('Add Product'));
    for (const s of SIZES) {
      await t.type(`GR-${s}`);
      await dialog()
        .getByRole('button', { name: new RegExp(`${NAME} \\(${s}\\)`) })
        .waitFor();
      await t.press('Enter');
      await dialog().getByLabel(`Qty of ${NAME} (${s})`).waitFor();
    }
    for (const [i, s] of SIZES.entries()) {
      if (QTY[i] === 1) continue; // a new line is 1 unit already
      await t.click(dialog().getByLabel(`Qty of ${NAME} (${s})`));
      await t.press('Control+A');
      await t.type(String(QTY[i]));
    }
    await t.click(dialog().getByRole('button', { name: 'Create Purchase Order' }));
    const order = await orderOf(await createdNumber());
    assert.equal(byIdQty(order.lines), expected());
    before = t.n;
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
  });

  await step(page, 'grid-order-after', async () => {
    const t = tally(page);
    await t.click(page.getByRole('button', { name: '+ New Purchase Order' }));
    await t.choose(dialog().getByLabel('Supplier *'), SUPPLIER);
    await t.click(dialog().getByLabel('Add Style (size grid)'));
    await t.type('grid runner');
    await dialog()
      .getByRole('button', { name: new RegExp(`^${NAME} · 8 sizes`) })
      .waitFor();
    await t.press('Enter');
    // The cursor is in the first size; a quantity and Enter per size, along the row.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Grid Runner size 38');
    for (const q of QTY) {
      await t.type(String(q));
      await t.press('Enter');
    }
    assert.equal(await dialog().locator('.size-matrix thead th').allTextContents(), ['Size', ...SIZES, 'Total']);
    assert.is(await dialog().locator('[data-grand-total]').textContent(), '20');
    assert.is(await dialog().getByLabel(`Unit cost of ${NAME}, all sizes`).inputValue(), '31.50');
    await dialog().getByTestId('order-total').filter({ hasText: '$630.00' }).waitFor();
    await dialog().locator('.size-matrix').scrollIntoViewIfNeeded();
    await shots(page, 'size-grid-new-order');
    await t.click(dialog().getByRole('button', { name: 'Create Purchase Order' }));
    gridOrder = await createdNumber();
    const order = await orderOf(gridOrder);
    assert.equal(byIdQty(order.lines), expected());
    assert.ok(order.lines.every((l) => l.unit_cost === 31.5));
    after = t.n;
  });
  console.log(
    `  Ordering an 8-size style (20 units): before (one size per search) ${before.clicks} clicks + ${before.keys} keystrokes; after (size grid) ${after.clicks} clicks + ${after.keys} keystrokes`,
  );
  assert.ok(after.clicks < before.clicks && after.keys < before.keys);
});

test('the grid order is received half by typing counts and half by scanning barcodes and SKUs', async () => {
  const { page } = b;
  await step(page, 'grid-receive', async () => {
    await dialog()
      .getByRole('heading', { name: `Purchase Order ${gridOrder}` })
      .waitFor();
    await dialog().getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog()
      .getByRole('heading', { name: `Receive Stock: ${gridOrder}` })
      .waitFor();
    await dialog().locator('.size-matrix').waitFor();
    assert.is(await dialog().getByLabel(`${NAME} (38)`).inputValue(), '1'); // opens with what is still expected
    await dialog().getByRole('button', { name: 'Clear Counts' }).click();
    assert.is(await dialog().locator('[data-grand-total]').textContent(), '0');
    // Sizes 38-41 typed along the row.
    await dialog().getByLabel(`${NAME} (38)`).click();
    for (const q of QTY.slice(0, 4)) {
      await page.keyboard.type(String(q));
      await page.keyboard.press('Enter');
    }
    // Sizes 42-45 scanned box by box: 42 and 43 by their EAN-13, 44 and 45 by SKU.
    await dialog().getByLabel('Scan a box (barcode or SKU)').click();
    for (const i of [4, 5, 6, 7]) {
      for (let k = 0; k < QTY[i]!; k++) {
        await page.keyboard.type(i < 6 ? BARCODES[i]! : `GR-${SIZES[i]}`);
        await page.keyboard.press('Enter');
      }
    }
    await dialog().getByText(`Scanned ${NAME} size 45: 1`).waitFor();
    assert.equal(await Promise.all(SIZES.map((s) => dialog().getByLabel(`${NAME} (${s})`).inputValue())), QTY.map(String));
    assert.is(await dialog().locator('[data-grand-total]').textContent(), '20');
    await page.keyboard.type('GR-99');
    await page.keyboard.press('Enter');
    await dialog().getByText('Not on this order: GR-99').waitFor();
    await shots(page, 'size-grid-receive');
    await dialog().getByRole('button', { name: 'Receive Stock' }).click();
    await page.locator('.toast', { hasText: `Received 20 units on ${gridOrder}` }).waitFor();
    const order = await orderOf(gridOrder);
    assert.is(order.status, 'RECEIVED');
    assert.ok(order.lines.every((l) => l.qty_received === l.qty_ordered));
    const style = (await server.t.admin.get(`/api/products/${products[0]!.id}`)).body.product;
    const now = (await server.t.admin.get(`/api/styles/${style.style_id}`)).body.style.products as P[];
    assert.equal(
      now.map((p) => p.stock_qty),
      QTY,
    );
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
  });
});

test("the style's stock overview grid, then a stock take counted across the grid", async () => {
  const { page } = b;
  await step(page, 'grid-stock', async () => {
    await page.goto(`${server.url}/inventory?view=styles`);
    const row = page.locator('tr[data-style-id]', { hasText: NAME });
    await row.getByRole('button', { name: 'Show sizes' }).click();
    const grid = page.getByRole('table', { name: `${NAME}: quantities by size` });
    await grid.waitFor();
    assert.equal(await grid.locator('tbody .size-matrix-figure').allTextContents(), QTY.map(String));
    assert.is(await grid.locator('tbody th').textContent(), 'In stock');
    assert.is(await grid.locator('tfoot').count(), 0); // one row: its total is the grand total
    assert.is(await grid.locator('[data-grand-total]').textContent(), '20');
    await grid.scrollIntoViewIfNeeded();
    await shots(page, 'size-grid-stock');
  });
  await step(page, 'grid-stock-take', async () => {
    const take = (await server.t.admin.post('/api/stock-takes', { scope: {} })).body.stock_take as { id: number };
    await page.goto(`${server.url}/stock-take?id=${take.id}`);
    await page.getByRole('heading', { name: `Stock Take #${take.id}` }).waitFor();
    await page.getByLabel('Count a Style (size grid)').fill('grid runner');
    await page.getByRole('button', { name: new RegExp(`^${NAME}.* · 8 sizes`) }).waitFor();
    await page.getByLabel('Count a Style (size grid)').press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Grid Runner size 38');
    // One pair of 45 is missing.
    const counts = [...QTY.slice(0, 7), 0];
    for (const c of counts) {
      await page.keyboard.type(String(c));
      await page.keyboard.press('Enter');
    }
    assert.is(await page.locator('.style-count-grid [data-grand-total]').textContent(), '19');
    await page.locator('.style-count-grid').scrollIntoViewIfNeeded();
    await shots(page, 'size-grid-stock-take');
    await page.getByRole('button', { name: 'Save Counts' }).click();
    await page.locator('.toast', { hasText: 'Saved 8 counts' }).waitFor();
    const lines = (await server.t.admin.get(`/api/stock-takes/${take.id}`)).body.stock_take.lines as {
      product_id: number;
      counted_qty: number;
      variance_qty: number;
    }[];
    const byId = new Map(lines.map((l) => [l.product_id, l]));
    assert.equal(
      products.map((p) => byId.get(p.id)?.counted_qty),
      counts,
    );
    assert.is(byId.get(products[7]!.id)!.variance_qty, -1);
    assert.is(await page.getByRole('button', { name: 'Save Counts' }).isDisabled(), true);
  });
  assert.equal(b.consoleErrors, []);
});

test.run();
