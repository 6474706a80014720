// Barcodes and shoebox labels (#30.3, #30.4) in Chromium at 1366x768: the Settings screen's Barcodes card refuses
// a bad GS1 prefix in place; a style's sizes row has 'Generate barcodes', which fills the sizes without a code with
// in-store EAN-13s (shown in the table, the same as the API); 'Print shoebox labels' opens the Labels screen on the
// style in the shoebox format and 'Print Style Labels' opens a PDF whose EAN-13s decode back to those codes.
// Screenshot: docs/screens/style-barcodes.png (with KEDAI_UPDATE_SCREENS=1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeEan13 } from '../../core/pdf/code128-decode.js';
import { pdfImages } from '../../core/pdf/pdf-images.js';
import { docShot, openBrowser, signIn, startServer, step, type TestBrowser, type TestServer } from './harness.js';

const NAME = 'Box Label Runner';
let server: TestServer;
let b: TestBrowser;
let styleId: number;

test.before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.page.setViewportSize({ width: 1366, height: 768 });
  const r = await server.t.admin.post('/api/styles', {
    item_name: NAME,
    colour: 'Brown',
    cost: 40,
    selling_price: 129.9,
    sku_prefix: 'BLR',
    sizes: [{ size: 'EU 40' }, { size: 'EU 41', barcode: '4006381333931' }, { size: 'EU 42' }],
  });
  styleId = r.body.style.id;
});

test.after(async () => {
  await b?.close();
  await server?.close();
});

test('Settings: the Barcodes card refuses a bad GS1 company prefix in place; empty = in-store codes', async () => {
  const page = b.page;
  await step(page, 'barcodes-settings', async () => {
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/settings`);
    const card = page.locator('article.barcode-prefix');
    await card.getByRole('heading', { name: 'Barcodes' }).waitFor();
    const field = card.getByLabel('GS1 company prefix');
    assert.is(await field.inputValue(), '');
    await field.fill('20123');
    await card.getByRole('button', { name: 'Save Barcode Prefix' }).click();
    await card.getByText('Enter 6 to 10 digits, or leave empty').waitFor();
    await field.fill('');
    await card.getByRole('button', { name: 'Save Barcode Prefix' }).click();
    await page.getByText('Settings saved successfully!').first().waitFor();
    assert.is((await server.t.admin.get('/api/settings')).body.settings.gs1_company_prefix, '');
  });
});

test("a style's 'Generate barcodes' fills its sizes; 'Print shoebox labels' prints EAN-13s that decode back", async () => {
  const page = b.page;
  await step(page, 'barcodes-generate', async () => {
    await page.goto(`${server.url}/inventory?view=styles`);
    await page.getByPlaceholder(/Search styles/).fill('Box Label');
    const row = page.locator('tr[data-style-id]', { hasText: NAME });
    await row.getByRole('button', { name: 'Show sizes' }).click();
    const sizesRow = page.locator(`#style-${styleId}-sizes`);
    await sizesRow.getByText('2 of 3 sizes have no barcode.').waitFor();
    const generate = sizesRow.getByRole('button', { name: 'Generate barcodes' });
    const box = (await generate.boundingBox())!;
    assert.ok(box.height >= 44 && box.width >= 44, `touch size ${box.width}x${box.height}`);
    await generate.click();
    await sizesRow.getByText('Every size has a barcode.').waitFor();
    assert.ok(await generate.isDisabled(), 'nothing left to generate');
    const style = (await server.t.admin.get(`/api/styles/${styleId}`)).body.style;
    const codes: Record<string, string> = Object.fromEntries(style.products.map((p: { size: string; barcode: string }) => [p.size, p.barcode]));
    assert.match(codes['EU 40'], /^20\d{11}$/);
    assert.match(codes['EU 42'], /^20\d{11}$/);
    assert.is(codes['EU 41'], '4006381333931', "the brand's code is kept");
    const table = page.getByRole('table', { name: `Sizes of ${NAME}` });
    for (const [size, code] of Object.entries(codes)) {
      assert.ok(((await table.locator('tbody tr', { hasText: size }).textContent()) ?? '').includes(code), `${size} shows ${code}`);
    }
    await docShot(page, 'style-barcodes', { viewport: true });

    await sizesRow.getByRole('button', { name: 'Print shoebox labels' }).click();
    await page.waitForURL(new RegExp(`/labels\\?style_id=${styleId}$`));
    await page.getByText(`Style: ${NAME}`).waitFor();
    assert.is(await page.getByLabel('Format').inputValue(), 'shoebox');
    const [popup] = await Promise.all([b.context.waitForEvent('page'), page.getByRole('button', { name: 'Print Style Labels' }).click()]);
    const url = new URL(popup.url());
    assert.is(url.pathname, '/api/labels.pdf');
    assert.is(url.searchParams.get('style_id'), String(styleId));
    assert.is(url.searchParams.get('format'), 'shoebox');
    const pdf = await page.request.get(popup.url());
    assert.is(pdf.status(), 200);
    await popup.close();
    const images = await pdfImages(Buffer.from(await pdf.body()));
    const decoded = await Promise.all(images.map((i) => decodeEan13(i)));
    assert.equal(decoded, [codes['EU 40'], codes['EU 41'], codes['EU 42']], 'one label a size, in size order');
  });
});

test.run();
