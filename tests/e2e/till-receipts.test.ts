// Voids and reprints at the till (#26.4) in Chromium at 1024x768 against the real server and a fake ESC/POS printer:
// staff opens a shift at Till 1 and sells a pair for cash; 'Receipts' in the till bar lists the shift's sale (a sale of
// another till is not there); 'Reprint' sends the receipt marked REPRINT to the printer (no drawer kick); 'Void' asks
// a manager's approval in place: a wrong password is refused in place, the owner's voids it, the dialog shows VOID
// and the cash paid back; closing the dialog puts the focus back in the search. The same list at 390x844.
// Screenshots: docs/screens/till-receipts-*.png (with KEDAI_UPDATE_SCREENS=1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

interface Product {
  id: number;
  sku: string;
  size: string | null;
  stock_qty: number;
}

let server: TestServer;
let b: TestBrowser;
let printer: FakePrinter;
let shoe: Product;
let otherTill: string; // a sale of Till 2's shift: never in Till 1's list

test.before(async () => {
  server = await startServer({ demo: true });
  printer = await startFakePrinter();
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1024, height: 768 });
  b.context.on('page', (p) => {
    void p.close();
  });
  const set = await server.t.admin.patch('/api/settings', { receipt_printer: printer.address });
  assert.is(set.status, 200, JSON.stringify(set.body));
  const products = (await server.t.admin.get('/api/products?pageSize=200')).body.products as Product[];
  shoe = products.find((p) => p.stock_qty >= 3 && p.sku && p.size)!;
  assert.ok(shoe, 'a demo shoe in stock');
  const till2 = { 'x-kedai-till': 'Till 2' };
  assert.is((await server.t.staff.post('/api/shifts', { till: 'Till 2', opening_float: 50 })).status, 201);
  const sale = await server.t.staff.post('/api/checkout', { items: [{ productId: shoe.id, qty: 1 }] }, till2);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  otherTill = sale.body.number;
});

test.after(async () => {
  await b?.close();
  await printer?.close();
  await server?.close();
});

const page = () => b.page;
const dialog = () => page().locator('dialog.modal');
const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();
const toast = (t: string) => page().locator('.toasts').getByText(t).first().waitFor();

/** Every control inside `scope` a finger uses is at least 44x44 px. */
async function fingerSized(scope: Locator, what: string) {
  for (const el of await scope.locator('button:visible, input:visible').all()) {
    const box = (await el.boundingBox())!;
    const name = (await el.getAttribute('aria-label')) ?? (await text(el));
    assert.ok(box.width >= 44 && box.height >= 44, `${what}: "${name}" is ${box.width}x${box.height}`);
  }
}

/** The browser's errors but the one the test causes: the wrong approval's 403 (the browser logs every 4xx). */
const unexpectedErrors = () => b.consoleErrors.filter((e) => !/status of 403 \(Forbidden\) \(.*\/api\/till\/receipts\/\d+\/void\)/.test(e));

let number = '';
let paid = '';

test('staff sells, opens Receipts, reprints with REPRINT on the printer, voids with the owner approving in place', async () => {
  await step(page(), 'till-receipts', async () => {
    await signIn(page(), server.url, 'staff');
    const bar = page().getByRole('region', { name: 'Till and shift' });
    await bar.getByLabel('Till name').fill('Till 1');
    await bar.getByRole('button', { name: 'Save Till Name' }).click();
    await bar.getByLabel('Opening float').fill('100');
    await bar.getByRole('button', { name: 'Open Shift' }).click();
    const receiptsButton = bar.getByRole('button', { name: 'Receipts' });
    await receiptsButton.waitFor();

    // A cash sale by scan; its first print goes to the printer and opens the drawer.
    const search = page().getByPlaceholder('Scan or search products…');
    await search.fill(shoe.sku);
    await search.press('Enter');
    await page().locator(`.cart-row[data-product-id="${shoe.id}"]`).first().waitFor();
    await page().getByRole('button', { name: 'Checkout', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    await dialog().getByText('CASH', { exact: true }).click();
    await dialog().getByLabel('Cash tendered').fill('1000');
    const [res] = await Promise.all([
      page().waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST'),
      dialog().getByRole('button', { name: 'Complete Checkout' }).click(),
    ]);
    const reply = await res.json();
    number = reply.number;
    paid = reply.invoice.amount_paid;
    const first = (await printer.nextJob()).toString('latin1');
    assert.ok(first.includes(number) && !first.includes('REPRINT'), "the sale's own receipt");
    const done = dialog().filter({ has: page().getByRole('heading', { name: 'Sale complete' }) });
    await done.getByRole('button', { name: 'New sale' }).click();
    await page().locator('.cart-empty').waitFor();

    // Receipts: this shift's one sale (Till 2's is not listed).
    const box = (await receiptsButton.boundingBox())!;
    assert.ok(box.width >= 44 && box.height >= 44, `Receipts is finger-sized (${box.width}x${box.height})`);
    await receiptsButton.click();
    const rows = dialog().locator('[data-testid="till-receipt"]');
    await rows.first().waitFor();
    assert.equal(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-number'))), [number]);
    assert.not.ok((await text(dialog())).includes(otherTill), "another till's sale is not listed");
    const row = rows.first();
    assert.match(await text(row), new RegExp(`${number}.*Cash`));
    assert.is(await text(row.locator('[data-testid="till-receipt-status"]')), 'PAID');
    // The dialog's own close (x) is the shared Modal's (#26.6 makes it finger-sized): this dialog's controls are checked.
    await fingerSized(dialog().locator('.till-receipts'), 'receipts list');
    await docShot(page(), 'till-receipts-1024x768');

    // Reprint: on the printer, marked REPRINT, no drawer kick.
    await row.getByRole('button', { name: `Reprint ${number}` }).click();
    await toast('Receipt sent to the printer');
    const bytes = await printer.nextJob();
    const reprint = bytes.toString('latin1');
    assert.ok(reprint.includes(number), 'the invoice number is printed');
    assert.ok(reprint.includes('** REPRINT **'), 'marked as a reprint');
    assert.not.ok(bytes.includes(Buffer.from([0x1b, 0x70])), 'no drawer kick on a reprint');

    // Void: a wrong password is refused in place; the owner's approval voids it.
    await row.getByRole('button', { name: `Void ${number}` }).click();
    const approval = dialog().getByRole('group', { name: 'Manager approval' });
    await approval.getByLabel('Manager username').fill('admin');
    await approval.getByLabel('Manager password').fill('not-the-password');
    await approval.getByLabel('Void reason').fill('Keyed in twice');
    await approval.getByRole('button', { name: 'Void sale' }).click();
    await approval.getByText('Manager approval failed: wrong username or password, or not an active admin').waitFor();
    assert.is(await approval.getByLabel('Manager password').inputValue(), '', 'the wrong password is cleared');
    assert.is((await server.t.admin.get(`/api/invoices/${reply.invoiceId}`)).body.invoice.payment_status, 'PAID');
    await fingerSized(dialog().locator('.till-receipts'), 'void prompt');
    await approval.getByLabel('Manager password').fill('admin123');
    await docShot(page(), 'till-receipts-void-1024x768');
    await approval.getByRole('button', { name: 'Void sale' }).click();
    const result = dialog().locator('[data-testid="till-void-done"]');
    await result.waitFor();
    assert.match(await text(result), new RegExp(`${number}\\s*is now\\s*VOID`));
    assert.is(await text(result.locator('[data-testid="till-void-paid-back"]')), `Cash $${Number(paid).toFixed(2)}`);
    assert.is(await text(result.locator('[data-testid="till-void-approver"]')), 'admin');
    await page().waitForTimeout(400); // Pico's button transition, for the picture only
    await docShot(page(), 'till-receipts-voided-1024x768');
    const stored = (await server.t.admin.get(`/api/invoices/${reply.invoiceId}`)).body.invoice;
    assert.equal([stored.payment_status, stored.void_approved_by, stored.void_reason], ['VOID', 'admin', 'Keyed in twice']);

    // Back to the list: the sale shows VOID with what was paid back, and no Void button any more.
    await result.getByRole('button', { name: 'Back to receipts' }).click();
    assert.is(await text(row.locator('[data-testid="till-receipt-status"]')), 'VOID');
    assert.match(await text(row), /Paid back \$/);
    assert.is(await row.getByRole('button', { name: `Void ${number}` }).count(), 0);

    // Closing: the focus is back in the search, ready for the next scan.
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page().waitForFunction(() => document.activeElement?.classList.contains('pos-search'));
    assert.equal(unexpectedErrors(), []);
  });
});

test('390x844: the list and the void prompt fit the phone, every control finger-sized', async () => {
  await step(page(), 'till-receipts-phone', async () => {
    // A second sale at Till 1 (through the API, as another device of the same till would).
    const r = await server.t.staff.post('/api/checkout', { items: [{ productId: shoe.id, qty: 1 }] }, { 'x-kedai-till': 'Till 1' });
    assert.is(r.status, 201, JSON.stringify(r.body));
    const sale = r.body as { number: string };
    await page().setViewportSize({ width: 390, height: 844 });
    const bar = page().getByRole('region', { name: 'Till and shift' });
    await bar.getByRole('button', { name: 'Receipts' }).click();
    const rows = dialog().locator('[data-testid="till-receipt"]');
    await rows.nth(1).waitFor();
    assert.equal(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-number'))), [sale.number, number], 'newest first');
    await fingerSized(dialog().locator('.till-receipts'), 'phone list');
    for (const el of [
      rows.first(),
      rows.first().getByRole('button', { name: `Void ${sale.number}` }),
      rows.nth(1).getByRole('button', { name: `Reprint ${number}` }),
    ]) {
      const box = (await el.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `inside the phone's width (${box.x}+${box.width})`);
    }
    await docShot(page(), 'till-receipts-390x844', { viewport: true });
    await rows
      .first()
      .getByRole('button', { name: `Void ${sale.number}` })
      .click();
    const approval = dialog().getByRole('group', { name: 'Manager approval' });
    await approval.getByLabel('Manager username').waitFor();
    await fingerSized(dialog().locator('.till-receipts'), 'phone void prompt');
    const voidButton = (await approval.getByRole('button', { name: 'Void sale' }).boundingBox())!;
    assert.ok(voidButton.x + voidButton.width <= 390, "Void sale inside the phone's width");
    await docShot(page(), 'till-receipts-void-390x844', { viewport: true });
    await dialog().getByRole('button', { name: 'Back', exact: true }).click();
    await rows.first().waitFor();
    await page().keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    assert.equal(unexpectedErrors(), []);
  });
});

test.run();
