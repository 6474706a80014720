// Promotions (#28.6) in Chromium: the ADMIN opens 'Promotions', creates "Second pair 50%" through the form (the kind
// picker shows only the buy-X-get-Y fields; the brand from the catalogue's facets), and finds it listed ACTIVE; a sale
// of two pairs shows in its usage; End asks first, then it is ENDED and cannot be edited. Controls are 44 x 44 px.
// Screenshots: promotions-1366x768.png, promotions-1024x768.png, promotions-form-1024x768.png (docs/screens/ with
// KEDAI_UPDATE_SCREENS=1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { docShot, navTo, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;
let brand: string;
let pair: { id: number }[];

test.before(async () => {
  server = await startServer({ demo: true });
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1024, height: 768 });
  const facets = (await server.t.admin.get('/api/products/facets')).body as { brands: string[] };
  const products = (await server.t.admin.get('/api/products?pageSize=200')).body.products as { id: number; brand: string | null; stock_qty: number }[];
  // A brand with two products in stock: the sale that uses the promotion.
  brand = facets.brands.find((x) => products.filter((p) => p.brand === x && p.stock_qty >= 1).length >= 2)!;
  assert.ok(brand, 'a demo brand with two products in stock');
  pair = products.filter((p) => p.brand === brand && p.stock_qty >= 1).slice(0, 2);
  // Others for the list: one scheduled, one ended.
  const admin = server.t.admin;
  await admin.post('/api/promotions', {
    name: 'Back to school 15%',
    kind: 'PERCENT_OFF',
    percent_off: 15,
    starts_on: '2099-01-05',
    ends_on: '2099-01-31',
    scope: { categories: ['School'] },
  });
  const old = await admin.post('/api/promotions', { name: '3 pairs of socks for $10', kind: 'BUNDLE_PRICE', bundle_qty: 3, bundle_price: 10 });
  await admin.post(`/api/promotions/${old.body.promotion.id}/end`, {});
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

const page = () => b.page;
const dialog = () => page().locator('dialog.modal');
const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();
async function fingerSized(l: Locator, what: string) {
  const box = (await l.boundingBox())!;
  assert.ok(box.width >= 44 && box.height >= 44, `${what} is finger-sized (${box.width}x${box.height})`);
}

test('create "Second pair 50%" through the form; it is listed ACTIVE; a sale shows in its usage; End after a confirm', async () => {
  await step(page(), 'promotions-admin', async () => {
    await signIn(page(), server.url, 'admin');
    await navTo(page(), 'Promotions');
    await page().getByRole('heading', { name: 'Promotions', level: 2 }).waitFor();
    const add = page().getByRole('button', { name: '+ New Promotion' });
    await fingerSized(add, '+ New Promotion');
    await add.click();
    await dialog().getByRole('heading', { name: 'New Promotion' }).waitFor();
    await dialog().getByLabel('Promotion Name *').fill('Second pair 50%');
    // The kind picker shows only its kind's fields.
    assert.ok(await dialog().getByLabel('Percent off *').isVisible());
    await dialog().getByLabel('Kind of deal').selectOption('BUY_X_GET_Y');
    assert.is(await dialog().getByLabel('Percent off *').count(), 0);
    assert.equal([await dialog().getByLabel('Buy *').inputValue(), await dialog().getByLabel('Get *').inputValue()], ['1', '1']);
    await dialog().getByLabel('% off the cheapest "get" items *').fill('50');
    await dialog().getByLabel('Brands').selectOption(brand);
    await dialog()
      .getByRole('button', { name: `Remove ${brand}` })
      .waitFor();
    await fingerSized(dialog().getByRole('button', { name: `Remove ${brand}` }), 'a scope chip');
    await docShot(page(), 'promotions-form-1024x768', { viewport: true });
    await dialog().getByRole('button', { name: 'Create Promotion' }).click();
    await page().getByText('Promotion Second pair 50% created successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const row = page().locator('.promotions-table tr', { hasText: 'Second pair 50%' });
    await row.waitFor();
    assert.is(await text(row.locator('td').nth(1)), 'Buy 1 get 1 at 50% off');
    assert.is(await text(row.locator('td').nth(2)), `Brands: ${brand}`);
    assert.is(await text(row.locator('.badge')), 'ACTIVE');
    await fingerSized(row.getByRole('button', { name: 'Edit' }), 'Edit');
    await fingerSized(row.getByRole('button', { name: 'End' }), 'End');
    const listed = (await server.t.admin.get('/api/promotions')).body.promotions as { id: number; name: string; kind: string; get_percent_off: number }[];
    const created = listed.find((p) => p.name === 'Second pair 50%')!;
    assert.equal([created.kind, created.get_percent_off], ['BUY_X_GET_Y', 50]);

    // A sale of two pairs of that brand: the list shows its units and cost after a reload.
    const sale = await server.t.staff.post('/api/checkout', { items: pair.map((p) => ({ productId: p.id, qty: 1 })) });
    assert.is(sale.status, 201, JSON.stringify(sale.body));
    const cost = -sale.body.invoice.adjustments.find((a: { promotion_id: number }) => a.promotion_id === created.id).amount;
    assert.ok(cost > 0);
    await page().reload();
    await row.waitFor();
    assert.is(await text(row.locator('td').nth(5)), '2');
    assert.is(await text(row.locator('td').nth(6)), `$${cost.toFixed(2)}`);
    await docShot(page(), 'promotions-1024x768', { viewport: true });
    const header = (await page().locator('header.app-header').boundingBox())!;
    assert.ok(header.height < 60, `the admin header stays one line at 1024 (${header.height}px)`);
    await page().setViewportSize({ width: 1366, height: 768 });
    await docShot(page(), 'promotions-1366x768', { viewport: true });
    const overflow = await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.is(overflow, 0, 'no sideways scroll at 1366');
    await page().setViewportSize({ width: 1024, height: 768 });

    // End asks first; dismissed, nothing changes; accepted, it is ENDED and has no Edit any more.
    page().once('dialog', (d) => void d.dismiss());
    await row.getByRole('button', { name: 'End' }).click();
    assert.is(await text(row.locator('.badge')), 'ACTIVE');
    page().once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'End' }).click();
    await page().getByText('Promotion Second pair 50% ended').waitFor();
    await row.locator('.badge', { hasText: 'ENDED' }).waitFor();
    assert.is(await row.getByRole('button', { name: 'Edit' }).count(), 0);
  });
});

test.run();
