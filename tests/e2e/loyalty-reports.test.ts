// #29 loyalty points on the Reports screen, in Chromium against the real server: a member earns points on two sales
// (a point worth $0.05) and pays $1.00 of the second with points. The End of Day panel's 'Held for customers' lists
// 'Loyalty points' beside the gift cards, from the loyalty plugin's manifest `liabilities` (the screen is generic):
// earned (109 + 108) x $0.05 = $10.85, redeemed $1.00, outstanding $9.85 = the member's points (197) x $0.05.
// Screenshot: docs/screens/loyalty-end-of-day-1024x768.png (with KEDAI_UPDATE_SCREENS=1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { addProduct } from '../../plugins/inventory/test-support.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;

test.before(async () => {
  server = await startServer();
  const shoe = await addProduct(server.t, 100, 20, 'Points Runner');
  assert.is((await server.t.admin.patch('/api/settings', { loyalty_point_value: 0.05 })).status, 200);
  const m = await server.t.admin.post('/api/customers', { name: 'Mei Member', phone: '+65 9123 7799' });
  assert.is(m.status, 201, JSON.stringify(m.body));
  const customerId = m.body.customer.id;
  const one = await server.t.staff.post('/api/checkout', { customerId, items: [{ productId: shoe, qty: 1 }], payments: [{ method: 'NETS', amount: 109 }] });
  assert.is(one.status, 201, JSON.stringify(one.body));
  const two = await server.t.staff.post('/api/checkout', {
    customerId,
    items: [{ productId: shoe, qty: 1 }],
    payments: [
      { method: 'LOYALTY_POINTS', amount: 1 },
      { method: 'NETS', amount: 108 },
    ],
  });
  assert.is(two.status, 201, JSON.stringify(two.body));
  assert.equal(two.body.loyalty, { earned: 108, redeemed: 20, balance: 197 });
  b = await openBrowser();
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

const texts = async (l: Locator) => (await l.allTextContents()).map((s) => s.trim());

test("End of Day: 'Held for customers' lists 'Loyalty points' with its lines", async () => {
  const { page } = b;
  await step(page, 'loyalty-end-of-day', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/reports`);
    const held = page.locator('.end-of-day section.report-liabilities');
    await held.waitFor();
    assert.equal(await texts(held.locator('.liability-summary')), ['Loyalty points: earned $10.85, redeemed $1.00, outstanding $9.85']);
    const table = held.getByRole('table', { name: 'Loyalty points' });
    assert.equal(await texts(table.locator('tr').first().locator('td')), ['Opening', '$0.00']);
    const rows = await table.locator('tr').allTextContents();
    assert.equal(rows, [
      'Opening$0.00',
      'Earned$10.85',
      'Redeemed-$1.00',
      'Taken back by returns and voids$0.00',
      'Given back by returns$0.00',
      'Expired$0.00',
      'Outstanding$9.85',
    ]);
    const box = (await held.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 1024, JSON.stringify(box));
    await held.scrollIntoViewIfNeeded();
    await docShot(page, 'loyalty-end-of-day-1024x768', { viewport: true });
  });
});

test.run();
