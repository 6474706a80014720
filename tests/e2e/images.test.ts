// Journey through the image manager in Chromium: upload two photos, set primary, reorder by keyboard,
// edit alt text; then the ecommerce variant's backend test. Every step is checked against the API too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { openBrowser, shot, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

let server: TestServer;
let b: TestBrowser;
let productId: number;

const photo = (colour: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const imagesOf = async () =>
  (await server.t.admin.get(`/api/admin/images/products/${productId}/images`)).body.images as {
    id: number;
    alt: string | null;
    isPrimary: boolean;
    thumbUrl: string;
  }[];

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
  const r = await server.t.admin.post('/api/products', {
    item_name: 'Trail Runner Red',
    sku: 'TRR-43',
    size: '43',
    brand: 'Stride',
    material: 'Mesh',
    category: 'Running',
    selling_price: 129,
  });
  productId = r.body.product.id;
  await server.t.admin.post('/api/products', {
    item_name: 'Court Classic White',
    sku: 'CCW-41',
    size: '41',
    brand: 'Oakline',
    material: 'Leather',
    category: 'Casual',
    selling_price: 89,
  });
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

test('admin picks a product and uploads two images', async () => {
  const { page } = b;
  await step(page, 'images-upload', async () => {
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/admin/images`);
    await page.getByRole('heading', { name: 'Ecommerce' }).waitFor();
    await page.getByText('Manage product images and set primary images for your products.').waitFor();
    await page.getByPlaceholder('Search products by name, SKU, or any details...').fill('Trail');
    await page.locator('.product-option', { hasText: 'Trail Runner Red' }).click();
    await page.getByText('No images uploaded yet. Upload some images to get started.').waitFor();
    await page.getByText('PNG, JPG, WEBP up to 5MB each').waitFor();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'front-view.jpg', mimeType: 'image/jpeg', buffer: await photo('#c0392b', 1200, 900) },
      { name: 'side-view.jpg', mimeType: 'image/jpeg', buffer: await photo('#2980b9', 900, 1200) },
    ]);
    await page.locator('.image-card').nth(1).waitFor();
    assert.ok((await page.getByText('Image uploaded successfully!', { exact: true }).count()) >= 1);
    const images = await imagesOf();
    assert.equal(
      images.map((i) => [i.alt, i.isPrimary]),
      [
        ['front-view', true],
        ['side-view', false],
      ],
    );
    // The thumbnails load from /media.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.image-thumb')].every((i) => i.complete && i.naturalWidth > 0));
    const width = await page
      .locator('.image-thumb')
      .first()
      .evaluate((i) => (i as HTMLImageElement).naturalWidth);
    assert.ok(width > 0 && width <= 320);
    await shot(page, 'images-uploaded');
  });
});

test('admin sets the second image primary', async () => {
  const { page } = b;
  await step(page, 'images-primary', async () => {
    const second = page.locator('.image-card').nth(1);
    await second.getByRole('button', { name: 'Set Primary' }).click();
    await page.getByText('Image updated successfully!', { exact: true }).first().waitFor();
    await second.locator('.primary-badge').waitFor();
    assert.is(await page.locator('.primary-badge').count(), 1);
    const images = await imagesOf();
    assert.equal(
      images.map((i) => i.isPrimary),
      [false, true],
    );
    const prod = (await server.t.admin.get(`/api/products/${productId}`)).body.product;
    assert.is(prod.image_url, prod.images[0].url);
    assert.is(prod.images[0].id, images[1].id);
  });
});

test('admin reorders by keyboard: focus the handle, arrows in 25 px steps, Enter drops', async () => {
  const { page } = b;
  await step(page, 'images-reorder', async () => {
    const before = (await imagesOf()).map((i) => i.id);
    const handle = page.locator('.drag-handle').first();
    await handle.focus();
    await page.keyboard.press('Enter');
    const box = await page.locator('.image-card').first().boundingBox();
    // Move right by more than half a card so the second card's slot is nearest.
    const presses = Math.ceil((box!.width * 0.75) / 25) + 1;
    for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowRight');
    await page.locator('.image-card.is-drop-target').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Images reordered successfully!', { exact: true }).waitFor();
    const after = (await imagesOf()).map((i) => i.id);
    assert.equal(after, [before[1], before[0]]);
    await page.waitForFunction((id) => document.querySelector('.image-card')?.getAttribute('data-image-id') === String(id), after[0]);
  });
});

test('admin edits the alt text', async () => {
  const { page } = b;
  await step(page, 'images-alt', async () => {
    const card = page.locator('.image-card').nth(1);
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Alt text').fill('Trail Runner Red, front');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Trail Runner Red, front').waitFor();
    const id = Number(await card.getAttribute('data-image-id'));
    const images = await imagesOf();
    assert.is(images.find((i) => i.id === id)?.alt, 'Trail Runner Red, front');
    await shot(page, 'images-done');
  });
});

test('the ecommerce variant lists the same images and tests the backend', async () => {
  const { page } = b;
  await step(page, 'images-ecommerce', async () => {
    await page.getByRole('link', { name: 'Ecommerce' }).click();
    await page.waitForURL(`${server.url}/ecommerce`);
    await page.getByRole('button', { name: 'Test Backend Connection' }).click();
    await page.getByText('Backend connected! Kedai backend is running', { exact: true }).waitFor();
    await page.getByPlaceholder('Search products by name, SKU, or any details...').fill('TRR');
    await page.locator('.product-option', { hasText: 'Trail Runner Red' }).click();
    await page.locator('.image-card').nth(1).waitFor();
    await page.locator('input[type=file]').setInputFiles([
      {
        name: 'sole.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#27ae60' } })
          .png()
          .toBuffer(),
      },
    ]);
    await page.getByText('sole.png uploaded successfully!', { exact: true }).waitFor();
    await page.locator('.image-card').nth(2).waitFor();
    assert.is((await imagesOf()).length, 3);
    assert.equal(b.consoleErrors, []);
  });
});

test.run();
