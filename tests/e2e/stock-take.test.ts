// Journey through Stock Take and Labels in Chromium: open a take for one style, count it by scanning (one code
// twice) and by typing, see the variance, post it and find the ledger-backed stock change; then print a label
// sheet of a whole style with 2 copies. Screenshots at 1024x768 and 1366x768.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer, navTo } from './harness.js';

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

interface P {
  id: number;
  item_name: string;
  size: string | null;
  sku: string | null;
  barcode: string | null;
  stock_qty: number;
}
interface S {
  id: number;
  item_name: string;
  products: P[];
}

/** Screenshots at the two till widths the shop uses (toasts gone, scrolled to the top). */
async function shots(name: string) {
  await b.page
    .locator('.toast')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await b.page.waitForFunction(() => document.querySelectorAll('.toast').length === 0, undefined, { timeout: 5000 });
  await b.page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1024, 1366]) {
    await b.page.setViewportSize({ width, height: 768 });
    await shot(b.page, `${name}-${width}`);
  }
  await b.page.setViewportSize({ width: 1280, height: 800 });
}

test('admin counts one style by scanning and typing, posts the variance, stock follows the ledger', async () => {
  const { page } = b;
  const styles = (await server.t.admin.get('/api/styles?pageSize=200')).body.styles as S[];
  const style = styles.find((s) => s.products.length >= 4 && s.products.every((p) => p.sku))!;
  assert.ok(style, 'a demo style with 4 sizes');
  const [p1, p2, p3, p4] = style.products;
  const code = (p: P) => p.barcode ?? p.sku!;

  await step(page, 'stock-take-open', async () => {
    await signIn(page, server.url, 'admin');
    await navTo(page, 'Stock Take');
    await page.getByRole('heading', { name: 'Stock Take' }).waitFor();
    await page.getByText('No stock takes yet. Open one to start counting.').waitFor();
    await page.getByRole('button', { name: '+ New Stock Take' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'New Stock Take' }).waitFor();
    await dialog.getByLabel('Scope').selectOption('style');
    await dialog.getByRole('button', { name: 'Open Stock Take' }).click();
    await dialog.getByText('Choose a style', { exact: true }).last().waitFor();
    await dialog.getByLabel('Search styles').fill(style.item_name);
    await dialog.locator(`#take-style option[value="${style.id}"]`).waitFor({ state: 'attached' });
    await dialog.getByLabel('Style', { exact: true }).selectOption(String(style.id));
    await dialog.getByRole('button', { name: 'Open Stock Take' }).click();
    await page.getByText(/^Stock take #\d+ opened$/).waitFor();
    await page.getByRole('heading', { name: /Stock Take #\d+/ }).waitFor();
    assert.match(page.url(), /\/stock-take\?id=\d+$/);
  });
  const takeId = Number(new URL(page.url()).searchParams.get('id'));

  await step(page, 'stock-take-scan', async () => {
    const box = page.getByLabel('Scan barcode or SKU');
    assert.ok(await box.evaluate((el) => el === document.activeElement), 'the scan box has focus');
    for (const p of [p1, p2, p1, p3]) {
      await box.fill(code(p));
      await box.press('Enter');
    }
    const last = page.getByTestId('last-scan');
    await last
      .filter({ hasText: p3.item_name })
      .filter({ hasText: `Size ${p3.size}` })
      .waitFor();
    await page.getByLabel(`Counted ${p1.item_name} ${p1.size}`).and(page.locator('input')).waitFor();
    await page.waitForFunction(
      ([id]) => document.querySelector<HTMLInputElement>(`[aria-label="Counted ${id}"]`)?.value === '2',
      [`${p1.item_name} ${p1.size}`],
    );
    assert.ok(await box.evaluate((el) => el === document.activeElement), 'focus back on the scan box');
    assert.is(await box.inputValue(), '');
    // An unknown code: a clear message in the view and a toast, nothing counted.
    await box.fill('NO-SUCH-CODE-1');
    await box.press('Enter');
    await page.locator('.scan-error', { hasText: 'No product with barcode or SKU "NO-SUCH-CODE-1"' }).waitFor();
    await page.locator('.toast', { hasText: 'NO-SUCH-CODE-1' }).waitFor();
    assert.is(await box.inputValue(), '');
    // A product of another style is out of scope.
    const other = styles.find((s) => s.id !== style.id)!.products[0];
    await box.fill(code(other));
    await box.press('Enter');
    await page.locator('.scan-error', { hasText: "is not in this stock take's scope" }).waitFor();
  });

  await step(page, 'stock-take-type', async () => {
    // Typing a count: a bad number is refused on the spot; a good one is saved.
    const p2Box = page.getByLabel(`Counted ${p2.item_name} ${p2.size}`);
    await p2Box.fill('-4');
    await p2Box.press('Enter');
    await page.getByText('Enter a whole number of 0 or more').waitFor();
    await p2Box.fill('7');
    await p2Box.press('Enter');
    await page.getByText(`Count of ${p2.item_name} ${p2.size} set to 7`).waitFor();
    await page.getByText('Total (3 lines)').waitFor();
    const take = (await server.t.admin.get(`/api/stock-takes/${takeId}`)).body.stock_take;
    const byId = new Map(take.lines.map((l: { product_id: number }) => [l.product_id, l]));
    assert.equal(
      [p1, p2, p3].map((p) => (byId.get(p.id) as { counted_qty: number }).counted_qty),
      [2, 7, 1],
    );
    assert.is(take.lines.length, 3);
    const row = page.locator('table.count-table tbody tr', { hasText: p2.sku! });
    const variance = 7 - p2.stock_qty;
    // The row and totals re-render after the save's reply: wait for the figures rather than read them once.
    await row.filter({ hasText: variance > 0 ? `+${variance}` : String(variance) }).waitFor();
    await page.locator('tr.totals-row', { hasText: String(take.totals.counted_units) }).waitFor();
    await page.getByLabel('Scan barcode or SKU').fill(code(p4));
    await page.getByLabel('Scan barcode or SKU').press('Enter');
    await page
      .getByTestId('last-scan')
      .filter({ hasText: `Size ${p4.size}` })
      .waitFor();
    await page.getByRole('button', { name: 'Undo Last Scan' }).click();
    await page
      .getByTestId('last-scan')
      .filter({ hasText: `Size ${p4.size}` })
      .filter({ hasText: /Counted\s*0/ })
      .waitFor();
    await shots('stock-take-count');
  });

  await step(page, 'stock-take-csv', async () => {
    const href = await page.getByRole('button', { name: 'Download CSV' }).getAttribute('href');
    assert.is(href, `/api/stock-takes/${takeId}/variance.csv`);
    const csv = await page.request.get(`${server.url}${href}`);
    assert.is(csv.status(), 200);
    assert.match(csv.headers()['content-type'], /text\/csv/);
    assert.ok((await csv.text()).includes(p2.sku!));
  });

  await step(page, 'stock-take-post', async () => {
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await page.getByRole('button', { name: 'Post Variance' }).click();
    await page.getByText('Stock take posted', { exact: true }).waitFor();
    assert.match(asked, new RegExp(`Post stock take #${takeId}\\?`));
    await page.locator('.badge', { hasText: 'POSTED' }).waitFor();
    assert.is(await page.getByLabel('Scan barcode or SKU').count(), 0, 'a posted take is read-only');
    assert.is(await page.getByRole('button', { name: 'Post Variance' }).count(), 0);
    for (const [p, counted] of [
      [p1, 2],
      [p2, 7],
      [p3, 1],
      [p4, 0],
    ] as const) {
      const now = (await server.t.admin.get(`/api/products/${p.id}`)).body.product.stock_qty;
      const moves = (await server.t.admin.get(`/api/products/${p.id}/movements`)).body.movements as {
        reason: string;
        qty_delta: number;
        ref_id: string | null;
      }[];
      const booked = moves.filter((m) => m.reason === 'STOCK_TAKE' && m.ref_id === String(takeId));
      // p4's scan was undone to a count of 0: still a counted line, so its stock is set to 0 as well.
      if (counted === p.stock_qty) {
        assert.is(booked.length, 0, `${p.sku}: nothing booked`);
      } else {
        assert.is(now, counted, `${p.sku} stock set to the count`);
        assert.equal(
          booked.map((m) => m.qty_delta),
          [counted - p.stock_qty],
        );
      }
    }
    await page.getByRole('button', { name: 'All Stock Takes' }).click();
    const row = page.locator('table.stock-takes-table tbody tr', { hasText: `#${takeId}` });
    await row.filter({ hasText: 'POSTED' }).waitFor();
  });
  assert.equal(
    b.consoleErrors.filter((e) => !/(404|409|400)/.test(e)),
    [],
  );
});

test('admin opens a take for a brand and cancels it: nothing is booked', async () => {
  const { page } = b;
  await step(page, 'stock-take-cancel', async () => {
    await page.getByRole('button', { name: '+ New Stock Take' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByLabel('Scope').selectOption('brand');
    await dialog.getByLabel('Brand', { exact: true }).selectOption('Clarks');
    await dialog.getByRole('button', { name: 'Open Stock Take' }).click();
    await page.getByText(/Brand: Clarks/).waitFor();
    const takeId = Number(new URL(page.url()).searchParams.get('id'));
    const clarks = (await server.t.admin.get('/api/products?brand=Clarks')).body.products as P[];
    await page.getByLabel('Scan barcode or SKU').fill(clarks[0].barcode ?? clarks[0].sku!);
    await page.getByLabel('Scan barcode or SKU').press('Enter');
    await page.getByTestId('last-scan').waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Cancel Stock Take' }).click();
    await page.getByText('Stock take cancelled', { exact: true }).waitFor();
    await page.locator('.badge', { hasText: 'CANCELLED' }).waitFor();
    assert.is(await page.getByLabel('Scan barcode or SKU').count(), 0);
    assert.is((await server.t.admin.get(`/api/stock-takes/${takeId}`)).body.stock_take.status, 'CANCELLED');
    assert.is((await server.t.admin.get(`/api/products/${clarks[0].id}`)).body.product.stock_qty, clarks[0].stock_qty);
    await page.getByRole('button', { name: 'All Stock Takes' }).click();
    await page.locator('table.stock-takes-table tbody tr').nth(1).waitFor();
    await shots('stock-take-list');
  });
});

test('admin prints a label sheet of a whole style, 2 copies each', async () => {
  const { page } = b;
  const style = ((await server.t.admin.get('/api/styles?pageSize=200')).body.styles as S[]).find((s) => s.products.length >= 3)!;
  await step(page, 'labels', async () => {
    await navTo(page, 'Labels');
    await page.getByRole('heading', { name: 'Labels' }).waitFor();
    await page.getByRole('button', { name: 'Print Labels' }).click();
    await page.locator('p[role=alert]', { hasText: 'Add at least one product to the print list' }).waitFor();
    await page.getByLabel('Search styles').fill(style.item_name);
    const row = page.locator('table.label-styles-table tbody tr', { hasText: style.item_name }).first();
    await row.getByRole('button', { name: 'Add All Sizes' }).click();
    await page
      .locator('table.print-list-table tbody tr')
      .nth(style.products.length - 1)
      .waitFor();
    assert.is(await page.locator('table.print-list-table tbody tr').count(), style.products.length);
    await page.getByLabel('Copies per item').fill('2');
    await page.getByText(`${style.products.length * 2} labels`).waitFor();
    assert.is(await page.getByLabel('Format').inputValue(), 'sheet');
    assert.is(await page.getByLabel('Rows').inputValue(), '8');
    assert.is(await page.getByLabel('Columns').inputValue(), '3');
    // A bad layout is refused before anything opens.
    await page.getByLabel('Columns').fill('9');
    await page.getByRole('button', { name: 'Print Labels' }).click();
    await page.locator('p[role=alert]', { hasText: 'Columns must be a whole number from 1 to 6' }).waitFor();
    await page.getByLabel('Columns').fill('3');
    await shots('labels');
    const [popup] = await Promise.all([b.context.waitForEvent('page'), page.getByRole('button', { name: 'Print Labels' }).click()]);
    const url = new URL(popup.url());
    assert.is(url.pathname, '/api/labels.pdf');
    assert.is(url.searchParams.get('product_ids'), style.products.map((p) => p.id).join(','));
    assert.is(url.searchParams.get('copies'), '2');
    const pdf = await page.request.get(popup.url());
    assert.is(pdf.status(), 200);
    assert.match(pdf.headers()['content-type'], /application\/pdf/);
    await popup.close();
    // The roll printer format.
    await page.getByLabel('Format').selectOption('roll');
    assert.is(await page.getByLabel('Rows').count(), 0);
    const [roll] = await Promise.all([b.context.waitForEvent('page'), page.getByRole('button', { name: 'Print Labels' }).click()]);
    assert.is(new URL(roll.url()).searchParams.get('format'), 'roll');
    await roll.close();
  });
  await step(page, 'labels-received', async () => {
    const [p1, p2] = style.products;
    const supplier = (await server.t.admin.post('/api/suppliers', { name: 'Label Test Supplier' })).body.supplier;
    const po = (
      await server.t.admin.post('/api/purchase-orders', {
        supplier_id: supplier.id,
        lines: [
          { product_id: p1.id, qty: 3, unit_cost: 10 },
          { product_id: p2.id, qty: 2, unit_cost: 10 },
        ],
      })
    ).body.purchase_order;
    const received = await server.t.admin.post(`/api/purchase-orders/${po.id}/receive`, {
      lines: [
        { product_id: p1.id, qty: 3 },
        { product_id: p2.id, qty: 1 },
      ],
    });
    assert.is(received.status, 200);
    await page.goto(`${server.url}/labels?purchase_order_id=${po.id}`);
    await page.getByText(`Purchase order #${po.id}`).waitFor();
    const [tab] = await Promise.all([b.context.waitForEvent('page'), page.getByRole('button', { name: 'Print Received Labels' }).click()]);
    assert.equal(Object.fromEntries(new URL(tab.url()).searchParams), { purchase_order_id: String(po.id), rows: '8', cols: '3' });
    const pdf = await page.request.get(tab.url());
    assert.is(pdf.status(), 200);
    assert.match(pdf.headers()['content-type'], /application\/pdf/);
    await tab.close();
  });
});

test.run();
