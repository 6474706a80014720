// Issue #17's "done when", as one journey in Chromium at 1024x768 on the demo shop with 5-cent cash rounding on:
// a PayNow sale showing the real SGQR (decoded from the screen: UEN, amount, reference, CRC; the same reference
// recorded on the payment and printed on the receipt), a cash sale whose amount due is rounded to 5 cents (the
// receipt prints 'Rounding'), and an exchange of that sale's shoes for a dearer pair, paid partly by the returned
// goods' credit note and the rest by NETS, in one transaction.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoney, priceWithGst, roundCash, toCents } from '../../core/money.js';
import { decodeQr, parseTlv } from '../../plugins/paynow/test-support.js';
import { checkoutWithReceipt, openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

interface Product {
  id: number;
  sku: string;
  item_name: string;
  selling_price: number;
  stock_qty: number;
}

test.before(async () => {
  server = await startServer({ demo: true });
  assert.is((await server.t.admin.patch('/api/settings', { cash_rounding: true })).status, 200);
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1024, height: 768 });
});
test.after(async () => {
  await b?.close();
  await server?.close();
});

const dialog = () => b.page.locator('dialog.modal');
const testId = (id: string) => b.page.locator(`[data-testid="${id}"]`);
/** The CRC-16/CCITT-FALSE of the SGQR, written here independently of plugins/paynow. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

async function products(): Promise<Product[]> {
  return (await server.t.staff.get('/api/products?pageSize=100')).body.products as Product[];
}

/** Scans a SKU into the cart (the search box takes an exact SKU and Enter). */
async function scan(p: Product) {
  const search = b.page.getByPlaceholder('Scan or search products…');
  await search.fill(p.sku);
  await search.press('Enter');
  await b.page.locator('.cart-row', { hasText: p.item_name }).first().waitFor();
}

/** Completes the open checkout, closes the sale-complete panel; the invoice as the API returns it, and the receipt text. */
async function complete() {
  const { reply, receipt } = await checkoutWithReceipt(b.page, () => dialog().getByRole('button', { name: 'Complete Checkout' }).click());
  const done = dialog().filter({ has: b.page.getByRole('heading', { name: 'Sale complete' }) });
  await done.waitFor();
  await done.getByRole('button', { name: 'New sale' }).click();
  await done.waitFor({ state: 'detached' });
  const invoice = (await server.t.admin.get(`/api/invoices/${reply.invoiceId}`)).body.invoice;
  return { invoice, receipt };
}

let cashSale: { id: number; number: string; product: Product } | null = null;

test('PayNow: the real SGQR for the amount due; its reference is on the payment and the receipt', async () => {
  const { page } = b;
  const all = await products();
  const shoe = all.find((p) => p.stock_qty > 2 && p.sku)!;
  await step(page, 'money-journey-paynow', async () => {
    await signIn(page, server.url, 'staff');
    await scan(shoe);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    await dialog().getByText('PAYNOW', { exact: true }).click();
    const qr = dialog().locator('[data-testid="paynow-qr"] img');
    await qr.waitFor();
    const reference = ((await dialog().locator('.paynow-reference').textContent()) ?? '').trim();
    const src = (await qr.getAttribute('src')) ?? '';
    const payload = await decodeQr(decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')));
    const fields = Object.fromEntries(parseTlv(payload));
    const merchant = Object.fromEntries(parseTlv(fields['26']));
    const total = priceWithGst(toCents(shoe.selling_price), 900, false);
    assert.is(fields['00'], '01');
    assert.is(fields['01'], '12');
    assert.is(merchant['00'], 'SG.PAYNOW');
    assert.is(merchant['01'], '2');
    assert.is(merchant['02'], '201912345K');
    assert.is(merchant['03'], '0');
    assert.match(merchant['04'], /^\d{8}$/);
    assert.is(fields['53'], '702');
    assert.is(fields['54'], (total / 100).toFixed(2), 'PayNow is never rounded: the exact total');
    assert.is(fields['58'], 'SG');
    assert.is(fields['60'], 'Singapore');
    assert.is(Object.fromEntries(parseTlv(fields['62']))['01'], reference);
    assert.is(fields['63'], crc16(payload.slice(0, -4)));
    await shot(page, 'money-journey-paynow-qr');
    const { invoice, receipt } = await complete();
    assert.is(invoice.payment_method, 'PAYNOW');
    assert.is(invoice.rounding, 0);
    assert.equal(
      invoice.payments.map((p: { method: string; reference: string }) => [p.method, p.reference]),
      [['PAYNOW', reference]],
    );
    assert.ok(receipt.includes(reference), 'the PayNow reference is printed on the receipt');
  });
});

test('cash: the amount due is rounded to 5 cents, the receipt prints Rounding, the drawer takes the rounded cash', async () => {
  const { page } = b;
  const all = await products();
  // A shoe whose price with GST does not end in 0 or 5 cents, so the cash sale rounds.
  const shoe = all.find((p) => p.stock_qty > 2 && p.sku && priceWithGst(toCents(p.selling_price), 900, false) % 5 !== 0)!;
  assert.ok(shoe, 'a demo shoe whose total needs rounding');
  const total = priceWithGst(toCents(shoe.selling_price), 900, false);
  const due = roundCash(total);
  await step(page, 'money-journey-rounded-cash', async () => {
    await scan(shoe);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Complete Checkout' }).waitFor();
    assert.ok(await dialog().locator('input[name="checkout-method"][value="CASH"]').isChecked());
    await testId('checkout-rounding').waitFor();
    assert.is(await testId('checkout-total').textContent(), formatMoney(total));
    assert.is(await testId('checkout-rounding').textContent(), formatMoney(due - total));
    assert.is(await testId('checkout-amount-due').textContent(), formatMoney(due));
    await dialog()
      .getByLabel('Cash tendered')
      .fill(String(Math.ceil(due / 1000) * 10));
    await shot(page, 'money-journey-rounded-cash');
    const { invoice, receipt } = await complete();
    assert.is(toCents(invoice.grand_total), total, 'the total stays exact');
    assert.is(toCents(invoice.rounding), due - total);
    assert.is(toCents(invoice.amount_due), due);
    assert.is(invoice.payment_status, 'PAID');
    assert.equal(
      invoice.payments.map((p: { method: string; amount: number }) => [p.method, toCents(p.amount)]),
      [['CASH', due]],
    );
    assert.ok(receipt.includes('Rounding'), 'the receipt prints the rounding');
    cashSale = { id: invoice.id, number: invoice.number, product: shoe };
  });
});

test('exchange: the shoes come back, their credit note pays part of a dearer pair, NETS the rest, in one go', async () => {
  const { page } = b;
  assert.ok(cashSale, 'the cash sale ran');
  const sold = cashSale!;
  const all = await products();
  const refund = priceWithGst(toCents(sold.product.selling_price), 900, false);
  const dearer = all.find((p) => p.stock_qty > 2 && p.sku && priceWithGst(toCents(p.selling_price), 900, false) > refund + 500)!;
  assert.ok(dearer, 'a dearer demo shoe');
  const stockBefore = (await server.t.admin.get(`/api/products/${sold.product.id}`)).body.product.stock_qty as number;
  await step(page, 'money-journey-exchange', async () => {
    await scan(dearer);
    await page.getByRole('button', { name: 'Exchange', exact: true }).click();
    const modal = dialog().filter({ has: page.getByRole('heading', { name: 'Exchange' }) });
    await modal.getByLabel('Invoice number').fill(sold.number);
    await modal.getByRole('button', { name: 'Find', exact: true }).click();
    const qty = modal.getByLabel(`Quantity back of ${sold.product.item_name}`);
    await qty.waitFor();
    await qty.fill('1');
    await modal.getByLabel(`Reason for ${sold.product.item_name}`).selectOption('Wrong Size');
    // #26.3 the difference is paid as at checkout: the method's radio, NETS with its approval code.
    await modal.getByRole('radio', { name: 'NETS' }).check();
    await modal.getByLabel('Approval code').fill('NETS-778812');
    await shot(page, 'money-journey-exchange');
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/exchanges') && r.request().method() === 'POST'),
      modal.getByRole('button', { name: 'Confirm Exchange' }).click(),
    ]);
    assert.is(res.status(), 201, await res.text());
    const reply = await res.json();
    await page
      .getByText(new RegExp(`^Exchange complete! Invoice #${reply.sale.number}`))
      .first()
      .waitFor();
    const invoice = (await server.t.admin.get(`/api/invoices/${reply.sale.invoiceId}`)).body.invoice;
    const byMethod = Object.fromEntries(invoice.payments.map((p: { method: string; amount: number }) => [p.method, toCents(p.amount)]));
    const newTotal = priceWithGst(toCents(dearer.selling_price), 900, false);
    assert.is(toCents(invoice.grand_total), newTotal);
    assert.is(byMethod.CREDIT_NOTE, refund, 'the returned shoes pay their full price towards the new pair');
    assert.is(byMethod.NETS, newTotal - refund, 'NETS pays the difference');
    assert.is(invoice.payment_status, 'PAID');
    const note = (await server.t.admin.get(`/api/returns/credit-notes/by-number/${encodeURIComponent(reply.creditNote.number)}`)).body.credit_note;
    assert.is(note.status, 'USED');
    const stockAfter = (await server.t.admin.get(`/api/products/${sold.product.id}`)).body.product.stock_qty as number;
    assert.is(stockAfter, stockBefore + 1, 'the returned pair is back in stock');
  });
});

test.run();
