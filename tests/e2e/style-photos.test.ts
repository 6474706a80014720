// Photos per style (#30) in Chromium at 1366x768: /admin/images picks a style (its sizes listed under it), photos
// uploaded there belong to every size of the style (checked through another size's route), and the POS card of
// the style shows the primary photo's thumbnail.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;
let style: { id: number; products: { id: number; size: string }[] };

const SIZES = ['38', '39', '40', '41', '42'];
const photo = (colour: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const sizeId = (size: string) => style.products.find((p) => p.size === size)!.id;
const imagesThrough = async (size: string) =>
  (await server.t.admin.get(`/api/admin/images/products/${sizeId(size)}/images`)).body.images as {
    id: number;
    alt: string | null;
    isPrimary: boolean;
    thumbUrl: string;
    productId: number;
    styleId: number;
  }[];

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1366, height: 768 });
  const made = await server.t.admin.post('/api/styles', {
    item_name: 'Derby Classic',
    brand: 'Oakline',
    category: 'Formal',
    material: 'Leather',
    colour: 'Brown',
    cost: 70,
    selling_price: 189,
    sku_prefix: 'DRB-BR',
    sizes: SIZES.map((size) => ({ size, stock_qty: 3 })),
  });
  assert.is(made.status, 201, JSON.stringify(made.body));
  style = made.body.style;
  await server.t.admin.post('/api/styles', {
    item_name: 'Derby Classic',
    brand: 'Oakline',
    category: 'Formal',
    material: 'Leather',
    colour: 'Black',
    cost: 70,
    selling_price: 189,
    sku_prefix: 'DRB-BK',
    sizes: [{ size: '40' }, { size: '41' }],
  });
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

test('the admin images screen lists styles with their sizes under each and picks one', async () => {
  const { page } = b;
  await step(page, 'style-photos-pick', async () => {
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/admin/images`);
    await page.getByRole('heading', { name: 'Ecommerce' }).waitFor();
    await page.getByPlaceholder('Search products by name, SKU, or any details...').fill('Derby');
    const brown = page.locator(`.product-option[data-style-id="${style.id}"]`);
    await brown.waitFor();
    // One option per style (two colourways), not one per size (seven sizes).
    await page.waitForFunction(() => document.querySelectorAll('.product-option').length === 2);
    assert.equal(await brown.locator('.size-chip').allTextContents(), SIZES);
    assert.match((await brown.textContent()) ?? '', /SKU: DRB-BR · Brown · Oakline · Leather · Formal/);
    const box = await brown.boundingBox();
    assert.ok(box && box.height >= 44 && box.width > 600, `a style option is a finger-sized target: ${JSON.stringify(box)}`);
    await docShot(page, 'images-style-picker', { viewport: true });
    await brown.click();
    await page.getByText('No images uploaded yet. Upload some images to get started.').waitFor();
    assert.equal(await page.locator('.product-selected .size-chip').allTextContents(), SIZES);
    assert.is(await page.locator('.product-selected').getAttribute('data-style-id'), String(style.id));
    const change = await page.getByRole('button', { name: 'Change Product' }).boundingBox();
    assert.ok(change && change.height >= 44, `Change Product: ${JSON.stringify(change)}`);
  });
});

test('photos uploaded for the style show through every size; Set Primary is per style', async () => {
  const { page } = b;
  await step(page, 'style-photos-upload', async () => {
    await page.locator('input[type=file]').setInputFiles([
      { name: 'derby-side.jpg', mimeType: 'image/jpeg', buffer: await photo('#7b4a2a', 1200, 900) },
      { name: 'derby-top.jpg', mimeType: 'image/jpeg', buffer: await photo('#a0522d', 900, 1200) },
    ]);
    await page.locator('.image-card').nth(1).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.image-thumb')].every((i) => i.complete && i.naturalWidth > 0));
    // The screen uploads through the style's first size; every other size lists the same photos.
    for (const size of SIZES) {
      const images = await imagesThrough(size);
      assert.equal(
        images.map((i) => [i.alt, i.isPrimary, i.styleId]),
        [
          ['derby-side', true, style.id],
          ['derby-top', false, style.id],
        ],
        `size ${size}`,
      );
    }
    await page.locator('.image-card').nth(1).getByRole('button', { name: 'Set Primary' }).click();
    await page.getByText('Image updated successfully!', { exact: true }).first().waitFor();
    await page.locator('.image-card').nth(1).locator('.primary-badge').waitFor();
    const after = await imagesThrough('42');
    assert.equal(
      after.map((i) => i.isPrimary),
      [false, true],
    );
    for (const size of SIZES) {
      const p = (await server.t.staff.get(`/api/products/${sizeId(size)}`)).body.product;
      assert.is(p.images[0].id, after[1].id, `size ${size} shows the style's primary`);
    }
    // The chosen style's head shows the primary photo now set.
    await page.waitForFunction((src) => document.querySelector('.product-selected-thumb')?.getAttribute('src') === src, after[1].thumbUrl);
    // The toasts gone, so the shot shows the chosen style's head.
    await page.waitForFunction(() => document.querySelectorAll('.toast').length === 0, undefined, { timeout: 15_000 });
    await docShot(page, 'images-style-photos', { viewport: true });
  });
});

test("the POS card of the style shows the primary photo's thumbnail", async () => {
  const { page } = b;
  await step(page, 'style-photos-pos', async () => {
    const primary = (await imagesThrough('39')).find((i) => i.isPrimary)!;
    await page.goto(`${server.url}/`);
    const card = page.locator(`.pos-card[data-style-id="${style.id}"]`);
    await card.waitFor();
    const img = card.locator('img.pos-thumb');
    assert.is(await img.getAttribute('src'), primary.thumbUrl);
    await page.waitForFunction((id) => {
      const i = document.querySelector<HTMLImageElement>(`.pos-card[data-style-id="${id}"] img.pos-thumb`);
      return !!i && i.complete && i.naturalWidth > 0;
    }, style.id);
    assert.ok((await img.evaluate((i) => (i as HTMLImageElement).naturalWidth)) <= 320, 'the thumbnail, not the display size');
    assert.equal(b.consoleErrors, []);
  });
});

test.run();
