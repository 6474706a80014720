// Journey through the Suppliers and Purchase Orders screens in Chromium: add and edit a supplier, order two sizes,
// receive part then the rest (PARTIAL, then RECEIVED, stock up), cancel an order, draft one for low stock, and
// the PDF and labels opening in a new tab. Screenshots at 1024x768 and 1366x768.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer, navTo } from './harness.js';
import { formatMoney, toCents } from '../../core/money.js';

/** Dollars as every screen shows them: "$1,234.56". */
const usd = (dollars: number) => formatMoney(toCents(dollars));

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

const SUPPLIER = 'Orchard Footwear Supply';
const SKUS = ['PM-SDC-NVY-40', 'PM-SDC-NVY-41'];
const productBySku = async (sku: string) =>
  (await server.t.admin.get(`/api/products?sku=${sku}`)).body.products[0] as { id: number; stock_qty: number; cost: number };
const dialog = () => b.page.locator('dialog.modal');
const toast = (text: string | RegExp) => b.page.locator('.toast', { hasText: text });
let orderNumber = '';

/** Screenshots at the two till/back-office sizes, then back to the harness's size. */
async function shots(page: Page, name: string) {
  for (const [w, h] of [
    [1024, 768],
    [1366, 768],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await shot(page, `${name}-${w}x${h}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('admin adds and edits a supplier', async () => {
  const { page } = b;
  await step(page, 'suppliers-add', async () => {
    await signIn(page, server.url, 'admin');
    await navTo(page, 'Suppliers');
    await page.getByRole('heading', { name: 'Suppliers' }).waitFor();
    // The demo shop comes with three suppliers.
    await page.locator('table.suppliers-table tbody tr', { hasText: 'Stride Footwear Distributors Pte Ltd' }).waitFor();
    await page.getByRole('button', { name: '+ Add Supplier' }).click();
    await dialog().getByRole('heading', { name: 'Add Supplier' }).waitFor();
    await dialog().getByRole('button', { name: 'Add Supplier' }).click();
    await dialog().getByText('Supplier name is required').waitFor();
    await dialog().getByLabel('Supplier Name *').fill(SUPPLIER);
    await dialog().getByLabel('Contact Person').fill('Mr Goh');
    await dialog().getByLabel('Phone').fill('+65 6123 4567');
    await dialog().getByLabel('Email').fill('orders@orchard.example');
    await dialog().getByLabel('UEN').fill('201912345k');
    await dialog().getByRole('button', { name: 'Add Supplier' }).click();
    await page.getByText(`Supplier ${SUPPLIER} added successfully`, { exact: true }).waitFor();
    const row = page.locator('table.suppliers-table tbody tr', { hasText: SUPPLIER });
    await row.filter({ hasText: '201912345K' }).waitFor();
    assert.equal(await page.locator('table.suppliers-table th').allTextContents(), ['Name', 'Contact', 'Phone', 'Email', 'UEN', 'Actions']);
  });
  await step(page, 'suppliers-edit', async () => {
    await page.locator('table.suppliers-table tbody tr', { hasText: SUPPLIER }).getByRole('button', { name: 'Edit' }).click();
    await dialog().getByRole('heading', { name: 'Edit Supplier' }).waitFor();
    await dialog().getByLabel('Phone').fill('+65 6999 0000');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(`Supplier ${SUPPLIER} updated successfully`, { exact: true }).waitFor();
    await page.locator('table.suppliers-table tbody tr', { hasText: '+65 6999 0000' }).waitFor();
    await shots(page, 'suppliers');
  });
});

test('admin orders two sizes, receives part then the rest; status PARTIAL then RECEIVED; stock goes up', async () => {
  const { page } = b;
  const before = await Promise.all(SKUS.map(productBySku));
  await step(page, 'po-create', async () => {
    await navTo(page, 'Purchase Orders');
    await page.getByRole('heading', { name: 'Purchase Orders' }).waitFor();
    await page.getByText('No purchase orders yet. Create your first purchase order.').waitFor();
    await page.getByRole('button', { name: '+ New Purchase Order' }).click();
    await dialog().getByRole('heading', { name: 'New Purchase Order' }).waitFor();
    await dialog().getByLabel('Supplier *').selectOption({ label: SUPPLIER });
    // One size picked from the matches, the other by its SKU and Enter (as a scanner does).
    await dialog().getByLabel('Add Product').fill('puma suede navy');
    await dialog()
      .getByRole('button', { name: /Puma Suede Classic Navy \(40\)/ })
      .click();
    await dialog().getByLabel('Add Product').fill(SKUS[1]);
    await dialog()
      .getByRole('button', { name: /Puma Suede Classic Navy \(41\)/ })
      .waitFor();
    await dialog().getByLabel('Add Product').press('Enter');
    assert.is(await dialog().getByLabel('Unit cost of Puma Suede Classic Navy (40)').inputValue(), before[0].cost.toFixed(2));
    await dialog().getByLabel('Qty of Puma Suede Classic Navy (40)').fill('5');
    await dialog().getByLabel('Qty of Puma Suede Classic Navy (41)').fill('3');
    await dialog().getByLabel('Unit cost of Puma Suede Classic Navy (41)').fill('40.50');
    await dialog()
      .getByTestId('order-total')
      .filter({ hasText: usd(5 * before[0].cost + 3 * 40.5) })
      .waitFor();
    await shots(page, 'new-purchase-order');
    await dialog().getByRole('button', { name: 'Create Purchase Order' }).click();
    const created = toast(/^Purchase order PO-\d{8}-\d+ created$/);
    await created.waitFor();
    orderNumber = (await created.textContent())!.match(/PO-\d{8}-\d+/)![0];
    await dialog()
      .getByRole('heading', { name: `Purchase Order ${orderNumber}` })
      .waitFor();
    await dialog().getByText('OPEN', { exact: true }).waitFor();
    assert.is(await dialog().getByRole('button', { name: 'Print Labels' }).isDisabled(), true);
  });
  await step(page, 'po-receive-part', async () => {
    await dialog().getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog()
      .getByRole('heading', { name: `Receive Stock: ${orderNumber}` })
      .waitFor();
    assert.is(await dialog().getByLabel('Puma Suede Classic Navy (40)').inputValue(), '5');
    assert.is(await dialog().getByLabel('Puma Suede Classic Navy (41)').inputValue(), '3');
    await dialog().getByLabel('Puma Suede Classic Navy (40)').fill('2');
    await dialog().getByLabel('Puma Suede Classic Navy (41)').fill('0');
    await shots(page, 'receive');
    await dialog().getByRole('button', { name: 'Receive Stock' }).click();
    await toast(`Received 2 units on ${orderNumber}`).waitFor();
    await dialog().getByText('PARTIAL', { exact: true }).waitFor();
    await dialog().getByText('2 of 8 received').waitFor();
    const after = await Promise.all(SKUS.map(productBySku));
    assert.equal(
      after.map((p) => p.stock_qty),
      [before[0].stock_qty + 2, before[1].stock_qty],
    );
  });
  await step(page, 'po-receive-over', async () => {
    await dialog().getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog().getByLabel('Puma Suede Classic Navy (40)').fill('9');
    await dialog().getByRole('button', { name: 'Receive Stock' }).click();
    await toast(/is more than the 3 still expected/).waitFor();
  });
  await step(page, 'po-receive-rest', async () => {
    await dialog().getByLabel('Puma Suede Classic Navy (40)').fill('3');
    await dialog().getByRole('button', { name: 'Receive Stock' }).click();
    await toast(`Received 6 units on ${orderNumber}`).waitFor();
    await dialog().getByText('RECEIVED', { exact: true }).waitFor();
    assert.is(await dialog().getByRole('button', { name: 'Receive', exact: true }).count(), 0);
    assert.is(await dialog().getByRole('button', { name: 'Cancel Order' }).count(), 0);
    const after = await Promise.all(SKUS.map(productBySku));
    assert.equal(
      after.map((p) => p.stock_qty),
      [before[0].stock_qty + 5, before[1].stock_qty + 3],
    );
    await shots(page, 'purchase-order-detail');
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
    const row = page.locator('table.purchase-orders-table tbody tr', { hasText: orderNumber });
    await row.filter({ hasText: 'RECEIVED' }).filter({ hasText: '8 / 8' }).waitFor();
    assert.equal(await page.locator('table.purchase-orders-table th').allTextContents(), [
      'Number',
      'Supplier',
      'Date',
      'Units Received / Ordered',
      'Total Cost',
      'Status',
      'Actions',
    ]);
  });
  await step(page, 'po-filters', async () => {
    await page.getByLabel('Status').selectOption('OPEN');
    await page.getByText('No purchase orders found matching your criteria').waitFor();
    await page.getByLabel('Status').selectOption('RECEIVED');
    await page.locator('table.purchase-orders-table tbody tr', { hasText: orderNumber }).waitFor();
    await page.getByLabel('Supplier').selectOption({ label: SUPPLIER });
    await page.locator('table.purchase-orders-table tbody tr', { hasText: orderNumber }).waitFor();
    await page.getByLabel('Status').selectOption('');
    await shots(page, 'purchase-orders');
  });
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('409')),
    [],
  );
});

// ---- These use the routes of #15 item 5 (cancel, low stock, labels by order) ----

test('the PDF and the labels of the received units open in a new tab', async () => {
  const { page } = b;
  await step(page, 'po-pdf-labels', async () => {
    await page.goto(`${server.url}/purchase-orders`);
    await page.locator('table.purchase-orders-table tbody tr', { hasText: orderNumber }).getByRole('button', { name: 'View' }).click();
    await dialog()
      .getByRole('heading', { name: `Purchase Order ${orderNumber}` })
      .waitFor();
    const expected: Record<string, RegExp> = { PDF: /\/api\/purchase-orders\/\d+\/pdf$/, 'Print Labels': /\/api\/labels\.pdf\?purchase_order_id=\d+$/ };
    for (const [name, url] of Object.entries(expected)) {
      const [popup] = await Promise.all([b.context.waitForEvent('page'), dialog().getByRole('button', { name, exact: true }).click()]);
      assert.match(popup.url(), url);
      // The tab is authenticated by the session cookie alone; fetch the same address with it to check the PDF.
      const res = await page.request.get(popup.url());
      await popup.close();
      assert.is(res.status(), 200, `${name}: ${popup.url()}`);
      assert.is(res.headers()['content-type'], 'application/pdf');
    }
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
  });
});

test('admin cancels an open order', async () => {
  const { page } = b;
  await step(page, 'po-cancel', async () => {
    const supplierId = (await server.t.admin.get('/api/suppliers')).body.suppliers[0].id;
    const p = await productBySku(SKUS[0]);
    const r = await server.t.admin.post('/api/purchase-orders', { supplier_id: supplierId, lines: [{ product_id: p.id, qty: 2, unit_cost: 40 }] });
    const number = r.body.purchase_order.number as string;
    await page.goto(`${server.url}/purchase-orders`);
    await page.locator('table.purchase-orders-table tbody tr', { hasText: number }).getByRole('button', { name: 'View' }).click();
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await dialog().getByRole('button', { name: 'Cancel Order' }).click();
    await toast(`Purchase order ${number} cancelled`).waitFor();
    assert.is(asked, `Cancel purchase order ${number}?`);
    await dialog().getByText('CANCELLED', { exact: true }).waitFor();
    assert.is(await dialog().getByRole('button', { name: 'Receive', exact: true }).count(), 0);
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.locator('table.purchase-orders-table tbody tr', { hasText: number }).filter({ hasText: 'CANCELLED' }).waitFor();
  });
});

test('admin drafts a purchase order for low stock from the Low Stock tab', async () => {
  const { page } = b;
  await step(page, 'po-low-stock', async () => {
    // A product never ordered, now at its reorder point, whose style's default supplier (#30.2) is cleared: it has no supplier yet.
    const p = (await server.t.admin.get('/api/products?sku=CV-CTH-BLK-44')).body.products[0];
    const r = await server.t.admin.patch(`/api/products/${p.id}`, { reorder_point: p.stock_qty + 1 });
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.is((await server.t.admin.put(`/api/styles/${p.style_id}/supplier`, { supplier_id: null })).status, 200);
    await page.goto(`${server.url}/purchase-orders`);
    await page.getByRole('tab', { name: 'Low Stock' }).click();
    const group = page.locator('article.low-stock-group', { hasText: 'No supplier yet' });
    await group.filter({ hasText: 'CV-CTH-BLK-44' }).waitFor();
    await shots(page, 'low-stock');
    await group.getByRole('button', { name: 'Draft Purchase Order' }).click();
    await toast('Please select a supplier').waitFor();
    await group.getByLabel('Supplier for products with no supplier yet').selectOption({ label: SUPPLIER });
    await group.getByRole('button', { name: 'Draft Purchase Order' }).click();
    const created = toast(/^Purchase order PO-\d{8}-\d+ created$/);
    await created.waitFor();
    const number = (await created.textContent())!.match(/PO-\d{8}-\d+/)![0];
    await dialog()
      .getByRole('heading', { name: `Purchase Order ${number}` })
      .waitFor();
    const line = dialog().locator('table.po-detail-lines tbody tr', { hasText: 'CV-CTH-BLK-44' });
    await line.waitFor();
    // suggested = 2 x reorder point - stock
    assert.ok((await line.textContent())!.includes(String(2 * (p.stock_qty + 1) - p.stock_qty)));
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
    // Now attributed to the supplier it was ordered from.
    await page.locator('article.low-stock-group', { hasText: SUPPLIER }).filter({ hasText: 'CV-CTH-BLK-44' }).waitFor();
  });
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('409')),
    [],
  );
});

test.run();
