// Journey in Chromium: staff processes a return on /returns (a credit note is generated), then the admin
// applies that credit note to a customer's unpaid invoice on /credit-notes and sees it in the details.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';
import { formatMoney, toCents } from '../../core/money.js';

/** Dollars as every screen shows them: "$1,234.56". */
const usd = (dollars: number) => formatMoney(toCents(dollars));

let server: TestServer;
let b: TestBrowser;
let cashInvoice: { id: number; number: string; grand_total: number };
let creditInvoice: { id: number; number: string; grand_total: number };
let customerId: number;

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
  const { t } = server;
  const product = await t.admin.post('/api/products', { item_name: 'Trail Runner', sku: 'TR-42', size: '42', selling_price: 59.9, cost: 20, stock_qty: 10 });
  const boot = await t.admin.post('/api/products', { item_name: 'Leather Boot', sku: 'LB-43', size: '43', selling_price: 120, cost: 50, stock_qty: 5 });
  const customer = await t.admin.post('/api/customers', { name: 'Harbour Hotel', credit_limit: 2000, credit_terms_days: 30 });
  customerId = customer.body.customer.id;
  const cash = await t.staff.post('/api/checkout', {
    items: [
      { productId: product.body.product.id, qty: 2 },
      { productId: boot.body.product.id, qty: 1 },
    ],
  });
  cashInvoice = cash.body.invoice;
  const credit = await t.staff.post('/api/checkout', { items: [{ productId: boot.body.product.id, qty: 1 }], customerId });
  creditInvoice = credit.body.invoice;
  assert.is(cash.status, 201);
  assert.is(credit.status, 201);
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

test('staff processes a return and a credit note is generated', async () => {
  const { page } = b;
  await step(page, 'returns-process', async () => {
    await signIn(page, server.url, 'staff');
    await page.getByRole('link', { name: 'Returns' }).click();
    await page.getByRole('heading', { name: 'Returns Management' }).waitFor();
    await page.getByText('No returns processed yet').waitFor();
    // Staff does not see the Credit Notes link.
    assert.is(await page.getByRole('link', { name: 'Credit Notes' }).count(), 0);

    await page.getByRole('button', { name: '+ Process Return' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Process Return' }).waitFor();
    await dialog.getByRole('button', { name: 'Process Return' }).click();
    await page.getByText('Please select an invoice', { exact: true }).waitFor();

    await dialog
      .getByLabel('Select Invoice')
      .selectOption({ label: `${cashInvoice.number} - Walk-in Customer - ${usd(cashInvoice.grand_total)} (${await dateLabel()})` });
    await dialog.getByLabel('Return quantity for Trail Runner').fill('1');
    await dialog.getByRole('button', { name: 'Process Return' }).click();
    await page.getByText('Please provide return reasons for all items', { exact: true }).waitFor();
    await dialog.getByLabel('Return reason for Trail Runner').selectOption('Wrong Size');
    // 59.90 + 9% GST share = 65.29 for one of the two.
    await dialog.getByTestId('return-total').filter({ hasText: '$65.29' }).waitFor();
    await dialog.getByLabel('Notes (optional)').fill('Customer needs a 43');
    await shot(page, 'returns-modal');
    await dialog.getByRole('button', { name: 'Process Return' }).click();
    await page.getByText('Return processed successfully! Credit note generated.', { exact: true }).waitFor();
    await page.locator('dialog.modal').waitFor({ state: 'detached' });
    // #25: a walk-in's note spends only by its code: the till shows it and prints the slip by it.
    const notice = page.getByRole('status', { name: 'Credit Note Issued' });
    await notice.waitFor();
    const code = (await notice.getByTestId('issued-note-code').textContent()) ?? '';
    assert.match(code, /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{5}$/);
    assert.is(await notice.getByTestId('issued-note-available').textContent(), '$65.29');
    await shot(page, 'returns-issued-note');
    const [slip] = await Promise.all([b.context.waitForEvent('page'), notice.getByRole('button', { name: 'Print Credit Note' }).click()]);
    assert.ok(slip.url().endsWith(`/api/returns/credit-notes/slip/${code.replace(/-/g, '')}`), slip.url());
    await slip.close();
    await notice.getByRole('button', { name: 'Done' }).click();
    await notice.waitFor({ state: 'detached' });

    const row = page.locator('table.returns-table tbody tr').first();
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    assert.match(cells[0], /^[0-9A-F-]{8}$/);
    assert.is(cells[1], cashInvoice.number);
    assert.is(cells[2], 'Walk-in Customer');
    assert.ok(cells[3].includes('Trail Runner') && cells[3].includes('TR-42'));
    assert.is(cells[4], '1 / 2');
    assert.is(cells[5], '$65.29');
    assert.is(cells[6], 'COMPLETED');
    assert.match(cells[7], /^CN-\d{8}-0001ACTIVE$/);
    const tiles = await page.locator('.summary-tile').allTextContents();
    assert.equal(tiles, ['Total Returns1', 'Total Refund Amount$65.29', 'Pending Returns0', 'Completed Returns1']);

    await page.getByPlaceholder('Search returns by invoice, product, or customer...').fill('no such thing');
    await page.getByText('No returns found matching your criteria').waitFor();
    await page.getByPlaceholder('Search returns by invoice, product, or customer...').fill('trail');
    await page.locator('table.returns-table tbody tr').first().waitFor();
    await shot(page, 'returns-list');
  });
});

test('admin applies the credit note to the customer invoice and sees the application', async () => {
  const { page, context } = b;
  await step(page, 'credit-notes-apply', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await signIn(page, server.url, 'admin');
    await page.getByRole('link', { name: 'Credit Notes' }).click();
    await page.getByRole('heading', { name: 'Credit Notes Management' }).waitFor();
    const row = page.locator('table.credit-notes-table tbody tr').first();
    await row.waitFor();
    assert.ok((await row.textContent())?.includes('$65.29'));

    await row.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Apply Credit Note' }).waitFor();
    assert.ok(await dialog.getByRole('button', { name: 'Apply Credit' }).isDisabled());
    const label = `${creditInvoice.number} - Harbour Hotel - ${usd(creditInvoice.grand_total)}`;
    // The paid cash invoice is not offered.
    const options = await dialog.locator('#apply-invoice option').allTextContents();
    assert.ok(options.includes(label), options.join(' | '));
    assert.not.ok(options.some((o) => o.startsWith(cashInvoice.number)));
    await dialog.getByLabel('Select Invoice').selectOption({ label });
    await dialog.getByLabel('Amount to Apply').fill('999');
    assert.is(await dialog.getByLabel('Amount to Apply').inputValue(), '65.29');
    await dialog.getByLabel('Amount to Apply').fill('50');
    await dialog.getByLabel('Notes (optional)').fill('Part of the return');
    await shot(page, 'credit-notes-apply-modal');
    await dialog.getByRole('button', { name: 'Apply Credit' }).click();
    await page.getByText('Credit note applied successfully!', { exact: true }).waitFor();
    await page.locator('dialog.modal').waitFor({ state: 'detached' });
    await row.filter({ hasText: '$15.29' }).waitFor();
    await shot(page, 'credit-notes-list');

    await row.getByRole('button', { name: 'View' }).click();
    const details = page.locator('dialog.modal');
    await details.getByText('Part of the return').waitFor();
    assert.ok((await details.textContent())?.includes(creditInvoice.number));
    assert.ok((await details.textContent())?.includes(cashInvoice.number));
    await shot(page, 'credit-notes-details');
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();

    const [popup] = await Promise.all([context.waitForEvent('page'), row.getByRole('button', { name: 'PDF' }).click()]);
    assert.match(popup.url(), /\/api\/returns\/credit-notes\/\d+\/pdf$/);
    await popup.close();
  });
  // The server agrees: the invoice is PARTIAL and the customer owes 50 less.
  const inv = await server.t.admin.get(`/api/invoices/${creditInvoice.id}`);
  assert.is(inv.body.invoice.payment_status, 'PARTIAL');
  assert.is(inv.body.invoice.outstanding, Math.round((creditInvoice.grand_total - 50) * 100) / 100);
  const customer = await server.t.admin.get(`/api/customers/${customerId}`);
  assert.is(customer.body.customer.outstanding_balance, inv.body.invoice.outstanding);
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('/pdf')),
    [],
  );
});

/** The invoice date as the picker shows it (ui/format dateText: "01 Mar 2025" in Singapore time). */
async function dateLabel(): Promise<string> {
  return new Intl.DateTimeFormat('en-SG', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Singapore' }).format(
    new Date((cashInvoice as any).date),
  );
}

test.run();
