// Journey through the Inventory screen in Chromium: demo catalogue, pager, filters, add / edit / delete with toasts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

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

const rows = () => b.page.locator('table.inventory-table tbody tr');

test('admin sees the demo catalogue with a working pager and filters', async () => {
  const { page } = b;
  await step(page, 'inventory-list', async () => {
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/inventory`);
    await page.getByRole('heading', { name: 'Inventory' }).waitFor();
    await rows().first().waitFor();
    const headers = await page.locator('table.inventory-table th').allTextContents();
    assert.equal(headers, ['Product', 'SKU', 'Category', 'Cost', 'Price', 'Stock', 'Actions']);
    const total = (await server.t.staff.get('/api/products')).body.count as number;
    await page.getByText(`Showing 50 of ${total} products`).waitFor();
    await shot(page, 'inventory-list');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${Math.ceil(total / 50)}`).waitFor();
    await page.getByLabel('Categories').selectOption('Boots');
    await page.getByText('Page 1 of 1').waitFor();
    const boots = (await server.t.staff.get('/api/products?category=Boots')).body.count as number;
    await page.getByText(`Showing ${boots} of ${boots} products`).waitFor();
    assert.is(await rows().count(), boots);
    await page.getByPlaceholder(/Search products/).fill('chelsea');
    await page.waitForFunction(() => document.querySelectorAll('table.inventory-table tbody tr').length === 3);
    assert.ok((await rows().first().textContent())?.includes('Clarks Orinoco 2 Chelsea Brown'));
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText(`Showing 50 of ${total} products`).waitFor();
    assert.is(await page.getByPlaceholder(/Search products/).inputValue(), '');
  });
});

test('admin adds, edits and deletes a product; the form validates and the tax percent is stored as a fraction', async () => {
  const { page } = b;
  await step(page, 'inventory-add', async () => {
    await page.getByRole('button', { name: '+ Add Product' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Add Product' }).waitFor();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText('Product name is required').waitFor();
    await dialog.getByText('Cost is required').waitFor();
    await dialog.getByLabel('Product Name *').fill('Bata Power Walker Zqy');
    await dialog.getByLabel('SKU').fill('BT-PWZ-42');
    await dialog.getByLabel('Size').fill('42');
    await dialog.getByLabel('Category').fill('Sneakers');
    await dialog.getByLabel('Brand').fill('Bata');
    await dialog.getByLabel('Cost ($) *').fill('25.50');
    await dialog.getByLabel('Selling Price ($) *').fill('59.90');
    await dialog.getByLabel('Stock Quantity *').fill('12');
    await dialog.getByLabel('Tax Rate (%)').fill('8.5');
    await shot(page, 'inventory-add-form');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product Bata Power Walker Zqy added successfully', { exact: true }).waitFor();
    const created = (await server.t.admin.get('/api/products?sku=BT-PWZ-42')).body.products[0];
    assert.is(created.tax_rate, 0.085);
    assert.is(created.cost, 25.5);
    assert.is(created.stock_qty, 12);
  });
  await step(page, 'inventory-duplicate', async () => {
    await page.getByRole('button', { name: '+ Add Product' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByLabel('Product Name *').fill('Copy');
    await dialog.getByLabel('SKU').fill('BT-PWZ-42');
    await dialog.getByLabel('Cost ($) *').fill('1');
    await dialog.getByLabel('Selling Price ($) *').fill('2');
    await dialog.getByLabel('Stock Quantity *').fill('0');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.locator('.toast', { hasText: 'SKU BT-PWZ-42 already exists' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
  await step(page, 'inventory-edit', async () => {
    await page.getByPlaceholder(/Search products/).fill('zqy');
    const row = rows().filter({ hasText: 'Bata Power Walker Zqy' });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table.inventory-table tbody tr').length === 1);
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Edit Product' }).waitFor();
    assert.is(await dialog.getByLabel('Tax Rate (%)').inputValue(), '8.5');
    await dialog.getByLabel('Selling Price ($) *').fill('64.90');
    await dialog.getByLabel('Stock Quantity *').fill('10');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText('Product Bata Power Walker Zqy updated successfully', { exact: true }).waitFor();
    await row.filter({ hasText: '$64.90' }).waitFor();
    const id = (await server.t.admin.get('/api/products?sku=BT-PWZ-42')).body.products[0].id;
    const moves = (await server.t.admin.get(`/api/products/${id}/movements`)).body.movements;
    assert.equal(
      moves.map((m: { reason: string; qty_delta: number }) => [m.reason, m.qty_delta]),
      [
        ['ADJUSTMENT', -2],
        ['INITIAL', 12],
      ],
    );
  });
  await step(page, 'inventory-delete', async () => {
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await rows().filter({ hasText: 'Bata Power Walker Zqy' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Product Bata Power Walker Zqy deleted successfully', { exact: true }).waitFor();
    assert.ok(asked.includes('Bata Power Walker Zqy'));
    await page.getByText('No products found matching your criteria').waitFor();
    assert.is((await server.t.admin.get('/api/products?sku=BT-PWZ-42')).body.count, 0);
  });
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('409')),
    [],
  );
});

test('staff cannot open /inventory', async () => {
  const { page } = b;
  await step(page, 'inventory-staff', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.url, 'staff');
    await page.goto(`${server.url}/inventory`);
    await page.getByText('Access Denied').waitFor();
  });
});

test.run();
