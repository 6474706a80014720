// API tests of the images plugin: ticket and proxy uploads, served variants, primary, order, delete, refusals.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { newFileId } from './file-store.js';
import { signTicket, ticketKey } from './ticket.js';
import { multipart, noisyPng, picture, postUpload, presign, product, proxyUpload, uploadAndAttach } from './test-support.js';

let t: TestApp;
let shoe: number;
let boot: number;

test.before(async () => {
  t = await testApp();
  shoe = await product(t, 'Runner Blue 42', 'RUN-42');
  boot = await product(t, 'Chelsea Boot 40', 'CHB-40');
});
test.after(async () => {
  await t.close();
});

const imagesUrl = (productId: number) => `/api/admin/images/products/${productId}/images`;
const filesOf = (url: string) => {
  const id = /\/media\/([0-9a-f]{32})\./.exec(url)![1];
  return ['display', 'thumb'].map((v) => path.join(t.dataDir, 'images', `${id}.${v}.webp`));
};

test('admin upload: presign, multipart post with the ticket, attach; variants served as webp', async () => {
  const ticket = await presign(t, shoe, 'image/jpeg');
  assert.is(ticket.url, '/api/admin/images/uploads');
  assert.match(ticket.cdnUrl, /^\/media\/[0-9a-f]{32}\.display\.webp$/);
  assert.equal(Object.keys(ticket.fields).sort(), ['contentType', 'expires', 'key', 'maxSize', 'productId', 'signature']);
  assert.is(ticket.fields.maxSize, String(5 * 1024 * 1024));
  const expires = Number(ticket.fields.expires) - Date.now() / 1000;
  assert.ok(expires > 590 && expires <= 600, `expires in 10 minutes (${expires})`);

  const up = await postUpload(t, ticket.url, ticket.fields, await picture('jpeg', 3000, 2000), 'big-photo.jpg');
  assert.is(up.status, 201);
  assert.is(up.body.url, ticket.cdnUrl);
  assert.is(up.body.fileId, ticket.fields.key);

  const attached = await t.admin.post(imagesUrl(shoe), { url: up.body.url, alt: 'big-photo' });
  assert.is(attached.status, 201);
  const image = attached.body.image;
  assert.is(image.url, ticket.cdnUrl);
  assert.is(image.alt, 'big-photo');
  assert.is(image.isPrimary, true, 'the first image becomes primary');
  assert.equal([image.width, image.height], [1600, 1067]);

  const display = await t.anon.get(image.url);
  assert.is(display.status, 200);
  assert.is(display.headers['content-type'], 'image/webp');
  assert.is(display.headers['x-content-type-options'], 'nosniff');
  assert.match(String(display.headers['cache-control']), /max-age=31536000/);
  const dm = await sharp(display.raw).metadata();
  assert.is(dm.format, 'webp');
  assert.ok(dm.width! <= 1600 && dm.height! <= 1600);
  const thumb = await t.anon.get(image.thumbUrl);
  assert.is(thumb.status, 200);
  const tm = await sharp(thumb.raw).metadata();
  assert.is(tm.format, 'webp');
  assert.equal([tm.width, tm.height], [320, 213]);

  const list = await t.admin.get(imagesUrl(shoe));
  assert.is(list.status, 200);
  assert.is(list.body.images.length, 1);
  const row = list.body.images[0];
  for (const k of ['id', 'url', 'thumbUrl', 'alt', 'isPrimary', 'position', 'width', 'height']) assert.ok(k in row, k);
});

test('products API shows images[] and image_url after upload', async () => {
  const r = await t.admin.get(`/api/products/${shoe}`);
  const p = r.body.product;
  assert.is(p.images.length, 1);
  assert.is(p.image_url, p.images[0].url);
  assert.match(p.image_url, /^\/media\/[0-9a-f]{32}\.display\.webp$/);
  assert.match(p.images[0].thumbUrl, /\.thumb\.webp$/);
  assert.is(p.images[0].isPrimary, true);
  const listed = (await t.staff.get('/api/products?search=RUN-42')).body;
  assert.ok(listed.products.some((x: { id: number; image_url: string }) => x.id === shoe && x.image_url === p.image_url));
});

test('proxy upload (base64) creates the image directly', async () => {
  const r = await proxyUpload(t, boot, await picture('png', 500, 400), 'boot.png', 'image/png');
  assert.is(r.status, 201);
  assert.is(r.body.image.isPrimary, true);
  assert.equal([r.body.image.width, r.body.image.height], [500, 400]);
  const list = await t.admin.get(`/api/ecommerce/products/${boot}/images`);
  assert.is(list.status, 200);
  assert.equal(
    list.body.images.map((i: { id: number }) => i.id),
    [r.body.image.id],
  );
  const served = await t.anon.get(r.body.image.url);
  assert.is(served.headers['content-type'], 'image/webp');
  // A data: URL prefix, as FileReader produces, is accepted too.
  const png = await picture('png', 50, 50);
  const withPrefix = await t.admin.post('/api/ecommerce/upload/proxy', {
    productId: boot,
    fileData: `data:image/png;base64,${png.toString('base64')}`,
    fileName: 'x.png',
    contentType: 'image/png',
  });
  assert.is(withPrefix.status, 201);
  assert.is(withPrefix.body.image.isPrimary, false);
  await t.admin.delete(`/api/ecommerce/images/${withPrefix.body.image.id}`);
});

test('GPS EXIF is removed and orientation applied (ticket and proxy)', async () => {
  const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#16a085' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'GPS Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '103/1 51/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const inMeta = await sharp(jpeg).metadata();
  assert.is(inMeta.orientation, 6);
  assert.ok(inMeta.exif!.includes(Buffer.from('SecretCam')));
  const viaTicket = (await uploadAndAttach(t, boot, jpeg, 'gps')).body.image;
  const viaProxy = (await proxyUpload(t, boot, jpeg, 'gps.jpg')).body.image;
  for (const img of [viaTicket, viaProxy]) {
    assert.equal([img.width, img.height], [200, 400], 'portrait after rotation');
    for (const url of [img.url, img.thumbUrl]) {
      const raw = (await t.anon.get(url)).raw;
      const m = await sharp(raw).metadata();
      assert.is(m.exif, undefined);
      assert.is(m.orientation, undefined);
      assert.ok(m.height! > m.width!);
      assert.not.ok(raw.includes(Buffer.from('SecretCam')));
    }
  }
  for (const img of [viaTicket, viaProxy]) assert.is((await t.admin.delete(`${imagesUrl(boot)}/${img.id}`)).status, 200);
});

test('a PNG named .jpg and declared image/jpeg is accepted by its content', async () => {
  const png = await picture('png', 64, 48);
  const ticket = await presign(t, boot, 'image/jpeg');
  const up = await postUpload(t, ticket.url, ticket.fields, png, 'really-a-png.jpg', 'image/jpeg');
  assert.is(up.status, 201);
  const att = await t.admin.post(imagesUrl(boot), { url: up.body.url, alt: null });
  assert.is(att.status, 201);
  assert.is(att.body.image.alt, null);
  const viaProxy = await proxyUpload(t, boot, png, 'really-a-png.jpg', 'image/jpeg');
  assert.is(viaProxy.status, 201);
  for (const id of [att.body.image.id, viaProxy.body.image.id]) await t.admin.delete(`${imagesUrl(boot)}/${id}`);
});

test('text, SVG and GIF are refused with 415; 6 MB with 413; nothing is stored', async () => {
  const before = fs.readdirSync(path.join(t.dataDir, 'images')).length;
  const rows = () => t.app.db.prepare('SELECT (SELECT count(*) FROM images_product_image) + (SELECT count(*) FROM images_upload)').pluck().get();
  const rowsBefore = rows();
  const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  const bad: [string, Buffer, string][] = [
    ['notes.txt', Buffer.from('hello, not a picture'), 'image/png'],
    ['logo.svg', svg, 'image/svg+xml'],
    ['anim.gif', await picture('gif', 40, 40), 'image/gif'],
  ];
  for (const [name, data, type] of bad) {
    const ticket = await presign(t, shoe, type);
    const up = await postUpload(t, ticket.url, ticket.fields, data, name, type);
    assert.is(up.status, 415, `${name} via ticket`);
    assert.is(up.body.error, 'Only JPEG, PNG and WebP images are allowed');
    const px = await proxyUpload(t, shoe, data, name, type);
    assert.is(px.status, 415, `${name} via proxy`);
  }
  // A declared type that is not an image at all is refused when the ticket is asked for.
  assert.is((await t.admin.post('/api/admin/images/uploads/presign', { productId: shoe, contentType: 'text/plain' })).status, 415);

  const big = await noisyPng(6 * 1024 * 1024);
  assert.ok(big.length > 6 * 1024 * 1024);
  const ticket = await presign(t, shoe, 'image/png');
  const up = await postUpload(t, ticket.url, ticket.fields, big, 'huge.png', 'image/png');
  assert.is(up.status, 413);
  assert.is(up.body.error, 'Image is too large (max 5MB)');
  assert.is((await proxyUpload(t, shoe, big, 'huge.png', 'image/png')).status, 413);
  // Just over 5 MB decoded still fits the proxy's body limit: refused by the decoded size.
  const over = (await noisyPng(5 * 1024 * 1024 + 100)).subarray(0, 5 * 1024 * 1024 + 1);
  const overReply = await proxyUpload(t, shoe, over, 'over.png', 'image/png');
  assert.is(overReply.status, 413);
  assert.is(overReply.body.error, 'Image is too large (max 5MB)');

  assert.is(fs.readdirSync(path.join(t.dataDir, 'images')).length, before);
  assert.is(rows(), rowsBefore);
});

test('tampered, expired and other-product tickets are refused with 403', async () => {
  const jpeg = await picture('jpeg', 100, 100);
  const ticket = await presign(t, shoe);
  const tampered = [
    { ...ticket.fields, productId: String(boot) },
    { ...ticket.fields, maxSize: String(50 * 1024 * 1024) },
    { ...ticket.fields, expires: String(Number(ticket.fields.expires) + 86400) },
    { ...ticket.fields, key: newFileId() },
    { ...ticket.fields, signature: ticket.fields.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
    Object.fromEntries(Object.entries(ticket.fields).filter(([k]) => k !== 'signature')),
    {},
  ];
  for (const fields of tampered) {
    const r = await postUpload(t, ticket.url, fields as Record<string, string>, jpeg);
    assert.is(r.status, 403, JSON.stringify(fields));
  }
  // Expired: signed with this shop's key, but 10 minutes are over.
  const key = ticketKey(fs.readFileSync(path.join(t.dataDir, 'secret.key'), 'utf8').trim());
  const old = signTicket(key, {
    fileId: newFileId(),
    productId: shoe,
    contentType: 'image/jpeg',
    maxSize: 5 * 1024 * 1024,
    expires: Math.floor(Date.now() / 1000) - 1,
  });
  const expired = await postUpload(t, ticket.url, old as unknown as Record<string, string>, jpeg);
  assert.is(expired.status, 403);
  assert.is(expired.body.error, 'Upload ticket has expired');
  // The untampered ticket still works once, and only once.
  const ok = await postUpload(t, ticket.url, ticket.fields, jpeg);
  assert.is(ok.status, 201);
  assert.is((await postUpload(t, ticket.url, ticket.fields, jpeg)).status, 403);
  // A file uploaded for the shoe cannot be attached to the boot.
  const other = await t.admin.post(imagesUrl(boot), { url: ok.body.url, alt: 'x' });
  assert.is(other.status, 403);
  assert.is((await t.admin.post('/api/ecommerce/images', { productId: boot, url: ok.body.url, alt: 'x', isPrimary: true })).status, 403);
  // Fields after the file are not a ticket.
  const late = await multipart({}, { data: jpeg, name: 'a.jpg', type: 'image/jpeg' });
  assert.is((await t.app.inject({ method: 'POST', url: ticket.url, ...late })).statusCode, 403);
  // Attached through the ecommerce call, with isPrimary; then it cannot be attached again.
  const att = await t.admin.post('/api/ecommerce/images', { productId: shoe, url: ok.body.url, alt: 'side', isPrimary: true });
  assert.is(att.status, 201);
  assert.is(att.body.image.isPrimary, true);
  assert.is((await t.admin.post(imagesUrl(shoe), { url: ok.body.url })).status, 400);
  assert.is((await t.admin.post(imagesUrl(shoe), { url: 'https://example.com/cat.jpg' })).status, 400);
  assert.is((await t.admin.post(imagesUrl(shoe), { url: `/media/${newFileId()}.display.webp` })).status, 400);
  await t.admin.delete(`/api/ecommerce/images/${att.body.image.id}`);
});

test('one primary per product: API moves it, the database refuses a second', async () => {
  const p = await product(t, 'Sandal 38', 'SAN-38');
  const a = (await uploadAndAttach(t, p, await picture('jpeg', 120, 100, '#111111'), 'a')).body.image;
  const b = (await uploadAndAttach(t, p, await picture('jpeg', 120, 100, '#222222'), 'b')).body.image;
  const c = (await proxyUpload(t, p, await picture('jpeg', 120, 100, '#333333'), 'c.jpg')).body.image;
  assert.equal([a.isPrimary, b.isPrimary, c.isPrimary], [true, false, false]);
  assert.equal([a.position, b.position, c.position], [0, 1, 2]);

  const setB = await t.admin.patch(`${imagesUrl(p)}/${b.id}`, { isPrimary: true });
  assert.is(setB.status, 200);
  assert.is(setB.body.image.isPrimary, true);
  const primaries = () => t.app.db.prepare('SELECT id FROM images_product_image WHERE product_id = ? AND is_primary = 1').pluck().all(p);
  assert.equal(primaries(), [b.id]);
  const prod = (await t.admin.get(`/api/products/${p}`)).body.product;
  assert.is(prod.image_url, b.url, 'image_url is the primary');
  assert.equal(
    prod.images.map((i: { id: number }) => i.id),
    [b.id, a.id, c.id],
    'primary first, then position',
  );

  const setC = await t.admin.patch(`/api/ecommerce/images/${c.id}/primary`);
  assert.is(setC.status, 200);
  assert.equal(primaries(), [c.id]);
  assert.is((await t.admin.patch(`${imagesUrl(p)}/${c.id}`, { isPrimary: false })).status, 400);

  let err: { code?: string } | undefined;
  try {
    t.app.db.prepare('UPDATE images_product_image SET is_primary = 1 WHERE id = ?').run(a.id);
  } catch (e) {
    err = e as { code?: string };
  }
  assert.is(err?.code, 'SQLITE_CONSTRAINT_UNIQUE');
  assert.equal(primaries(), [c.id]);
});

test('reorder saves the full order; a wrong id set is 400', async () => {
  const p = await product(t, 'Loafer 41', 'LOA-41');
  const ids: number[] = [];
  for (const colour of ['#aa0000', '#00aa00', '#0000aa']) ids.push((await proxyUpload(t, p, await picture('jpeg', 80, 80, colour))).body.image.id);
  const order = [ids[2], ids[0], ids[1]];
  const r = await t.admin.patch(`${imagesUrl(p)}/reorder`, { imageIds: order });
  assert.is(r.status, 200);
  assert.equal(
    r.body.images.map((i: { id: number }) => i.id),
    order,
  );
  const list = await t.admin.get(imagesUrl(p));
  assert.equal(
    list.body.images.map((i: { id: number }) => i.id),
    order,
  );
  assert.equal(
    list.body.images.map((i: { position: number }) => i.position),
    [0, 1, 2],
  );
  const prod = (await t.admin.get(`/api/products/${p}`)).body.product;
  assert.equal(
    prod.images.map((i: { id: number }) => i.id),
    [ids[0], ids[2], ids[1]],
    'primary first, then the new order',
  );

  const foreign = (await t.admin.get(imagesUrl(boot))).body.images[0]?.id ?? 999999;
  for (const wrong of [[ids[0], ids[1]], [...ids, ids[0]], [ids[0], ids[1], foreign], [ids[0], ids[0], ids[1]], []]) {
    const bad = await t.admin.patch(`${imagesUrl(p)}/reorder`, { imageIds: wrong });
    assert.is(bad.status, 400, JSON.stringify(wrong));
    assert.is(bad.body.details.field, 'imageIds');
  }
  assert.equal(
    (await t.admin.get(imagesUrl(p))).body.images.map((i: { id: number }) => i.id),
    order,
    'unchanged',
  );
});

test('alt text is saved; deleting removes the files and promotes the next by position', async () => {
  const p = await product(t, 'Slipper 39', 'SLI-39');
  const imgs = [];
  for (const colour of ['#123456', '#654321', '#abcdef'])
    imgs.push((await uploadAndAttach(t, p, await picture('webp', 90, 90, colour), colour, 'image/webp')).body.image);
  const edited = await t.admin.patch(`${imagesUrl(p)}/${imgs[1].id}`, { alt: '  Side view  ' });
  assert.is(edited.status, 200);
  assert.is(edited.body.image.alt, 'Side view');
  assert.is((await t.admin.patch(`${imagesUrl(p)}/${imgs[1].id}`, { alt: '' })).body.image.alt, null);
  assert.is((await t.admin.patch(`${imagesUrl(p)}/${imgs[1].id}`, {})).status, 400);
  assert.is((await t.admin.patch(`${imagesUrl(p)}/${imgs[1].id}`, { alt: 'x'.repeat(501) })).status, 400);
  await t.admin.patch(`${imagesUrl(p)}/reorder`, { imageIds: [imgs[0].id, imgs[2].id, imgs[1].id] });

  const files = filesOf(imgs[0].url);
  assert.ok(files.every((f) => fs.existsSync(f)));
  const del = await t.admin.delete(`${imagesUrl(p)}/${imgs[0].id}`);
  assert.is(del.status, 200);
  assert.ok(
    files.every((f) => !fs.existsSync(f)),
    'files deleted',
  );
  assert.is((await t.anon.get(imgs[0].url)).status, 404);
  const left = (await t.admin.get(imagesUrl(p))).body.images;
  assert.equal(
    left.map((i: { id: number; isPrimary: boolean }) => [i.id, i.isPrimary]),
    [
      [imgs[2].id, true],
      [imgs[1].id, false],
    ],
  );

  // The ecommerce delete, and an image id under the wrong product.
  assert.is((await t.admin.delete(`${imagesUrl(boot)}/${imgs[1].id}`)).status, 404);
  const files2 = filesOf(imgs[2].url);
  assert.is((await t.admin.delete(`/api/ecommerce/images/${imgs[2].id}`)).status, 200);
  assert.ok(files2.every((f) => !fs.existsSync(f)));
  assert.is((await t.admin.delete(`/api/ecommerce/images/${imgs[2].id}`)).status, 404);
  const prod = (await t.admin.get(`/api/products/${p}`)).body.product;
  assert.equal(
    prod.images.map((i: { id: number; isPrimary: boolean }) => [i.id, i.isPrimary]),
    [[imgs[1].id, true]],
  );
});

test('USER gets 403 and anonymous 401 on every image route; media is public', async () => {
  const img = (await t.admin.get(imagesUrl(shoe))).body.images[0];
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/admin/images/uploads/presign', { productId: shoe, contentType: 'image/jpeg' }],
    ['GET', imagesUrl(shoe)],
    ['POST', imagesUrl(shoe), { url: img.url, alt: 'x' }],
    ['PATCH', `${imagesUrl(shoe)}/${img.id}`, { isPrimary: true }],
    ['PATCH', `${imagesUrl(shoe)}/reorder`, { imageIds: [img.id] }],
    ['DELETE', `${imagesUrl(shoe)}/${img.id}`],
    ['GET', `/api/ecommerce/products/${shoe}/images`],
    ['POST', '/api/ecommerce/images', { productId: shoe, url: img.url, alt: 'x', isPrimary: true }],
    ['DELETE', `/api/ecommerce/images/${img.id}`],
    ['PATCH', `/api/ecommerce/images/${img.id}/primary`, {}],
    ['POST', '/api/ecommerce/upload/proxy', { productId: shoe, fileData: 'aGVsbG8=', fileName: 'a.jpg', contentType: 'image/jpeg' }],
    ['GET', '/api/ecommerce/test'],
  ];
  for (const [method, url, body] of calls) {
    const as = async (c: typeof t.staff) =>
      method === 'GET' ? c.get(url) : method === 'DELETE' ? c.delete(url) : method === 'PATCH' ? c.patch(url, body) : c.post(url, body);
    assert.is((await as(t.staff)).status, 403, `USER ${method} ${url}`);
    assert.is((await as(t.anon)).status, 401, `anon ${method} ${url}`);
  }
  // The upload endpoint needs a ticket, whoever posts it.
  const noTicket = await multipart({}, { data: await picture('jpeg', 10, 10), name: 'a.jpg', type: 'image/jpeg' });
  const staffPost = await t.app.inject({
    method: 'POST',
    url: '/api/admin/images/uploads',
    ...noTicket,
    headers: { ...noTicket.headers, authorization: `Bearer ${t.staff.token}` },
  });
  assert.is(staffPost.statusCode, 403);
  assert.is((await t.staff.post('/api/admin/images/uploads', {})).status, 400, 'not multipart');
  assert.is((await t.anon.get(img.url)).status, 200);
  assert.is((await t.admin.get(imagesUrl(shoe))).body.images.length, 1, 'nothing changed');
});

test('media serves only our names; unknown products and images are 404', async () => {
  for (const url of [
    '/media/..%2f..%2fkedai.db',
    '/media/..%2Fsecret.key',
    '/media/secret.key',
    `/media/${newFileId()}.display.webp`,
    `/media/${newFileId()}.orig.jpg`,
    '/media/../secret.key',
  ]) {
    const r = await t.anon.get(url);
    assert.is(r.status, 404, url);
    assert.not.ok(r.raw.toString('latin1').includes(fs.readFileSync(path.join(t.dataDir, 'secret.key'), 'utf8').trim()));
  }
  assert.is((await t.admin.get(imagesUrl(999999))).status, 404);
  assert.is((await t.admin.post('/api/admin/images/uploads/presign', { productId: 999999, contentType: 'image/jpeg' })).status, 404);
  assert.is((await proxyUpload(t, 999999, await picture('jpeg', 10, 10))).status, 404);
  assert.is((await t.admin.patch(`/api/ecommerce/images/999999/primary`)).status, 404);
  assert.is((await t.admin.post('/api/admin/images/uploads/presign', { productId: shoe, contentType: 'image/jpeg', extra: 1 })).status, 400);
  assert.is(
    (await t.admin.post('/api/ecommerce/upload/proxy', { productId: shoe, fileData: '***', fileName: 'a.jpg', contentType: 'image/jpeg' })).status,
    400,
  );
});

test('test endpoint answers the ecommerce screen', async () => {
  const r = await t.admin.get('/api/ecommerce/test');
  assert.is(r.status, 200);
  assert.equal(r.body, { message: 'Kedai backend is running' });
});

test('a product with images is archived rather than deleted, keeping its files', async () => {
  const p = await product(t, 'Clog 37', 'CLO-37');
  const img = (await proxyUpload(t, p, await picture('jpeg', 40, 40))).body.image;
  const del = await t.admin.delete(`/api/products/${p}`);
  assert.is(del.status, 200);
  assert.is(del.body.archived, true);
  assert.ok(filesOf(img.url).every((f) => fs.existsSync(f)));
  assert.is((await t.admin.get(imagesUrl(p))).status, 404);
});

test('over real HTTP a 6 MB file is 413 and a good one 201 (browser-like multipart stream)', async () => {
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const send = async (data: Buffer) => {
    const ticket = await presign(t, shoe, 'image/png');
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${base}${ticket.url}`, { method: 'POST', body: form });
    return { status: res.status, statusText: res.statusText, body: await res.json() };
  };
  for (const size of [6 * 1024 * 1024, 5 * 1024 * 1024 + 10]) {
    const r = await send(await noisyPng(size));
    assert.is(r.status, 413, String(size));
    assert.is(r.statusText, 'Payload Too Large');
    assert.is(r.body.error, 'Image is too large (max 5MB)');
  }
  const ok = await send(await picture('png', 30, 30));
  assert.is(ok.status, 201);
  assert.is((await t.admin.post(imagesUrl(shoe), { url: ok.body.url })).status, 201);
});

test.run();
