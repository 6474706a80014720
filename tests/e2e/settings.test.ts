// #28.3 in Chromium: the Settings screen's Discounts and Returns cards show the settings sales and returns now
// declare in their manifests (defaults 10 and 14 from the declarations), refuse a bad value in place, and save
// through PATCH /api/settings; the value is stored, and still there after a reload.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

const stored = (key: string) => server.t.app.db.prepare('SELECT value FROM core_setting WHERE key = ?').pluck().get(key);

test("Settings: the plugins' own settings in their cards, with their defaults; a bad window refused in place, a good one saved", async () => {
  const { page } = b;
  await step(page, 'settings-plugin-cards', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/settings`);
    const discount = page.getByLabel('Max staff discount (%)');
    const days = page.getByLabel('Refund window (days)');
    await days.waitFor();
    assert.is(await discount.inputValue(), '10');
    assert.is(await days.inputValue(), '14');
    assert.is(await page.locator('.discount-limit h3').textContent(), 'Discounts');
    assert.is(await page.locator('.refund-window h3').textContent(), 'Returns');
    const save = page.getByRole('button', { name: 'Save Refund Window' });
    // Where they were when the settings were core's: after the shop details, Discounts, then Returns, then PayNow.
    const tops: number[] = [];
    for (const card of ['.discount-limit', '.refund-window', '.money-rules']) tops.push((await page.locator(card).boundingBox())?.y ?? -1);
    assert.ok(tops[0] > 0 && tops[0] < tops[1] && tops[1] < tops[2], `cards' tops ${tops}`);

    await days.fill('4000');
    await save.click();
    await page.locator('.refund-window').getByText('Enter whole days from 0 (no window) to 3650').waitFor();
    assert.is(await days.getAttribute('aria-invalid'), 'true');
    assert.is(stored('refund_window_days'), undefined, 'nothing sent');

    await days.fill('7');
    await save.click();
    await page.locator('.toasts').getByText('Settings saved successfully!').first().waitFor();
    assert.is(stored('refund_window_days'), '7');
    assert.is((await server.t.staff.get('/api/settings')).body.settings.refund_window_days, 7);
    // Both cards in view, under the sticky header.
    await page.locator('.discount-limit').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
    await docShot(page, 'settings-plugin-cards', { viewport: true });

    await page.reload();
    await page.getByLabel('Refund window (days)').waitFor();
    assert.is(await page.getByLabel('Refund window (days)').inputValue(), '7');
    assert.is(await page.getByLabel('Max staff discount (%)').inputValue(), '10');
    assert.equal(b.consoleErrors, []);
  });
});

test.run();
