// #30 "Done when": the owner's stock room in Chromium at 1366x768, one journey. A new 8-size style (EU 38-45, from/to
// in the Add Style form, reorder point 2), its default supplier (PUT /api/styles/:id/supplier: the form has no
// supplier field), 'Generate barcodes' (EAN-13, in-store prefix 20-29), ordered on the size grid (clicks and keys
// counted), the order edited (History), shoebox labels printed and their EAN-13s decoded back from the PDF, half
// received by scanning those decoded codes, the rest drafted from Low Stock without ordering a unit twice, the
// order's shoebox labels, and the size-curve report reconciled with the stock ledger.
// Screenshots (docs/screens/ with KEDAI_UPDATE_SCREENS=1): stock-room-*.png.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { addDays, startOfLocalDay } from '../../core/clock.js';
import { decodeEan13 } from '../../core/pdf/code128-decode.js';
import { pdfImages } from '../../core/pdf/pdf-images.js';
import { docShot, navTo, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';
import { tally } from './tally.js';

let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1366, height: 768 });
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

const NAME = 'Stock Room Runner';
const SUPPLIER = 'Stock Room Supply';
const SIZES = ['38', '39', '40', '41', '42', '43', '44', '45'];
const QTY = [1, 2, 3, 4, 4, 3, 2, 1];
const EDITED = [2, ...QTY.slice(1)]; // Edit Order: size 38 from 1 to 2
const RECEIVED = [...EDITED.slice(0, 4), 0, 0, 0, 0]; // sizes 38-41 in full
const REORDER_POINT = 2;

interface P {
  id: number;
  size: string;
  sku: string;
  barcode: string | null;
  stock_qty: number;
}
interface Line {
  product_id: number;
  qty_ordered: number;
  qty_received: number;
}
let styleId = 0;
let supplierId = 0;
let products: P[] = [];
let number = '';
let orderId = 0;
let decoded: string[] = [];

const page = () => b.page;
const dialog = () => page().locator('dialog.modal');
const api = { get: async (path: string) => (await server.t.admin.get(path)).body };
const styleProducts = async () => (await api.get(`/api/styles/${styleId}`)).style.products as P[];
const order = async (id = orderId) => (await api.get(`/api/purchase-orders/${id}`)).purchase_order as { status: string; lines: Line[]; history: unknown[] };
const qtyBySize = (lines: Line[], key: 'qty_ordered' | 'qty_received') => products.map((p) => lines.find((l) => l.product_id === p.id)?.[key] ?? 0);
/** A doc picture of the viewport, toasts dismissed first (a tap each) so they hide nothing. */
async function shot(name: string, scrollTo?: Locator) {
  while ((await page().locator('.toast').count()) > 0) await page().locator('.toast').first().click();
  await scrollTo?.scrollIntoViewIfNeeded();
  await docShot(page(), `stock-room-${name}`, { viewport: true });
}

/** EAN-13 check digit valid (weights 1,3 from the left). */
function validEan13(code: string): boolean {
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return /^\d{13}$/.test(code) && (10 - (sum % 10)) % 10 === Number(code[12]);
}

async function pdfCodes(url: string): Promise<string[]> {
  const pdf = await page().request.get(url);
  assert.is(pdf.status(), 200);
  assert.is(pdf.headers()['content-type'], 'application/pdf');
  const images = await pdfImages(Buffer.from(await pdf.body()));
  return Promise.all(images.map((i) => decodeEan13(i)));
}

test('the stock room journey: style, barcodes, grid order, edit, labels, scan-receive half, low stock, size curve', async () => {
  await step(page(), 'stock-room-style', async () => {
    await signIn(page(), server.url, 'admin');
    await page().goto(`${server.url}/inventory?view=styles`);
    await page().getByRole('button', { name: '+ Add Style' }).click();
    await dialog().getByRole('heading', { name: 'Add Style' }).waitFor();
    await dialog().getByLabel('Style Name *').fill(NAME);
    await dialog().getByLabel('Cost ($) *').fill('42.50');
    await dialog()
      .getByLabel(/^Selling Price/)
      .fill('119.90');
    await dialog().getByLabel('Reorder Point').fill(String(REORDER_POINT));
    await dialog().getByLabel('SKU Prefix *').fill('SRR');
    await dialog().getByLabel('Size run').selectOption({ label: 'From / to...' });
    await dialog().getByLabel('From', { exact: true }).fill('38');
    await dialog().getByLabel('To', { exact: true }).fill('45');
    await dialog().getByLabel('Size of row 8').waitFor();
    assert.is(await dialog().locator('table.size-rows tbody tr').count(), 8);
    await dialog().getByRole('button', { name: 'Add Style' }).click();
    await page()
      .locator('.toast', { hasText: `Style ${NAME} added successfully` })
      .waitFor();
    const styles = (await api.get(`/api/styles?search=${encodeURIComponent(NAME)}`)).styles as { id: number; item_name: string }[];
    styleId = styles.find((s) => s.item_name === NAME)!.id;
    products = await styleProducts();
    assert.equal(
      products.map((p) => p.size),
      SIZES,
    );
    assert.equal(
      products.map((p) => p.sku),
      SIZES.map((s) => `SRR-${s}`),
    );
    // The default supplier: the Add Style form has no supplier field, so through the API.
    supplierId = (await server.t.admin.post('/api/suppliers', { name: SUPPLIER })).body.supplier.id;
    const put = await server.t.admin.put(`/api/styles/${styleId}/supplier`, { supplier_id: supplierId });
    assert.is(put.status, 200);
    assert.is((await api.get(`/api/styles/${styleId}/supplier`)).style_supplier.supplier.name, SUPPLIER);
  });

  await step(page(), 'stock-room-barcodes', async () => {
    await page()
      .getByPlaceholder(/Search styles/)
      .fill('Stock Room');
    const row = page().locator('tr[data-style-id]', { hasText: NAME });
    // A new style opens with its sizes shown.
    await row.getByRole('button', { name: 'Hide sizes' }).waitFor();
    const sizesRow = page().locator(`#style-${styleId}-sizes`);
    await sizesRow.getByText('8 of 8 sizes have no barcode.').waitFor();
    await sizesRow.getByRole('button', { name: 'Generate barcodes' }).click();
    await sizesRow.getByText('Every size has a barcode.').waitFor();
    products = await styleProducts();
    const codes = products.map((p) => p.barcode ?? '');
    for (const c of codes) {
      assert.ok(validEan13(c), `${c} is an EAN-13 with a valid check digit`);
      assert.match(c, /^2\d{12}$/, 'in-store prefix 20-29');
    }
    assert.is(new Set(codes).size, 8, 'unique');
    await shot('barcodes');
  });

  let counted = { clicks: 0, keys: 0 };
  await step(page(), 'stock-room-grid-order', async () => {
    await navTo(page(), 'Purchase Orders');
    await page().getByRole('heading', { name: 'Purchase Orders' }).waitFor();
    const t = tally(page());
    await t.click(page().getByRole('button', { name: '+ New Purchase Order' }));
    await t.choose(dialog().getByLabel('Supplier *'), SUPPLIER);
    await t.click(dialog().getByLabel('Add Style (size grid)'));
    await t.type('stock room');
    await dialog()
      .getByRole('button', { name: new RegExp(`^${NAME} · 8 sizes`) })
      .waitFor();
    await t.press('Enter');
    await page().waitForFunction((n) => document.activeElement?.getAttribute('aria-label') === `${n} size 38`, NAME);
    for (const q of QTY) {
      await t.type(String(q));
      await t.press('Enter');
    }
    assert.is(await dialog().locator('[data-grand-total]').textContent(), '20');
    await dialog().getByTestId('order-total').filter({ hasText: '$850.00' }).waitFor();
    await dialog().locator('.size-matrix').scrollIntoViewIfNeeded();
    await shot('grid-order');
    await t.click(dialog().getByRole('button', { name: 'Create Purchase Order' }));
    const toast = page().locator('.toast', { hasText: /^Purchase order PO-\d{8}-\d+ created$/ });
    await toast.waitFor();
    number = (await toast.textContent())!.match(/PO-\d{8}-\d+/)![0];
    counted = t.n;
    const list = (await api.get(`/api/purchase-orders?supplier_id=${supplierId}`)).purchase_orders as { id: number; number: string }[];
    orderId = list.find((o) => o.number === number)!.id;
    assert.equal(qtyBySize((await order()).lines, 'qty_ordered'), QTY);
  });
  console.log(`  Ordering an 8-size style (20 units) on the size grid: ${counted.clicks} clicks + ${counted.keys} keystrokes`);

  await step(page(), 'stock-room-edit', async () => {
    await dialog()
      .getByRole('heading', { name: `Purchase Order ${number}` })
      .waitFor();
    await dialog().getByRole('button', { name: 'Edit Order' }).click();
    await dialog()
      .getByRole('heading', { name: `Edit Purchase Order ${number}` })
      .waitFor();
    await dialog().getByLabel(`Qty of ${NAME} (38)`).fill('2');
    await dialog().getByLabel('Expected Delivery').fill('2026-12-10');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await page()
      .locator('.toast', { hasText: `Purchase order ${number} saved` })
      .waitFor();
    const history = dialog().getByRole('list', { name: 'Order history' });
    await history.waitFor();
    assert.equal(await history.locator('ul li').allTextContents(), ['Expected delivery: none → 2026-12-10', `Qty of ${NAME} size 38 (SRR-38): 1 → 2`]);
    const po = await order();
    assert.equal(qtyBySize(po.lines, 'qty_ordered'), EDITED);
    assert.is(po.history.length, 1);
    await shot('edit-history', history);
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
  });

  await step(page(), 'stock-room-style-labels', async () => {
    await page().goto(`${server.url}/labels?style_id=${styleId}`);
    await page().getByText(`Style: ${NAME}`).waitFor();
    await page().getByLabel('Format').selectOption('shoebox');
    const [popup] = await Promise.all([b.context.waitForEvent('page'), page().getByRole('button', { name: 'Print Style Labels' }).click()]);
    const url = new URL(popup.url());
    assert.is(url.pathname, '/api/labels.pdf');
    assert.is(url.searchParams.get('format'), 'shoebox');
    decoded = await pdfCodes(popup.url());
    await popup.close();
    assert.equal(
      decoded,
      products.map((p) => p.barcode),
      'one shoebox label a size, decoded back to its code',
    );
  });

  await step(page(), 'stock-room-receive', async () => {
    await page().goto(`${server.url}/purchase-orders`);
    await page().locator('table.purchase-orders-table tbody tr', { hasText: number }).getByRole('button', { name: 'View' }).click();
    await dialog()
      .getByRole('heading', { name: `Purchase Order ${number}` })
      .waitFor();
    await dialog().getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog()
      .getByRole('heading', { name: `Receive Stock: ${number}` })
      .waitFor();
    await dialog().locator('.size-matrix').waitFor();
    await dialog().getByRole('button', { name: 'Clear Counts' }).click();
    assert.is(await dialog().locator('[data-grand-total]').textContent(), '0');
    await dialog().getByLabel('Scan a box (barcode or SKU)').click();
    // The decoded label codes are the scans: sizes 38-41, one scan a box.
    for (const [i, n] of RECEIVED.entries()) {
      for (let k = 0; k < n; k++) {
        await page().keyboard.type(decoded[i]!);
        await page().keyboard.press('Enter');
      }
    }
    await dialog().getByText(`Scanned ${NAME} size 41: 4`).waitFor();
    assert.equal(
      await Promise.all(SIZES.map((s) => dialog().getByLabel(`${NAME} (${s})`).inputValue())),
      RECEIVED.map((n) => (n ? String(n) : '')),
      'scanned sizes counted, the rest blank',
    );
    assert.is(await dialog().locator('[data-grand-total]').textContent(), '11');
    await dialog().locator('.size-matrix').scrollIntoViewIfNeeded();
    await shot('receive-scan');
    await dialog().getByRole('button', { name: 'Receive Stock' }).click();
    await page()
      .locator('.toast', { hasText: `Received 11 units on ${number}` })
      .waitFor();
    const po = await order();
    assert.is(po.status, 'PARTIAL');
    assert.equal(qtyBySize(po.lines, 'qty_received'), RECEIVED);
    assert.equal(
      (await styleProducts()).map((p) => p.stock_qty),
      RECEIVED,
    );
  });

  await step(page(), 'stock-room-shoebox-order', async () => {
    const [popup] = await Promise.all([b.context.waitForEvent('page'), dialog().getByRole('button', { name: 'Shoebox Labels' }).click()]);
    const codes = await pdfCodes(popup.url());
    await popup.close();
    // One label per unit received: 2 + 2 + 3 + 4 of sizes 38-41.
    assert.is(codes.length, 11);
    assert.equal(codes[0], decoded[0]);
    assert.equal([...new Set(codes)], decoded.slice(0, 4));
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
  });

  await step(page(), 'stock-room-low-stock', async () => {
    // Stock 2,2,3,4,0,0,0,0 at reorder point 2: sizes 38, 39 and 42-45 are low; 42-45 are still on the open order.
    const target = (stock: number) => Math.max(1, 2 * REORDER_POINT - stock);
    const onOrder = EDITED.map((q, i) => q - RECEIVED[i]!);
    const low = (await api.get(`/api/reports/low-stock?supplier_id=${supplierId}`)).items as { product_id: number; on_order: number; suggested_qty: number }[];
    const lowIds = products.filter((_, i) => RECEIVED[i]! <= REORDER_POINT).map((p) => p.id);
    assert.equal(
      low.map((i) => i.product_id).sort((a, c) => a - c),
      [...lowIds].sort((a, c) => a - c),
    );
    for (const i of low) {
      const k = products.findIndex((p) => p.id === i.product_id);
      assert.is(i.on_order, onOrder[k], SIZES[k]);
      assert.is(i.suggested_qty, Math.max(0, target(RECEIVED[k]!) - onOrder[k]!), SIZES[k]);
    }
    await page().getByRole('tab', { name: 'Low Stock' }).click();
    const group = page().locator('article.low-stock-group', { has: page().getByRole('heading', { name: new RegExp(`^${SUPPLIER}`) }) });
    await group.waitFor();
    const row = (k: number) => group.locator('tbody tr', { hasText: products[k]!.sku });
    // Size 42: 4 on order covers the target of 4: shown, not ticked. 43-45: only the shortfall.
    await row(4).getByText('on order 4').waitFor();
    assert.is(await row(4).getByRole('checkbox').isChecked(), false);
    for (const k of [5, 6, 7]) {
      await row(k).getByText(`on order ${onOrder[k]}`).waitFor();
      assert.is(await row(k).getByRole('spinbutton').inputValue(), String(target(0) - onOrder[k]!), SIZES[k]);
    }
    assert.is(await row(0).getByRole('spinbutton').inputValue(), '2');
    await group.locator('h4').scrollIntoViewIfNeeded();
    await shot('low-stock');
    await group.getByRole('button', { name: 'Draft Purchase Order' }).click();
    await page()
      .locator('.toast', { hasText: /^Purchase order PO-\d{8}-\d+ created$/ })
      .last()
      .waitFor();
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click(); // the drafted order's details
    // No unit ordered twice: what is open on order per low size is exactly what it was short.
    const open = (await api.get(`/api/purchase-orders?supplier_id=${supplierId}`)).purchase_orders as { id: number; status: string }[];
    const still = new Map<number, number>();
    for (const o of open.filter((x) => x.status === 'OPEN' || x.status === 'PARTIAL'))
      for (const l of (await order(o.id)).lines) still.set(l.product_id, (still.get(l.product_id) ?? 0) + l.qty_ordered - l.qty_received);
    for (const [k, p] of products.entries()) {
      if (lowIds.includes(p.id)) assert.is(still.get(p.id) ?? 0, target(RECEIVED[k]!), `${SIZES[k]} on order = what is short`);
    }
    const after = (await api.get(`/api/reports/low-stock?supplier_id=${supplierId}`)).items as { suggested_qty: number }[];
    assert.equal(
      after.map((i) => i.suggested_qty),
      after.map(() => 0),
      'nothing left to suggest',
    );
  });

  await step(page(), 'stock-room-size-curve', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: server.t.app.config.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
    const report = (await api.get(`/api/reports/size-curve?style_id=${styleId}&from=${today}&to=${today}`)) as {
      sizes: { size: string; received: number }[];
      totals: { received: number };
    };
    assert.equal(
      report.sizes.map((s) => s.received),
      RECEIVED,
    );
    // The ledger, summed here: every stock movement of the style's sizes today (only the receipts moved stock).
    const tz = server.t.app.config.timeZone;
    const ledger = server.t.app.db
      .prepare(
        `SELECT p.id, total(m.qty_delta) AS q FROM inventory_product p LEFT JOIN inventory_stock_movement m ON m.product_id = p.id
         AND m.created_at >= ? AND m.created_at < ? WHERE p.style_id = ? GROUP BY p.id`,
      )
      .all(startOfLocalDay(today, tz).toISOString(), startOfLocalDay(addDays(today, 1), tz).toISOString(), styleId) as { id: number; q: number }[];
    assert.equal(
      products.map((p) => ledger.find((r) => r.id === p.id)!.q),
      RECEIVED,
    );
    await page().getByRole('link', { name: 'Reports', exact: true }).click();
    await page().getByRole('button', { name: 'Size curve' }).click();
    await page().getByRole('heading', { name: 'Size Curve' }).waitFor();
    await page().getByLabel('From').fill(today);
    await page().getByLabel('To').fill(today);
    await page().locator('#curve-value').selectOption({ label: NAME });
    const table = page().locator('table.size-curve-table');
    await table.waitFor();
    assert.equal(await table.locator('thead th').allTextContents(), ['Size', ...SIZES, 'Total']);
    await table.locator('tbody tr[data-row="received"] td').last().filter({ hasText: /^11$/ }).waitFor();
    assert.equal(await table.locator('tbody tr[data-row="received"] td').allTextContents(), [...RECEIVED.map(String), '11']);
    await shot('size-curve');
  });
  // The same 20 units the old way, one size per search (last, so its order changes nothing above).
  await step(page(), 'stock-room-order-before', async () => {
    await page().goto(`${server.url}/purchase-orders`);
    const t = tally(page());
    await t.click(page().getByRole('button', { name: '+ New Purchase Order' }));
    await t.choose(dialog().getByLabel('Supplier *'), SUPPLIER);
    await t.click(dialog().getByLabel('Add Product'));
    for (const s of SIZES) {
      await t.type(`SRR-${s}`);
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
    const toast = page()
      .locator('.toast', { hasText: /^Purchase order PO-\d{8}-\d+ created$/ })
      .last();
    await toast.waitFor();
    const made = (await toast.textContent())!.match(/PO-\d{8}-\d+/)![0];
    const list = (await api.get(`/api/purchase-orders?supplier_id=${supplierId}`)).purchase_orders as { id: number; number: string }[];
    assert.equal(qtyBySize((await order(list.find((o) => o.number === made)!.id)).lines, 'qty_ordered'), QTY);
    console.log(`  The same order one size per search: ${t.n.clicks} clicks + ${t.n.keys} keystrokes`);
    assert.ok(counted.clicks < t.n.clicks && counted.keys < t.n.keys);
  });
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('409')),
    [],
  );
});

test.run();
