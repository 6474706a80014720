// Photos per style (#30) over real HTTP: a photo uploaded through one size shows on every size of its style,
// through the spec's per-product routes, the products/styles JSON and the till's catalogue; one primary per
// style; delete. (Migration 003: tests/images-per-style-migration.test.ts.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { type HttpApp, httpRequest, listenHttp } from '../../tests/helpers/http.js';
import { multipart, picture } from './test-support.js';

let t: TestApp;
let h: HttpApp;
/** A style of three sizes (40, 41, 42) and another style of one. */
let style: { id: number; products: { id: number; size: string }[] };
let other: number;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  const made = await h.admin.post('/api/styles', {
    item_name: 'Samba OG',
    brand: 'Adidas',
    colour: 'Black',
    cost: 60,
    selling_price: 149,
    sku_prefix: 'SMB',
    sizes: [{ size: '40' }, { size: '41' }, { size: '42' }],
  });
  assert.is(made.status, 201, JSON.stringify(made.body));
  style = made.body.style;
  const one = await h.admin.post('/api/products', { item_name: 'Court Low', sku: 'CRT-40', size: '40', selling_price: 89 });
  other = one.body.product.id;
});
test.after(async () => {
  await t.close();
});

const sizeId = (size: string) => style.products.find((p) => p.size === size)!.id;
const adminList = (productId: number) => `/api/admin/images/products/${productId}/images`;

/** The admin screen's upload over HTTP: presign for the size, post the file with the ticket, attach. */
async function uploadThrough(productId: number, colour: string, alt: string) {
  const ticket = await h.admin.post('/api/admin/images/uploads/presign', { productId, contentType: 'image/png' });
  assert.is(ticket.status, 200, JSON.stringify(ticket.body));
  const form = await multipart(ticket.body.fields, { data: await picture('png', 200, 150, colour), name: `${alt}.png`, type: 'image/png' });
  const up = await httpRequest(h.port, 'POST', ticket.body.url, form.payload, form.headers);
  assert.is(up.status, 201, JSON.stringify(up.body));
  const attached = await h.admin.post(adminList(productId), { url: up.body.url, alt });
  assert.is(attached.status, 201, JSON.stringify(attached.body));
  return attached.body.image;
}

test("a photo uploaded through size 40 is listed through sizes 41 and 42 (both routes), as the style's", async () => {
  const first = await uploadThrough(sizeId('40'), '#222222', 'side');
  assert.is(first.productId, sizeId('40'));
  assert.is(first.styleId, style.id);
  assert.is(first.isPrimary, true, "the style's first photo is its primary");
  for (const size of ['40', '41', '42']) {
    const admin = await h.admin.get(adminList(sizeId(size)));
    assert.is(admin.status, 200);
    assert.equal(
      admin.body.images.map((i: { id: number }) => i.id),
      [first.id],
      size,
    );
    const shop = await h.admin.get(`/api/ecommerce/products/${sizeId(size)}/images`);
    assert.equal(
      shop.body.images.map((i: { id: number }) => i.id),
      [first.id],
      size,
    );
  }
  // Another style does not see it.
  assert.equal((await h.admin.get(adminList(other))).body.images, []);
});

test('uploads through other sizes join the same list; a ticket for size 41 may attach through size 42 (same style)', async () => {
  const proxy = await h.admin.post('/api/ecommerce/upload/proxy', {
    productId: sizeId('41'),
    fileData: (await picture('jpeg', 300, 200, '#884422')).toString('base64'),
    fileName: 'front.jpg',
    contentType: 'image/jpeg',
    alt: 'front',
  });
  assert.is(proxy.status, 201, JSON.stringify(proxy.body));
  assert.is(proxy.body.image.isPrimary, false, 'the style already has a primary');
  assert.is(proxy.body.image.position, 1);
  const ticket = await h.admin.post('/api/admin/images/uploads/presign', { productId: sizeId('41'), contentType: 'image/png' });
  const form = await multipart(ticket.body.fields, { data: await picture('png', 120, 120, '#22aa44'), name: 'sole.png', type: 'image/png' });
  const up = await httpRequest(h.port, 'POST', ticket.body.url, form.payload, form.headers);
  const attached = await h.admin.post(adminList(sizeId('42')), { url: up.body.url, alt: 'sole' });
  assert.is(attached.status, 201, JSON.stringify(attached.body));
  assert.is(attached.body.image.position, 2);
  // A ticket made for another style's product is refused.
  const foreign = await h.admin.post('/api/admin/images/uploads/presign', { productId: other, contentType: 'image/png' });
  const form2 = await multipart(foreign.body.fields, { data: await picture('png', 50, 50), name: 'x.png', type: 'image/png' });
  const up2 = await httpRequest(h.port, 'POST', foreign.body.url, form2.payload, form2.headers);
  assert.is((await h.admin.post(adminList(sizeId('40')), { url: up2.body.url })).status, 403);
  const list = (await h.admin.get(adminList(sizeId('42')))).body;
  assert.is(list.pagination.total, 3);
  assert.equal(
    list.images.map((i: { alt: string }) => i.alt),
    ['side', 'front', 'sole'],
  );
});

test("one primary per style: set through size 42, the catalogue's image_url follows on every size", async () => {
  const images = (await h.admin.get(adminList(sizeId('40')))).body.images;
  const sole = images.find((i: { alt: string }) => i.alt === 'sole');
  const set = await h.admin.patch(`${adminList(sizeId('42'))}/${sole.id}`, { isPrimary: true });
  assert.is(set.status, 200, JSON.stringify(set.body));
  const after = (await h.admin.get(adminList(sizeId('41')))).body.images;
  assert.equal(
    after.filter((i: { isPrimary: boolean }) => i.isPrimary).map((i: { id: number }) => i.id),
    [sole.id],
  );
  const primaries = t.app.db.prepare('SELECT count(*) FROM images_product_image WHERE style_id = ? AND is_primary = 1').pluck().get(style.id);
  assert.is(primaries, 1);
  // The ecommerce Set Primary (no product in the path) moves it back.
  const side = images.find((i: { alt: string }) => i.alt === 'side');
  assert.is((await h.admin.patch(`/api/ecommerce/images/${side.id}/primary`)).status, 200);
  assert.is((await h.admin.patch(`/api/ecommerce/images/${sole.id}/primary`)).status, 200);

  // The till's catalogue (GET /api/styles, as the POS loads it) and each product: the style's primary.
  const pos = (await h.staff.get('/api/styles?pageSize=200')).body.styles.find((s: { id: number }) => s.id === style.id);
  assert.is(pos.image_url, sole.url, "the style card's photo");
  assert.is(pos.products.length, 3);
  for (const p of pos.products) {
    assert.is(p.image_url, sole.url, `size ${p.size}`);
    assert.equal(p.images[0], { id: sole.id, url: sole.url, thumbUrl: sole.thumbUrl, alt: 'sole', isPrimary: true }, `size ${p.size}`);
    assert.is(p.images.length, 3);
    assert.is((await h.staff.get(`/api/products/${p.id}`)).body.product.image_url, sole.url);
  }
  // A size added to the style later shows the style's photos at once.
  const added = await h.admin.post(`/api/styles/${style.id}/sizes`, { sizes: [{ size: '43' }] });
  assert.is(added.status, 201, JSON.stringify(added.body));
  const size43 = added.body.style.products.find((p: { size: string }) => p.size === '43');
  assert.is(size43.image_url, sole.url);
  assert.is((await h.admin.get(adminList(size43.id))).body.pagination.total, 3);
  const other40 = (await h.staff.get(`/api/products/${other}`)).body.product;
  assert.is(other40.image_url, null);
});

test('reorder and delete through any size; deleting the primary promotes the next of the style', async () => {
  const images = (await h.admin.get(adminList(sizeId('40')))).body.images as { id: number; alt: string; url: string; isPrimary: boolean }[];
  const reversed = images.map((i) => i.id).reverse();
  const re = await h.admin.patch(`${adminList(sizeId('41'))}/reorder`, { imageIds: reversed });
  assert.is(re.status, 200, JSON.stringify(re.body));
  assert.equal(
    re.body.images.map((i: { id: number }) => i.id),
    reversed,
  );
  // A photo of this style is not another style's to delete.
  const sole = images.find((i) => i.alt === 'sole')!;
  assert.is((await h.admin.delete(`${adminList(other)}/${sole.id}`)).status, 404);
  assert.ok(sole.isPrimary);
  const del = await h.admin.delete(`${adminList(sizeId('40'))}/${sole.id}`);
  assert.is(del.status, 200);
  assert.is((await h.anon.get(sole.url)).status, 404, 'its files are gone');
  const left = (await h.admin.get(adminList(sizeId('42')))).body.images as typeof images;
  assert.equal(
    left.map((i) => i.alt),
    ['front', 'side'],
  );
  assert.equal(
    left.map((i) => i.isPrimary),
    [true, false],
    'the next by position took over',
  );
  const front = left[0];
  assert.is((await h.staff.get(`/api/products/${sizeId('41')}`)).body.product.image_url, front.url);
  assert.is((await h.admin.delete(`/api/ecommerce/images/${front.id}`)).status, 200);
  assert.is((await h.staff.get(`/api/styles/${style.id}`)).body.style.image_url, left[1].url);
});

test("an archived size's uploads stay the style's; routes through the archived size answer 404", async () => {
  const size40 = sizeId('40');
  const before = (await h.admin.get(adminList(sizeId('42')))).body.images as { id: number }[];
  assert.is((await h.admin.delete(`/api/products/${size40}`)).status, 200);
  assert.is((await h.admin.get(adminList(size40))).status, 404);
  const after = (await h.admin.get(adminList(sizeId('42')))).body.images as { id: number }[];
  assert.equal(
    after.map((i) => i.id),
    before.map((i) => i.id),
  );
  // The photo uploaded through the archived size can still be made primary from the ecommerce screen.
  assert.is((await h.admin.patch(`/api/ecommerce/images/${after[0].id}/primary`)).status, 200);
});

test.run();
