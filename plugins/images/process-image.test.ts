// Unit tests of the image pipeline pieces: format sniffing, re-encoding, names, tickets.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { sniffImageFormat } from './image-format.js';
import { processImage } from './process-image.js';
import { fileIdFromUrl, newFileId, parseMediaName } from './file-store.js';
import { signTicket, ticketKey, verifyTicket } from './ticket.js';
import { noisyPng, picture } from './test-support.js';
import { AppError } from '../../core/errors.js';

async function refused(p: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    assert.instance(err, AppError);
    return err as AppError;
  }
  throw new Error('expected a refusal');
}

test('sniffs jpeg, png and webp by their bytes only', async () => {
  assert.is(sniffImageFormat(await picture('jpeg', 10, 10)), 'jpeg');
  assert.is(sniffImageFormat(await picture('png', 10, 10)), 'png');
  assert.is(sniffImageFormat(await picture('webp', 10, 10)), 'webp');
  assert.is(sniffImageFormat(await picture('gif', 10, 10)), undefined);
  assert.is(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')), undefined);
  assert.is(sniffImageFormat(Buffer.from('hello')), undefined);
  assert.is(sniffImageFormat(Buffer.alloc(0)), undefined);
});

test('re-encodes to webp within 1600 px and a 320 px thumbnail', async () => {
  const out = await processImage(await picture('png', 4000, 2000));
  assert.is(out.sourceFormat, 'png');
  assert.equal([out.display.width, out.display.height], [1600, 800]);
  assert.equal([out.thumb.width, out.thumb.height], [320, 160]);
  const meta = await sharp(out.display.data).metadata();
  assert.is(meta.format, 'webp');
  assert.equal([meta.width, meta.height], [1600, 800]);
  const small = await processImage(await picture('jpeg', 300, 200));
  assert.equal([small.display.width, small.display.height], [300, 200], 'never enlarged');
});

test('applies EXIF orientation and drops all metadata including GPS', async () => {
  const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#2980b9' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '103/1 51/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const inMeta = await sharp(jpeg).metadata();
  assert.ok(inMeta.exif?.includes(Buffer.from('SecretCam')), 'the test input carries EXIF');
  const out = await processImage(jpeg);
  for (const v of [out.display, out.thumb]) {
    const meta = await sharp(v.data).metadata();
    assert.is(meta.exif, undefined);
    assert.is(meta.xmp, undefined);
    assert.is(meta.orientation, undefined);
    assert.not.ok(v.data.includes(Buffer.from('SecretCam')));
  }
  assert.equal([out.display.width, out.display.height], [100, 200], 'rotated upright');
});

test('refuses what is not a jpeg/png/webp picture with 415, and big files with 413', async () => {
  assert.is((await refused(processImage(Buffer.from('just some text')))).statusCode, 415);
  assert.is(
    (await refused(processImage(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')))).statusCode,
    415,
  );
  assert.is((await refused(processImage(await picture('gif', 20, 20)))).statusCode, 415);
  // JPEG magic bytes glued to junk.
  assert.is((await refused(processImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg at all')])))).statusCode, 415);
  const big = await noisyPng(6 * 1024 * 1024);
  const tooBig = await refused(processImage(big));
  assert.is(tooBig.statusCode, 413);
  assert.is(tooBig.message, 'Image is too large (max 5MB)');
  // Small file, huge canvas: refused before decoding.
  const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  assert.ok(huge.length < 5 * 1024 * 1024);
  assert.is((await refused(processImage(huge))).statusCode, 413);
});

test('media names and urls: only our generated ids', () => {
  const id = newFileId();
  assert.match(id, /^[0-9a-f]{32}$/);
  assert.equal(parseMediaName(`${id}.display.webp`), { fileId: id, variant: 'display' });
  assert.equal(parseMediaName(`${id}.thumb.webp`), { fileId: id, variant: 'thumb' });
  for (const bad of [
    `${id}.orig.webp`,
    `${id}.display.png`,
    `../${id}.display.webp`,
    `${id.toUpperCase()}.display.webp`,
    'kedai.db',
    `${id}.display.webp/..`,
  ]) {
    assert.is(parseMediaName(bad), undefined, bad);
  }
  assert.is(fileIdFromUrl(`/media/${id}.display.webp`), id);
  assert.is(fileIdFromUrl(`http://shop.local:3000/media/${id}.display.webp`), id);
  assert.is(fileIdFromUrl(`/media/${id}.thumb.webp`), undefined);
  assert.is(fileIdFromUrl(`/media/../${id}.display.webp`), undefined);
  assert.is(fileIdFromUrl(`/media/x/${id}.display.webp`), undefined);
  assert.is(fileIdFromUrl('https://example.com/cat.jpg'), undefined);
});

test('tickets: verified as signed; any change, a missing field or expiry is 403', async () => {
  const key = ticketKey('a'.repeat(64));
  const now = 1_700_000_000;
  const fields = signTicket(key, { fileId: newFileId(), productId: 7, contentType: 'image/png', maxSize: 100, expires: now + 600 });
  const t = verifyTicket(key, fields, now);
  assert.is(t.productId, 7);
  assert.is(t.maxSize, 100);
  for (const name of ['key', 'productId', 'contentType', 'maxSize', 'expires', 'signature'] as const) {
    const changed = { ...fields, [name]: name === 'key' ? newFileId() : name === 'signature' ? '0'.repeat(64) : `${fields[name]}1` };
    assert.is((await refused(() => verifyTicket(key, changed, now))).statusCode, 403, name);
    const { [name]: _dropped, ...missing } = fields;
    assert.is((await refused(() => verifyTicket(key, missing, now))).statusCode, 403, `missing ${name}`);
  }
  const expired = await refused(() => verifyTicket(key, fields, now + 601));
  assert.is(expired.statusCode, 403);
  assert.is(expired.message, 'Upload ticket has expired');
  assert.is((await refused(() => verifyTicket(ticketKey('b'.repeat(64)), fields, now))).statusCode, 403, "another shop's key");
});

test.run();
