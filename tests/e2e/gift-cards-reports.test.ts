// #29 gift cards on the Reports screen and the browser receipt, in Chromium against the real server: a $100 card
// sold, $60 of it spent on a shoe, the shoe brought back (the $60 put back on the card, $49 by NETS). The End of Day
// panel's 'Held for customers' says "Gift cards: sold $100.00, redeemed $60.00, put back by returns $60.00,
// outstanding $100.00" with its table, and 'Put back on gift card (not cash)' beside the money refunds; the card
// sale's receipt (Reprint) prints the code under the section as Code 128 bars and its 4-4-5 text.
// Screenshots: docs/screens/gift-cards-*.png (with KEDAI_UPDATE_SCREENS=1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { addProduct } from '../../plugins/inventory/test-support.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;
let cardSale: { id: number; number: string };
let code = '';

test.before(async () => {
  try {
    await setUp();
  } catch (e) {
    console.error(e);
    throw e;
  }
});

async function setUp() {
  server = await startServer();
  const shoe = await addProduct(server.t, 100, 20, 'Court Classic');
  const sold = await server.t.staff.post('/api/checkout', { items: [{ gift_card: { amount: 100 } }], payments: [{ method: 'CASH', amount: 100 }] });
  assert.is(sold.status, 201, JSON.stringify(sold.body));
  cardSale = sold.body.invoice;
  code = sold.body.gift_cards[0].code;
  const spent = await server.t.staff.post('/api/checkout', {
    items: [{ productId: shoe, qty: 1 }],
    payments: [
      { method: 'GIFT_CARD', reference: code, amount: 60 },
      { method: 'NETS', amount: 49 },
    ],
  });
  assert.is(spent.status, 201, JSON.stringify(spent.body));
  const back = await server.t.staff.post('/api/returns', {
    invoice_id: spent.body.invoice.id,
    refund_method: 'NETS',
    refund_reference: 'APPR 778899',
    items: [{ product_id: shoe, returned_qty: 1, return_reason: 'Defective' }],
  });
  assert.is(back.status, 201, JSON.stringify(back.body));
  b = await openBrowser();
}

test.after(async () => {
  await b?.close();
  await server?.close();
});

const texts = async (l: Locator) => (await l.allTextContents()).map((s) => s.trim());

for (const [width, height] of [
  [1024, 768],
  [390, 844],
]) {
  test(`End of Day (${width}x${height}): 'Held for customers' and the value put back on the card`, async () => {
    const { page } = b;
    await step(page, `gift-cards-end-of-day-${width}`, async () => {
      await page.setViewportSize({ width, height });
      if (width === 1024) await signIn(page, server.url, 'admin');
      await page.goto(`${server.url}/reports`);
      const held = page.locator('.end-of-day section.report-liabilities');
      await held.waitFor();
      assert.equal(await texts(held.locator('h3')), ['Held for customers']);
      assert.equal(await texts(held.locator('.liability-summary').first()), [
        'Gift cards: sold $100.00, redeemed $60.00, put back by returns $60.00, outstanding $100.00',
      ]);
      const rows = held.locator('table tr');
      assert.equal(await texts(rows.first().locator('td')), ['Opening', '$0.00']);
      assert.equal(await texts(rows.last().locator('th')), ['Outstanding', '$100.00']);
      const eod = (await page.locator('.end-of-day').textContent()) ?? '';
      assert.ok(eod.includes('Put back on gift card (not cash)$60.00'), eod);
      assert.ok(eod.includes('NETS refunded-$49.00'), eod);
      // Inside the screen: nothing cut at the right edge.
      const box = (await held.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= width, JSON.stringify(box));
      await held.scrollIntoViewIfNeeded();
      await docShot(page, `gift-cards-end-of-day-${width}x${height}`, { viewport: true });
    });
  });
}

test("the card sale's receipt (Reprint): the code as Code 128 bars under 'Gift cards sold', its text under them", async () => {
  const { page } = b;
  await step(page, 'gift-cards-receipt', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${server.url}/invoices`);
    await page.getByLabel('Search invoices').fill(cardSale.number);
    await page.locator(`tr[data-invoice-id="${cardSale.id}"]`).getByRole('button', { name: 'View' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Reprint' }).click();
    // The receipt the browser prints (a hidden frame's page), once it holds this sale.
    const html = await page
      .waitForFunction(
        (num) => [...document.querySelectorAll('iframe[title="Receipt"]')].map((f) => f.getAttribute('srcdoc') ?? '').find((doc) => doc.includes(num)) ?? false,
        cardSale.number,
      )
      .then((h) => h.jsonValue() as Promise<string>);
    assert.ok(html.includes('Not a tax invoice: no GST is charged on this sale'));
    const paper = await b.context.newPage();
    try {
      await paper.setViewportSize({ width: 302, height: 900 }); // 80 mm at 96 dpi
      await paper.setContent(html);
      const dashed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
      // Two sets of bars: the card's (under its section), then the invoice number's at the foot.
      const bars = paper.locator('.bars svg');
      assert.is(await bars.count(), 2);
      const card = (await bars.first().boundingBox())!;
      assert.ok(card.width > 150 && card.width <= 302 && card.height >= 15, JSON.stringify(card));
      const label = paper.locator('p', { hasText: new RegExp(`^${dashed}$`) });
      const under = (await label.boundingBox())!;
      assert.ok(under.y >= card.y + card.height - 1, 'the code as text under its bars');
      const total = (await paper.locator('tr', { hasText: 'Gift cards total' }).boundingBox())!;
      assert.ok(card.y > total.y, 'the bars under the section');
      await docShot(paper, 'gift-cards-receipt-80mm');
    } finally {
      await paper.close();
    }
  });
});

test.run();
