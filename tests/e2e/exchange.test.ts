// #26.3 exchange at the till, in Chromium at 1024x768 against the real server (demo shop) with a fake ESC/POS printer.
// 1. Pairs back first: Exchange on an empty cart, the invoice typed + Enter, one pair back ('Wrong Size'), 'Add new
//    pairs'; the cart shows 'Coming back' with its size; the other size is scanned (keys + Enter); the cart's button
//    reads 'Exchange'; the dialog says 'To pay $0.00' (the original line AND invoice discounts carried); confirmed, the
//    printed receipt lists the new pair and, under 'Exchanged / returned', the pair that came back.
// 2. New pair first: a size and a second item scanned, then Exchange: the difference is paid by cash tendered, with
//    the 5-cent rounding and the change, as on the printed slip. A 390x844 shot of the same dialog.
// Screenshots docs/screens/exchange-*.png with KEDAI_UPDATE_SCREENS=1.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer.js';
import { saveSettings } from '../../core/settings.js';
import { formatMoney, roundCash } from '../../core/money.js';

interface Product {
  id: number;
  sku: string;
  size: string | null;
  style_id: number;
  stock_qty: number;
  item_name: string;
  selling_price: number;
}
interface Sold {
  id: number;
  number: string;
  items: { id: number; product_id: number }[];
}

let server: TestServer;
let b: TestBrowser;
let printer: FakePrinter;
let sizes: Product[]; // three sizes of one style, in stock
let extra: Product; // another style: what makes the second exchange cost more

test.before(async () => {
  server = await startServer({ demo: true });
  printer = await startFakePrinter();
  saveSettings(server.t.app.db, { receipt_printer: printer.address, cash_rounding: true });
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1024, height: 768 });
  b.context.on('page', (p) => {
    void p.close();
  });
  const products = (await server.t.admin.get('/api/products?pageSize=200')).body.products as Product[];
  const byStyle = new Map<number, Product[]>();
  for (const p of products.filter((x) => x.stock_qty >= 3 && x.sku && x.size)) byStyle.set(p.style_id, [...(byStyle.get(p.style_id) ?? []), p]);
  const styles = [...byStyle.values()].filter((list) => list.length >= 3);
  assert.ok(styles.length >= 1, 'a demo style with three sizes in stock');
  sizes = styles[0].slice(0, 3);
  extra = products.find((p) => p.style_id !== sizes[0].style_id && p.stock_qty >= 3 && p.sku && Math.round(p.selling_price * 109) % 5 !== 0)!;
  assert.ok(extra, 'a demo product whose price with GST is not a multiple of 5 cents');
});

test.after(async () => {
  await b?.close();
  await printer?.close();
  await server?.close();
});

const page = () => b.page;
const dialog = () => page().locator('dialog.modal');
const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();
const exchangeDialog = () => dialog().filter({ has: page().getByRole('heading', { name: 'Exchange' }) });

/** The owner's sale: one size with $10.00 off its line, and 5% off the whole sale. */
async function discountedSale(p: Product): Promise<Sold> {
  const r = await server.t.admin.post('/api/checkout', {
    items: [
      { productId: p.id, qty: 1, discount: 10 },
      { productId: extra.id, qty: 1 },
    ],
    invoiceDiscount: 5,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.invoice;
}

/** A scan: the SKU typed where the focus is (the search) and Enter. */
async function scan(p: Product) {
  await page().keyboard.type(p.sku);
  await page().keyboard.press('Enter');
  await page().locator(`.cart-row[data-product-id="${p.id}"]`).first().waitFor();
}

/** Finds the invoice by keyboard and picks one pair of `p` coming back. */
async function pickBack(sold: Sold, p: Product) {
  const modal = exchangeDialog();
  await modal.waitFor();
  await page().keyboard.type(sold.number);
  await page().keyboard.press('Enter');
  const qty = modal.getByLabel(`Quantity back of ${p.item_name}`).first();
  await qty.waitFor();
  await qty.fill('1');
  await modal.getByLabel(`Reason for ${p.item_name}`).first().selectOption('Wrong Size');
}

async function box(l: Locator) {
  const r = (await l.boundingBox())!;
  assert.ok(r.width >= 44 && r.height >= 44, `finger-sized (${r.width}x${r.height})`);
}

test('pairs back first: Add new pairs, scan the other size, the cart says Exchange, To pay $0.00, the receipt lists both', async () => {
  const sold = await discountedSale(sizes[0]);
  await step(page(), 'exchange-back-first', async () => {
    await signIn(page(), server.url, 'staff');
    await page().locator('.cart-empty').waitFor();
    await page().getByRole('button', { name: 'Exchange', exact: true }).click();
    await pickBack(sold, sizes[0]);
    const modal = exchangeDialog();
    await modal.getByTestId('exchange-next').waitFor();
    const add = modal.getByRole('button', { name: 'Add new pairs' });
    await box(add);
    await add.click();
    await exchangeDialog().waitFor({ state: 'detached' });

    const coming = page().getByTestId('coming-back');
    await coming.waitFor();
    assert.is(await text(coming.locator('.cart-size')), sizes[0].size);
    assert.match(await text(coming), sold.number);
    await box(coming.getByRole('button', { name: 'Cancel exchange' }));
    const checkout = page().locator('.pos-checkout');
    // The focus is back in the search: the scan lands.
    await scan(sizes[1]);
    assert.is(await text(checkout), 'Exchange');
    assert.is(await text(page().locator('.cart-row [data-testid="cart-size"]')), sizes[1].size);
    await docShot(page(), 'exchange-coming-back-1024x768');

    await checkout.click();
    await exchangeDialog().getByTestId('exchange-difference').filter({ hasText: '$0.00' }).waitFor();
    const figures = await text(exchangeDialog().locator('dl.totals'));
    assert.match(figures, /To pay\s*\$0\.00/);
    const refund = await text(exchangeDialog().getByTestId('exchange-refund'));
    assert.is(await text(exchangeDialog().getByTestId('exchange-new-total')), refund);
    assert.ok(await exchangeDialog().getByTestId('exchange-carried').isVisible(), 'the original discounts are carried');
    assert.is(await exchangeDialog().getByLabel('Cash tendered').count(), 0, 'nothing to pay: no payment asked');
    await docShot(page(), 'exchange-swap-1024x768');

    const [res] = await Promise.all([
      page().waitForResponse((r) => r.url().endsWith('/api/exchanges') && r.request().method() === 'POST'),
      exchangeDialog().getByRole('button', { name: 'Confirm Exchange' }).click(),
    ]);
    assert.is(res.status(), 201, await res.text());
    const reply = await res.json();
    assert.is(reply.difference.difference, 0);
    assert.equal(
      reply.sale.invoice.payments.map((p: { method: string }) => p.method),
      ['CREDIT_NOTE'],
    );
    const done = dialog().filter({ has: page().getByRole('heading', { name: 'Sale complete' }) });
    await done.waitFor();
    const bytes = (await printer.nextJob(10_000)).toString('latin1');
    assert.match(bytes, reply.sale.number);
    assert.match(bytes, `${sizes[1].item_name} (${sizes[1].size})`);
    assert.match(bytes, `Exchanged / returned (from ${sold.number})`);
    assert.match(bytes, `${sizes[0].item_name} (${sizes[0].size})`);
    assert.match(bytes, `1 x returned`);
    assert.match(bytes, /Returned total\s+\$\d+\.\d\d/);
    await done.getByRole('button', { name: 'New sale' }).click();
    await page().locator('.cart-empty').waitFor();
    assert.is(await page().getByTestId('coming-back').count(), 0, 'the draft is gone');
    assert.is(await text(page().locator('.pos-checkout')), 'Checkout');
  });
});

test('new pair first: the difference by cash tendered, rounded to 5 cents, with change, on the slip', async () => {
  const sold = await discountedSale(sizes[0]);
  await step(page(), 'exchange-new-first', async () => {
    await page().locator('.pos-search').focus();
    await scan(sizes[2]);
    await scan(extra);
    await page().getByRole('button', { name: 'Exchange', exact: true }).first().click();
    await pickBack(sold, sizes[0]);
    const modal = exchangeDialog();
    const back = sold.items.find((i) => i.product_id === sizes[0].id)!;
    const quote = (
      await server.t.staff.post('/api/exchanges/quote', {
        invoice_id: sold.id,
        items: [{ product_id: sizes[0].id, invoice_line_id: back.id, returned_qty: 1, return_reason: 'Wrong Size' }],
        sale: {
          items: [
            { productId: sizes[2].id, qty: 1 },
            { productId: extra.id, qty: 1 },
          ],
        },
      })
    ).body;
    const toPay = Math.round(quote.to_pay * 100);
    const due = roundCash(toPay);
    assert.ok(due !== toPay, `the difference rounds (${toPay})`);
    await modal
      .getByTestId('exchange-difference')
      .filter({ hasText: formatMoney(toPay) })
      .waitFor();
    assert.match(await text(modal.locator('dl.totals')), new RegExp(`To pay\\s*\\${formatMoney(toPay)}`));
    assert.is(await text(modal.getByTestId('exchange-amount-due')), formatMoney(due));
    const tendered = modal.getByLabel('Cash tendered');
    const cash = Math.ceil((due + 1) / 5000) * 5000; // the next $50 notes above the amount due
    await tendered.fill(String(cash / 100));
    assert.is(await text(modal.getByTestId('checkout-change')), formatMoney(cash - due));
    await docShot(page(), 'exchange-cash-1024x768');
    await page().setViewportSize({ width: 390, height: 844 });
    await box(modal.getByRole('button', { name: 'Confirm Exchange' }));
    // The phone's shot is the screen as seen (the page behind the dialog is long).
    await docShot(page(), 'exchange-cash-390x844', { viewport: true });
    await page().setViewportSize({ width: 1024, height: 768 });

    const [res] = await Promise.all([
      page().waitForResponse((r) => r.url().endsWith('/api/exchanges') && r.request().method() === 'POST'),
      modal.getByRole('button', { name: 'Confirm Exchange' }).click(),
    ]);
    assert.is(res.status(), 201, await res.text());
    const reply = await res.json();
    assert.is(Math.round(reply.difference.to_pay * 100), toPay);
    const done = dialog().filter({ has: page().getByRole('heading', { name: 'Sale complete' }) });
    await done.waitFor();
    const bytes = (await printer.nextJob(10_000)).toString('latin1');
    assert.match(bytes, `Exchanged / returned (from ${sold.number})`);
    assert.match(bytes, /Rounding\s+\S*0\.0\d/);
    assert.match(bytes, new RegExp(`Cash tendered\\s+\\${formatMoney(cash)}`));
    assert.match(bytes, new RegExp(`Change\\s+\\${formatMoney(cash - due)}`));
    assert.match(bytes, `${sizes[2].item_name} (${sizes[2].size})`);
    await done.getByRole('button', { name: 'New sale' }).click();
    assert.equal(b.consoleErrors, []);
  });
});

test.run();
