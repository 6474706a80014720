// Journey through the Customers screen in Chromium: demo list, search, add (USER), details, edit, print popup.
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

test('staff lists and searches the demo customers', async () => {
  const { page } = b;
  await step(page, 'customers-list', async () => {
    await signIn(page, server.url, 'staff');
    await page.goto(`${server.url}/customers`);
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    await page.getByText('Harbourview Hotel Singapore').waitFor();
    const headers = await page.locator('table.customers-table th').allTextContents();
    assert.equal(headers, ['Name', 'Contact', 'Company', 'Credit Limit', 'Outstanding', 'Actions']);
    // The demo has credit sales: customers who owe get an enabled Make Payment, the others a disabled No Balance.
    const noBalance = page.getByRole('button', { name: 'No Balance' });
    assert.ok((await noBalance.count()) >= 3);
    assert.ok(await noBalance.first().isDisabled());
    const makePayment = page.getByRole('button', { name: 'Make Payment' });
    assert.ok((await makePayment.count()) >= 1);
    assert.ok(await makePayment.first().isEnabled());
    await page.getByPlaceholder('Search customers by name, phone, email or company...').fill('DANCE');
    await page.locator('table.customers-table tbody tr').filter({ hasText: 'Rhythm & Motion Dance Studio' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table.customers-table tbody tr').length === 1);
    await shot(page, 'customers-search');
  });
});

test("staff adds a customer (credit is the owner's to give) and sees the toast and the new row", async () => {
  const { page } = b;
  await step(page, 'customers-add', async () => {
    await page.getByPlaceholder('Search customers by name, phone, email or company...').fill('');
    await page.getByRole('button', { name: '+ Add Customer' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Add Customer' }).waitFor();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Name *').fill('Pasir Ris Badminton Club');
    await dialog.getByLabel('Email').fill('hello@prbc.sg');
    await dialog.getByLabel('Phone').fill('+65 6582 1234');
    // #13.4: a USER cannot grant credit, so the credit fields are read-only at 0 for staff.
    assert.ok(await dialog.getByLabel('Credit Limit ($)').isDisabled());
    assert.ok(await dialog.getByLabel('Credit Terms (days)').isDisabled());
    await shot(page, 'customers-add-form');
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByText('Customer Pasir Ris Badminton Club added successfully!', { exact: true }).waitFor();
    const row = page.locator('table.customers-table tbody tr').filter({ hasText: 'Pasir Ris Badminton Club' });
    await row.waitFor();
    assert.ok((await row.textContent())?.includes('$0.00'));
  });
});

test('details modal: shows the customer, Print Invoices opens the PDF tab, staff cannot edit credit', async () => {
  const { page, context } = b;
  await step(page, 'customers-details', async () => {
    const row = page.locator('table.customers-table tbody tr').filter({ hasText: 'Pasir Ris Badminton Club' });
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Customer Details' }).waitFor();
    await dialog.getByText('hello@prbc.sg').waitFor();
    await dialog.getByText('No outstanding invoices').waitFor();
    await shot(page, 'customers-details');
    const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Print Invoices' }).click()]);
    assert.match(popup.url(), /\/api\/invoices\/customer\/\d+\/outstanding-pdf$/);
    await popup.close();

    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('heading', { name: 'Edit Customer' }).waitFor();
    assert.ok(await dialog.getByLabel('Credit Limit ($)').isDisabled());
    await dialog.getByLabel('Company').fill('PRBC Sports Pte Ltd');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Customer Pasir Ris Badminton Club updated successfully!', { exact: true }).waitFor();
    await page.locator('dialog.modal').getByText('PRBC Sports Pte Ltd').waitFor();
    await page.locator('dialog.modal').getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.locator('table.customers-table tbody tr').filter({ hasText: 'PRBC Sports Pte Ltd' }).waitFor();
  });
  assert.equal(
    b.consoleErrors.filter((e) => !e.includes('outstanding-pdf')),
    [],
  );
});

test.run();
