// Issue #15's "done when", as one journey in Chromium: a new user adds a style in 14 sizes in one form, prints a
// label sheet of it, orders and receives two of its sizes from a new supplier (and prints one label per pair
// received), counts that shelf by scanning and posts the variance. Every step is checked against the API: the
// labels PDF is parsed back and its barcode decoded, and the ledger explains every unit of the style.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pdfText } from '../../core/pdf/pdf-text.js';
import { decodeCode128, pdfImages } from '../../plugins/stock-take/test-support.js';
import { openBrowser, signIn, startServer, step, type TestBrowser, type TestServer, navTo } from './harness.js';

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

const NAME = 'Veja Campo Chromefree White';
const PREFIX = 'VJ-CMP-WHT';
const BARCODE = '5901234123457';
const SUPPLIER = 'Veja Asia Pte Ltd';
const dialog = () => b.page.locator('dialog.modal');
const toast = (text: string | RegExp) => b.page.locator('.toast', { hasText: text });
interface P {
  id: number;
  size: string;
  sku: string;
  stock_qty: number;
}
const styleNow = async () =>
  (await server.t.admin.get(`/api/styles?search=${encodeURIComponent('Veja Campo')}`)).body.styles[0] as { id: number; products: P[] };
/** Follows a click that opens a tab, fetches what the tab shows, closes the tab. */
async function tabOpenedBy(click: () => Promise<void>) {
  const [tab] = await Promise.all([b.context.waitForEvent('page'), click()]);
  const url = tab.url();
  const res = await b.page.request.get(url);
  await tab.close();
  return { url: new URL(url), status: res.status(), type: res.headers()['content-type'], body: Buffer.from(await res.body()) };
}

test('add a 14-size style, print its labels, receive a purchase order, count the shelf by scanning, post the variance', async () => {
  const { page } = b;
  await step(page, 'journey-add-style', async () => {
    await signIn(page, server.url, 'admin');
    await page.getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('button', { name: 'Styles' }).click();
    await page.getByRole('button', { name: '+ Add Style' }).click();
    await dialog().getByRole('heading', { name: 'Add Style' }).waitFor();
    await dialog().getByLabel('Style Name *').fill(NAME);
    await dialog().getByLabel('Colour').fill('White');
    await dialog().getByLabel('Brand').fill('Veja');
    await dialog().getByLabel('Category').fill('Sneakers');
    await dialog().getByLabel('Cost ($) *').fill('70');
    await dialog().getByLabel('Selling Price ($) *').fill('179');
    await dialog().getByLabel('SKU Prefix *').fill(PREFIX);
    await dialog().getByLabel('Size run').selectOption({ label: 'EU 35-47' });
    await dialog().getByLabel('Size of row 13').waitFor();
    await dialog().getByRole('button', { name: 'Add size' }).click();
    await dialog().getByLabel('Size of row 14').fill('48');
    await dialog().getByLabel('Opening stock for size 42').fill('3');
    await dialog().getByLabel('Opening stock for size 43').fill('2');
    await dialog().getByLabel('Barcode for size 42').fill(BARCODE);
    await dialog().getByRole('button', { name: 'Add Style' }).click();
    await toast(`Style ${NAME} added successfully`).waitFor();
    const style = await styleNow();
    assert.equal(
      style.products.map((p) => p.size),
      ['35', '36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46', '47', '48'],
    );
    assert.equal(
      style.products.map((p) => p.stock_qty).reduce((a, c) => a + c, 0),
      5,
    );
  });

  await step(page, 'journey-labels', async () => {
    await navTo(page, 'Labels');
    await page.getByRole('heading', { name: 'Labels' }).waitFor();
    await page.getByLabel('Search styles').fill('Veja Campo');
    await page.locator('table.label-styles-table tbody tr', { hasText: NAME }).getByRole('button', { name: 'Add All Sizes' }).click();
    await page.getByText('14 labels').waitFor();
    const pdf = await tabOpenedBy(() => page.getByRole('button', { name: 'Print Labels' }).click());
    assert.is(pdf.url.pathname, '/api/labels.pdf');
    assert.is(pdf.status, 200);
    assert.match(pdf.type, 'application/pdf');
    const { text, pages } = await pdfText(pdf.body);
    assert.is(pages.length, 1, '14 labels fit one A4 sheet of 8 x 3');
    assert.is(text.split(NAME).length - 1, 14);
    assert.match(text, '$195.11', '179 + 9% GST');
    const codes = await Promise.all((await pdfImages(pdf.body)).map((img) => decodeCode128(img)));
    assert.ok(codes.includes(BARCODE), 'size 42 carries its barcode');
    assert.ok(codes.includes(`${PREFIX}-48`), 'a size without a barcode carries its SKU');
  });

  let orderNumber = '';
  await step(page, 'journey-receive', async () => {
    await navTo(page, 'Suppliers');
    await page.getByRole('button', { name: '+ Add Supplier' }).click();
    await dialog().getByLabel('Supplier Name *').fill(SUPPLIER);
    await dialog().getByRole('button', { name: 'Add Supplier' }).click();
    await toast(`Supplier ${SUPPLIER} added successfully`).waitFor();
    await navTo(page, 'Purchase Orders');
    await page.getByRole('button', { name: '+ New Purchase Order' }).click();
    await dialog().getByLabel('Supplier *').selectOption({ label: SUPPLIER });
    for (const size of ['42', '43']) {
      await dialog().getByLabel('Add Product').fill(`${PREFIX}-${size}`);
      await dialog()
        .getByRole('button', { name: new RegExp(`${NAME} \\(${size}\\)`) })
        .waitFor();
      await dialog().getByLabel('Add Product').press('Enter');
      await dialog().getByLabel(`Qty of ${NAME} (${size})`).fill('6');
    }
    await dialog().getByRole('button', { name: 'Create Purchase Order' }).click();
    const created = toast(/^Purchase order PO-\d{8}-\d+ created$/);
    await created.waitFor();
    orderNumber = (await created.textContent())!.match(/PO-\d{8}-\d+/)![0];
    await dialog().getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog()
      .getByRole('heading', { name: `Receive Stock: ${orderNumber}` })
      .waitFor();
    await dialog().getByRole('button', { name: 'Receive Stock' }).click();
    await toast(`Received 12 units on ${orderNumber}`).waitFor();
    await dialog().getByText('RECEIVED', { exact: true }).waitFor();
    // One label per pair received.
    const pdf = await tabOpenedBy(() => dialog().getByRole('button', { name: 'Print Labels', exact: true }).click());
    assert.ok(pdf.url.searchParams.get('purchase_order_id'));
    assert.is(pdf.status, 200);
    const { text } = await pdfText(pdf.body);
    assert.is(text.split(NAME).length - 1, 12);
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
    const style = await styleNow();
    assert.equal(
      style.products.filter((p) => ['42', '43'].includes(p.size)).map((p) => p.stock_qty),
      [9, 8],
    );
  });

  await step(page, 'journey-count', async () => {
    const style = await styleNow();
    await navTo(page, 'Stock Take');
    await page.getByRole('button', { name: '+ New Stock Take' }).click();
    await dialog().getByLabel('Scope').selectOption('style');
    await dialog().getByLabel('Search styles').fill('Veja Campo');
    await dialog().locator(`#take-style option[value="${style.id}"]`).waitFor({ state: 'attached' });
    await dialog().getByLabel('Style', { exact: true }).selectOption(String(style.id));
    await dialog().getByRole('button', { name: 'Open Stock Take' }).click();
    await page.getByRole('heading', { name: /Stock Take #\d+/ }).waitFor();
    // The shelf: 9 boxes of size 42 (scanned by barcode), 7 of size 43 (by SKU label): one pair of 43 is missing.
    const box = page.getByLabel('Scan barcode or SKU');
    const scans = [...Array(9).fill(BARCODE), ...Array(7).fill(`${PREFIX}-43`)];
    for (const code of scans) {
      await box.fill(code);
      await box.press('Enter');
      await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#scan-code')?.value ?? 'x') === '');
    }
    await page.waitForFunction(([label]) => document.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)?.value === '7', [`Counted ${NAME} 43`]);
    assert.is(await page.getByLabel(`Counted ${NAME} 42`).inputValue(), '9');
    // A box of size 44 from the wrong shelf is scanned by mistake, then taken out of the count.
    await box.fill(`${PREFIX}-44`);
    await box.press('Enter');
    await page.getByLabel(`Counted ${NAME} 44`).waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Remove ${NAME} 44 from the count` }).click();
    await toast(`${NAME} 44 removed from the count`).waitFor();
    await page.getByLabel(`Counted ${NAME} 44`).waitFor({ state: 'detached' });
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Post Variance' }).click();
    await toast('Stock take posted').waitFor();
  });

  // The ledger explains every unit of the style: opening 5 + received 12 - 1 missing = 16.
  const style = await styleNow();
  assert.equal(
    style.products.filter((p) => ['42', '43'].includes(p.size)).map((p) => p.stock_qty),
    [9, 7],
  );
  const byReason = new Map<string, number>();
  for (const p of style.products) {
    const moves = (await server.t.admin.get(`/api/products/${p.id}/movements?pageSize=100`)).body.movements as { reason: string; qty_delta: number }[];
    assert.is(
      moves.reduce((a, m) => a + m.qty_delta, 0),
      p.stock_qty,
      `size ${p.size}: stock = ledger`,
    );
    for (const m of moves) byReason.set(m.reason, (byReason.get(m.reason) ?? 0) + m.qty_delta);
  }
  assert.equal(Object.fromEntries(byReason), { INITIAL: 5, RECEIVED: 12, STOCK_TAKE: -1 });
  assert.equal(b.consoleErrors, []);
});

test.run();
