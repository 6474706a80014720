// #28.3 / #17.5: a walk-in credit note spent at the till in Chromium, through the checkout dialog's
// 'checkout-tender' slot (credit-notes' component in sales' dialog). The cashier scans the note's code, sees
// what it holds, and the sale is paid by the note first and cash for the rest. The server's invoice then has
// both payments, and the note is used up. 1024x768.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeProduct, returnItems, sell } from '../../plugins/credit-notes/test-support.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
});
test.after(async () => {
  await b?.close();
  await server?.close();
});

test('a walk-in credit note pays first at the till, cash the rest; the invoice and the note agree', async () => {
  const { page } = b;
  const t = server.t;
  // A $10.90 note (a $10 shoe with GST, returned), then a $32.70 pair to spend it on.
  const cheap = await makeProduct(t, 'Slider Note Test', 10);
  const dear = await makeProduct(t, 'Runner Note Test', 30);
  const first = await sell(t, [{ productId: cheap, qty: 1 }]);
  const note = (await returnItems(t, first.id, [{ productId: cheap, qty: 1 }])).creditNote as { number: string; redemption_code: string };
  assert.match(note.redemption_code, /\S{6,}/, 'a walk-in note has a code to spend it');
  const sku = (await t.admin.get(`/api/products/${dear}`)).body.product.sku as string;

  await step(page, 'checkout-credit-note', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'staff');
    const search = page.getByLabel('Scan or search products');
    await search.waitFor();
    await search.fill(sku);
    await search.press('Enter');
    await page.locator('.cart-row').first().waitFor();
    await page.keyboard.press('F9');
    const dialog = page.locator('dialog.modal');
    await dialog.getByRole('heading', { name: 'Complete Checkout' }).waitFor();

    // The note's code, as the scanner types it into the slot's field.
    const field = dialog.getByLabel('Credit note code or number');
    await field.fill(note.redemption_code);
    await field.press('Enter');
    await dialog.getByTestId('note-available').waitFor();
    assert.is(await dialog.getByTestId('note-available').textContent(), '$10.90');
    assert.is(await dialog.getByTestId('note-applied').textContent(), '$10.90');
    assert.is(await dialog.getByTestId('checkout-due').textContent(), '$21.80', 'the note comes off the amount due');
    await docShot(page, 'checkout-credit-note-1024x768', { viewport: true });

    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST'),
      dialog
        .getByRole('button', { name: /Complete/ })
        .last()
        .click(),
    ]);
    assert.is(reply.status(), 201, await reply.text());
    await page.locator('[data-testid="sale-complete"]').waitFor();
    // The till sent the note first and cash for the rest; the invoice holds both (listed in the order written).
    const sent = reply.request().postDataJSON() as { payments: { method: string; amount: number; reference?: string }[] };
    assert.equal(
      sent.payments.map((p) => [p.method, p.amount]),
      [
        ['CREDIT_NOTE', 10.9],
        ['CASH', 21.8],
      ],
    );
    const body = (await reply.json()) as { invoice: { id: number; payments: { method: string; amount: number; reference: string | null }[] } };
    const paid = Object.fromEntries(body.invoice.payments.map((p) => [p.method, p]));
    assert.equal(Object.keys(paid).sort(), ['CASH', 'CREDIT_NOTE']);
    assert.is(paid.CREDIT_NOTE.amount, 10.9);
    assert.is(paid.CASH.amount, 21.8);
    assert.is(paid.CREDIT_NOTE.reference, note.number, 'the payment names the note, never its code');
  });

  const after = await t.staff.get(`/api/returns/credit-notes/by-number/${encodeURIComponent(note.redemption_code)}`);
  assert.is(after.status, 200, JSON.stringify(after.body));
  assert.is(after.body.credit_note.available, 0);
  assert.is(after.body.credit_note.status, 'USED');
});

test.run();
