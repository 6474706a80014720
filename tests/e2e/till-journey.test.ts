// Issue #16's "done when", as one journey in Chromium at 1024x768 on the demo shop with a fake LAN receipt printer:
// a scanner-and-keyboard cash sale with zero pointer events, the change due, the receipt printed over TCP (bytes
// checked: invoice number, GST, total, cut, drawer kick); a named customer pays by NETS (no drawer kick); a staff
// discount above the limit is refused, then approved by the owner in place; the shift closes with a counted
// variance. Mouse and pointer events are counted by the page itself during the keyboard sale.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toCents } from '../../core/money.js';
import { DENOMINATIONS } from '../../plugins/shifts/denominations.js';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer.js';
import { openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;
let printer: FakePrinter;

const DRAWER_KICK = Buffer.from([0x1b, 0x70]);
const CUT = Buffer.from([0x1d, 0x56]);

test.before(async () => {
  server = await startServer({ demo: true });
  printer = await startFakePrinter();
  assert.is((await server.t.admin.patch('/api/settings', { receipt_printer: printer.address, open_drawer_on_cash: true })).status, 200);
  assert.is((await server.t.admin.post('/api/customers', { name: 'Nur Aisyah', phone: '9333 4444', credit_limit: 0, credit_terms_days: 0 })).status, 201);
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1024, height: 768 });
});
test.after(async () => {
  await b?.close();
  await server?.close();
  await printer?.close();
});

const dialog = () => b.page.locator('dialog.modal');
const bar = () => b.page.getByRole('region', { name: 'Till and shift' });
const text = (job: Buffer) => job.toString('latin1');

/** The S$ notes and coins making up `cents` (largest first). */
function breakdown(cents: number): [string, number][] {
  const out: [string, number][] = [];
  let left = cents;
  for (const d of DENOMINATIONS.filter((x) => x.cents <= 10000)) {
    const n = Math.floor(left / d.cents);
    if (n > 0) out.push([d.label, n]);
    left -= n * d.cents;
  }
  assert.is(left, 0);
  return out;
}

test('keyboard cash sale with a receipt and drawer kick, NETS to a named customer, approved discount, shift closed with a variance', async () => {
  const { page } = b;
  const products = (await server.t.staff.get('/api/products?pageSize=60')).body.products as { sku: string; stock_qty: number; item_name: string }[];
  const [one, two] = products.filter((p) => p.stock_qty > 3 && p.sku);

  await step(page, 'till-journey-open', async () => {
    await signIn(page, server.url, 'staff');
    await bar().getByLabel('Till name').fill('Till 1');
    await bar().getByRole('button', { name: 'Save Till Name' }).click();
    await bar().getByLabel('Opening float').fill('100');
    await bar().getByRole('button', { name: 'Open Shift' }).click();
    await page.getByText('Shift opened on Till 1 with a float of $100.00', { exact: true }).waitFor();
  });

  await step(page, 'till-journey-keyboard-sale', async () => {
    // From here to the next sale the page counts every pointer press: there must be none (Enter on a button is a
    // keyboard 'click', not a pointer press).
    await page.evaluate(() => {
      const w = window as unknown as { __pointer: number };
      w.__pointer = 0;
      for (const type of ['pointerdown', 'mousedown'])
        document.addEventListener(
          type,
          (e) => {
            if (e.isTrusted) w.__pointer++;
          },
          true,
        );
    });
    let keys = 0;
    const type = async (s: string) => {
      await page.keyboard.type(s);
      keys += s.length;
    };
    const press = async (k: string) => {
      await page.keyboard.press(k);
      keys += 1;
    };
    await press('F2');
    await type(one.sku);
    await press('Enter');
    await page.locator('.cart-row').first().waitFor();
    await type(two.sku);
    await press('Enter');
    await page.locator('.cart-row').nth(1).waitFor();
    await press('F9');
    await dialog().getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    await type('200');
    await press('Enter');
    const done = page.getByTestId('sale-complete');
    await done.waitFor();
    const number = (await page.getByTestId('sale-number').textContent())!;
    const total = (await page.getByTestId('sale-total').textContent())!;
    assert.is(await page.getByTestId('sale-tendered').textContent(), '$200.00');
    assert.is(await page.getByTestId('sale-change').textContent(), `$${(200 - toCents(Number(total.replace(/[$,]/g, ''))) / 100).toFixed(2)}`);
    assert.ok(await page.getByText('CHANGE DUE', { exact: true }).isVisible());
    // The receipt went to the LAN printer: the invoice, its GST and total, a cut, and the drawer kick of a cash sale.
    const job = await printer.nextJob(5000);
    for (const s of [number, 'GST', total.replace(/^\$/, '')]) assert.ok(text(job).includes(s), `receipt has ${s}`);
    assert.ok(job.includes(CUT), 'paper cut');
    assert.ok(job.includes(DRAWER_KICK), 'drawer kicked');
    await press('Enter'); // New sale
    await done.waitFor({ state: 'detached' });
    await page.getByText('Cart is empty').waitFor();
    assert.is(await page.evaluate(() => (window as unknown as { __pointer: number }).__pointer), 0, 'zero clicks');
    console.log(
      `    keyboard cash sale: ${keys} keystrokes (SKUs ${one.sku.length} + ${two.sku.length} characters, tendered 3, ${keys - one.sku.length - two.sku.length - 3} other keys), 0 clicks`,
    );
  });

  await step(page, 'till-journey-nets', async () => {
    await page.keyboard.press('F2');
    await page.keyboard.type(one.sku);
    await page.keyboard.press('Enter');
    await page.locator('.cart-row').first().waitFor();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await dialog().getByLabel('Search customers').fill('Nur');
    await dialog().locator('.customer-results button').filter({ hasText: 'Nur Aisyah' }).click();
    assert.ok(await dialog().locator('input[name="checkout-method"][value="CASH"]').isChecked(), 'no credit: cash by default');
    await dialog().locator('input[name="checkout-method"][value="NETS"]').check();
    await dialog().getByLabel('Approval code').fill('118204');
    await dialog().getByRole('button', { name: 'Complete Checkout' }).click();
    await page.getByTestId('sale-complete').waitFor();
    const number = (await page.getByTestId('sale-number').textContent())!;
    const job = await printer.nextJob(5000);
    assert.ok(text(job).includes(number));
    assert.not.ok(job.includes(DRAWER_KICK), 'no drawer for NETS');
    await page.getByRole('button', { name: 'New sale' }).click();
    const inv = (await server.t.admin.get(`/api/invoices?search=${encodeURIComponent(number)}`)).body.invoices[0];
    const full = (await server.t.admin.get(`/api/invoices/${inv.id}`)).body.invoice;
    assert.is(full.customer.name, 'Nur Aisyah');
    assert.is(full.payment_status, 'PAID');
    assert.equal(
      full.payments.map((p: { method: string; reference: string }) => [p.method, p.reference]),
      [['NETS', '118204']],
    );
  });

  await step(page, 'till-journey-discount', async () => {
    await page.keyboard.press('F2');
    await page.keyboard.type(two.sku);
    await page.keyboard.press('Enter');
    await page.locator('.cart-row').first().waitFor();
    await page.getByLabel('Invoice discount percent').fill('20');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Complete Checkout' }).click();
    await page.keyboard.press('e'); // exact cash
    await page.keyboard.press('Enter');
    const prompt = dialog().getByRole('group', { name: 'Manager approval' });
    await prompt.getByText("Discount above 10% needs a manager's approval").waitFor();
    await prompt.getByLabel('Manager username').fill('admin');
    await prompt.getByLabel('Manager password').fill('admin123');
    await prompt.getByLabel('Discount reason').fill('Display pair');
    await prompt.getByRole('button', { name: 'Approve' }).click();
    // Back at the payment (#26.9): the cash tendered has the focus; Enter completes.
    await dialog().getByTestId('approval-ready').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-complete').waitFor();
    const number = (await page.getByTestId('sale-number').textContent())!;
    await printer.nextJob(5000);
    await page.getByRole('button', { name: 'New sale' }).click();
    const inv = (await server.t.admin.get(`/api/invoices?search=${encodeURIComponent(number)}`)).body.invoices[0];
    assert.is(inv.discount_approved_by, 'admin');
    assert.is(inv.discount_reason, 'Display pair');
  });

  await step(page, 'till-journey-close', async () => {
    const current = (await server.t.staff.get('/api/shifts/current?till=Till%201')).body;
    const shiftId = current.shift.id as number;
    const x = (await server.t.staff.get(`/api/shifts/${shiftId}/x-report`)).body.report;
    const expected = toCents(x.cash.expected);
    assert.is(x.sales.invoice_count, 3);
    await bar().getByRole('button', { name: 'Close Shift' }).click();
    await dialog().getByRole('heading', { name: 'Close Shift — Till 1' }).waitFor();
    // About 50 cents short, in what S$ coins can make (the smallest is 5 cents; cash rounding is #17's).
    const counted = Math.floor((expected - 50) / 5) * 5;
    const short = `-$${((expected - counted) / 100).toFixed(2)}`;
    for (const [label, n] of breakdown(counted)) await dialog().getByLabel(label, { exact: true }).fill(String(n));
    assert.is(await page.getByTestId('variance').textContent(), `${short} (short)`);
    await dialog().getByRole('button', { name: 'Close Shift' }).click();
    await page.getByText(`Shift closed on Till 1. Variance ${short}`, { exact: true }).waitFor();
    await dialog().getByRole('heading', { name: 'Z Report — Till 1' }).waitFor();
    const z = (await server.t.staff.get(`/api/shifts/${shiftId}/z-report`)).body.report;
    assert.is(toCents(z.count.variance), counted - expected);
  });
  assert.equal(
    b.consoleErrors.filter((e) => !/403/.test(e)),
    [],
  );
});

test.run();
