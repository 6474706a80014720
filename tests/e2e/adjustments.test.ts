// #28.2 adjustments on screen and paper, in Chromium against the real server with a test-only plugin whose checkout
// adjuster takes "Second pair 50%" ($40.00) off two Trail Runners: the invoice detail lists the line before its
// adjustment ($155.00, the cashier's $5.00 off), then the adjustment's row ('Second pair 50%', -$40.00) in the same
// amount column, then the Subtotal ($125.00); the browser receipt the Reprint prints says the same; the Reports
// screen's 'Promotions and adjustments' shows its units and cost. Screenshots: docs/screens/adjustments-*.png
// (with KEDAI_UPDATE_SCREENS=1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { definePlugin } from '../../core/plugin.js';
import { addProduct } from '../../plugins/inventory/test-support.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

const LABEL = 'Second pair 50%';
let runner = 0;
const testAdjust = definePlugin({
  name: 'test-adjust',
  dependsOn: ['sales'],
  adjusters: [
    {
      source: 'test-adjust',
      adjust: (_db, cart) =>
        cart.lines
          .filter((l) => l.productId === runner && l.qty >= 2)
          .map((l) => ({ code: 'PAIR2', label: LABEL, refId: 7, shares: [{ index: l.index, units: 2, amountCents: -4000 }] })),
    },
  ],
});

let server: TestServer;
let b: TestBrowser;
let sale: { id: number; number: string };

test.before(async () => {
  server = await startServer({ morePlugins: [testAdjust] });
  runner = await addProduct(server.t, 80, 20, 'Trail Runner');
  const socks = await addProduct(server.t, 10, 20, 'Sock Pack');
  const r = await server.t.staff.post('/api/checkout', {
    items: [
      { productId: runner, qty: 2, discount: 5 },
      { productId: socks, qty: 1 },
    ],
    tendered: 150,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  sale = r.body.invoice;
  assert.equal(
    r.body.invoice.adjustments.map((a: { label: string; amount: number }) => [a.label, a.amount]),
    [[LABEL, -40]],
  );
  b = await openBrowser();
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

const texts = async (l: Locator) => (await l.allTextContents()).map((s) => s.trim());
const box = async (l: Locator) => (await l.boundingBox())!;

/** The right edges of two cells line up (the same amount column). */
async function sameRightEdge(a: Locator, c: Locator, what: string) {
  const [x, y] = [await box(a), await box(c)];
  assert.ok(Math.abs(x.x + x.width - (y.x + y.width)) <= 1, `${what}: ${JSON.stringify([x, y])}`);
}

test('the invoice detail: the line before its adjustment, the adjustment row, then the Subtotal', async () => {
  const { page } = b;
  await step(page, 'adjustments-invoice-detail', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/invoices`);
    await page.getByLabel('Search invoices').fill(sale.number);
    const row = page.locator(`tr[data-invoice-id="${sale.id}"]`);
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.locator('dialog[open]');
    const items = dialog.locator('table').first().locator('tbody tr');
    await items.nth(2).waitFor();
    assert.equal(await texts(items.nth(0).locator('td')), [
      'Trail Runner',
      (await texts(items.nth(0).locator('td')))[1],
      '42',
      '2',
      '$80.00',
      '$5.00',
      '$155.00',
    ]);
    assert.equal(await texts(items.nth(1).locator('td')).then((c) => c.slice(3)), ['1', '$10.00', '', '$10.00']);
    const adjustment = dialog.getByTestId('invoice-adjustment');
    assert.equal(await texts(adjustment.locator('td')), [LABEL, '-$40.00']);
    // Under the lines, its amount in the lines' amount column.
    assert.ok((await box(adjustment)).y > (await box(items.nth(1))).y, 'the adjustment under the lines');
    await sameRightEdge(adjustment.locator('td').last(), items.nth(0).locator('td').last(), 'amount column');
    const totals = await texts(dialog.locator('dl[aria-label="Totals"] > *'));
    assert.equal(totals.slice(0, 2), ['Subtotal', '$125.00']);
    assert.ok(totals.includes('$136.25'), totals.join('|'));
    assert.not.ok(totals.includes('Discount'), 'no sale discount: the line and adjustment amounts are inside the Subtotal');
    await adjustment.scrollIntoViewIfNeeded();
    await docShot(page, 'adjustments-invoice-detail-1024x768', { viewport: true });
  });
});

/** The receipt page the till printed last (the hidden frame's srcdoc), opened on its own at 80 mm. */
async function printedReceipt(page: Page): Promise<string> {
  const frame = page.locator('iframe[title="Receipt"]').last();
  await frame.waitFor({ state: 'attached' });
  return (await frame.getAttribute('srcdoc')) ?? '';
}

test('the browser receipt (Reprint, no printer): the line at $155.00 less $5.00, the adjustment, the Subtotal', async () => {
  const { page } = b;
  await step(page, 'adjustments-receipt', async () => {
    const before = await page.evaluate(() => (window as unknown as { __printed?: string[] }).__printed?.length ?? 0);
    await page.locator('dialog[open]').getByRole('button', { name: 'Reprint' }).click();
    await page.waitForFunction((n) => ((window as unknown as { __printed?: string[] }).__printed?.length ?? 0) > n, before);
    const printed = await page.evaluate((n) => (window as unknown as { __printed: string[] }).__printed[n], before);
    const order = ['2 x $80.00 less $5.00', '$155.00', '1 x $10.00', LABEL, '-$40.00', 'Subtotal', '$125.00', 'TOTAL', '$136.25'];
    let at = -1;
    for (const part of order) {
      const next = printed.indexOf(part, at + 1);
      assert.ok(next > at, `"${part}" after the previous part in:\n${printed}`);
      at = next;
    }
    const html = await printedReceipt(page);
    const paper = await b.context.newPage();
    try {
      await paper.setViewportSize({ width: 302, height: 700 }); // 80 mm at 96 dpi
      await paper.setContent(html);
      const adjustment = paper.locator('tr.adjustment');
      assert.equal(await texts(adjustment.locator('td')), [LABEL, '-$40.00']);
      const line = paper.locator('tr.qty').first();
      assert.equal(await texts(line.locator('td')), ['2 x $80.00 less $5.00', '$155.00']);
      await sameRightEdge(adjustment.locator('td.num'), line.locator('td.num'), 'receipt amount column');
      const subtotal = paper.locator('tr', { hasText: 'Subtotal' });
      assert.ok((await box(subtotal)).y > (await box(adjustment)).y, 'the Subtotal under the adjustment');
      await docShot(paper, 'adjustments-receipt-80mm');
    } finally {
      await paper.close();
    }
  });
});

test("Reports: 'Promotions and adjustments' shows the adjustment's units and cost", async () => {
  const { page } = b;
  await step(page, 'adjustments-report', async () => {
    await page.goto(`${server.url}/reports`);
    const section = page.locator('section.report-adjustments');
    await section.waitFor();
    assert.equal(await texts(section.locator('h3')), ['Promotions and adjustments']);
    assert.equal(await texts(section.locator('tbody tr').first().locator('td')), [LABEL, '2', '$40.00']);
    await section.scrollIntoViewIfNeeded();
    await docShot(page, 'adjustments-report-1024x768', { viewport: true });
  });
});

test.run();
