// #16.5/#16.9 in Chromium: the owner sets a LAN receipt printer in Settings (a fake ESC/POS printer capturing
// bytes), reprints a cash sale from the Invoices screen (bytes checked, no drawer kick on a reprint), voids it
// with a reason; with no printer set, Reprint prints the 80 mm receipt through a hidden frame.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer.js';

let server: TestServer;
let b: TestBrowser;
let printer: FakePrinter;
let sale: { id: number; number: string; grand_total: number };

test.before(async () => {
  server = await startServer({ demo: true });
  printer = await startFakePrinter();
  b = await openBrowser();
  // Headless Chromium has no print dialog: every frame's print() records what it would have printed.
  await b.context.addInitScript(() => {
    window.print = () => {
      (window.top as unknown as { __printed?: string[] }).__printed ??= [];
      // biome-ignore lint/performance/useDomNodeTextContent: the printout's text as shown (innerText drops hidden parts and keeps line breaks)
      (window.top as unknown as { __printed: string[] }).__printed.push(document.body?.innerText ?? '');
    };
  });
  const products = (await server.t.staff.get('/api/products?pageSize=5')).body.products.filter((p: { stock_qty: number }) => p.stock_qty > 2);
  const total = Math.round(products[0].selling_price * 2 * 1.09 * 100) / 100;
  const r = await server.t.staff.post('/api/checkout', {
    items: [{ productId: products[0].id, qty: 2 }],
    payments: [{ method: 'CASH', amount: total }],
    tendered: Math.ceil(total / 50) * 50,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  sale = r.body.invoice;
});

test.after(async () => {
  await b?.close();
  await printer?.close();
  await server?.close();
});

const toast = (text: string) => b.page.locator('.toasts').getByText(text).first().waitFor();

test('Settings: a bad printer address is refused in place; the fake printer is saved', async () => {
  const { page } = b;
  await step(page, 'print-settings', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/settings`);
    const address = page.getByLabel('Receipt printer address (host:port)');
    await address.fill('printer-without-port');
    await page.getByRole('button', { name: 'Save Printer Settings' }).click();
    await page.getByText('Receipt printer must be host:port').waitFor();
    assert.is(await address.getAttribute('aria-invalid'), 'true');
    await address.fill(printer.address);
    assert.ok(await page.getByLabel("Open the cash drawer when a cash sale's receipt prints").isChecked());
    await page.getByRole('button', { name: 'Save Printer Settings' }).click();
    await toast('Printer settings saved');
    assert.is((await server.t.admin.get('/api/settings')).body.settings.receipt_printer, printer.address);
    await page.locator('.printer-settings').scrollIntoViewIfNeeded();
    await shot(page, 'print-settings-1366');
  });
});

test('Invoices: Reprint sends the receipt to the printer (no drawer on a reprint)', async () => {
  const { page } = b;
  await step(page, 'print-reprint', async () => {
    await page.goto(`${server.url}/invoices`);
    await page.getByLabel('Search invoices').fill(sale.number);
    const row = page.locator(`tr[data-invoice-id="${sale.id}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: `Reprint receipt ${sale.number}` }).click();
    await toast('Receipt sent to the printer');
    const bytes = await printer.nextJob();
    const text = bytes.toString('latin1');
    assert.ok(text.includes(sale.number), 'invoice number');
    assert.ok(text.includes('GST 9%') && text.includes('REPRINT'));
    assert.ok(bytes.includes(Buffer.from([0x1d, 0x56])), 'cut');
    assert.not.ok(bytes.includes(Buffer.from([0x1b, 0x70])), 'no drawer kick on a reprint');
    for (const size of [
      { width: 1024, height: 768 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size);
      await shot(page, `print-invoices-${size.width}`);
    }
  });
});

test('Invoices: Void needs a reason and a confirmation, then the invoice is VOID', async () => {
  const { page } = b;
  await step(page, 'print-void', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const row = page.locator(`tr[data-invoice-id="${sale.id}"]`);
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByRole('button', { name: 'Void Invoice' }).click();
    await dialog.getByRole('button', { name: 'Confirm Void' }).click();
    await dialog.getByText('Please enter a reason for voiding this invoice').waitFor();
    await dialog.getByLabel('Void reason').fill('Customer changed mind at the counter');
    await shot(page, 'print-void-form-1024');
    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await dialog.getByRole('button', { name: 'Confirm Void' }).click();
    await toast(`Invoice ${sale.number} voided`);
    assert.ok(question.startsWith(`Void invoice ${sale.number}?`), question);
    await dialog.getByText('Customer changed mind at the counter').waitFor();
    await row.getByText('VOID').waitFor();
    assert.is((await server.t.admin.get(`/api/invoices/${sale.id}`)).body.invoice.payment_status, 'VOID');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'print-voided-1366');
    await dialog.locator('footer').getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

test('no printer set: Reprint prints the 80 mm receipt through a hidden frame', async () => {
  const { page } = b;
  await step(page, 'print-browser', async () => {
    assert.is((await server.t.admin.patch('/api/settings', { receipt_printer: '' })).status, 200);
    const row = page.locator(`tr[data-invoice-id="${sale.id}"]`);
    await row.getByRole('button', { name: `Reprint receipt ${sale.number}` }).click();
    const printed = await page.waitForFunction(() => (window as unknown as { __printed?: string[] }).__printed?.at(-1) ?? null);
    const text = String(await printed.jsonValue());
    for (const part of ['TAX INVOICE', sale.number, 'GST Reg No', 'GST 9%', 'Price payable includes GST', 'VOID']) assert.ok(text.includes(part), part);
    // The receipt itself, as the 80 mm printer gets it: rendered alone at 80 mm (302 CSS px) to look at.
    const html = await page.locator('iframe[title="Receipt"]').evaluate((f) => (f as HTMLIFrameElement).srcdoc);
    const receiptPage = await b.context.newPage();
    await receiptPage.setViewportSize({ width: 302, height: 600 });
    await receiptPage.setContent(html);
    await shot(receiptPage, 'print-receipt-80mm');
    await receiptPage.close();
    assert.equal(b.consoleErrors, []);
  });
});

test.run();
