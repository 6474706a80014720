// Generated EAN-13 barcodes (#30.3): check digit, the counter under the in-store range or the shop's GS1 prefix,
// codes already taken skipped, two 'Generate barcodes' at once never sharing a code; the route over real HTTP
// (ADMIN only, 404, the style reply), the setting (400s), and a manufacturer's code set on a size (400/409).
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeTx } from '../../core/db.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { gs1CheckDigit } from './barcode.js';
import { allocateEan13, ean13, isEan13 } from './ean13.js';
import { companyPrefixProblem } from './settings.js';

let t: TestApp;
let h: HttpApp;

const newStyle = async (name: string, sizes: { size: string; barcode?: string }[]) => {
  const r = await t.admin.post('/api/styles', {
    item_name: name,
    cost: 40,
    selling_price: 100,
    sku_prefix: name.replace(/\W/g, '').slice(0, 8).toUpperCase(),
    sizes,
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.style;
};

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
});
test.after(() => t.close());

test('check digit: mod 10, weights 1 and 3 from the left (3 and 1 from the right)', () => {
  assert.is(gs1CheckDigit('400638133393'), 1); // 4006381333931, a known EAN-13
  assert.is(gs1CheckDigit('978014300723'), 4); // ISBN 978-0-14-300723-4
  assert.is(ean13('200000000001'), '2000000000015');
  assert.ok(isEan13('4006381333931'));
  assert.not.ok(isEan13('4006381333932'));
  assert.not.ok(isEan13('400638133393'));
});

test('prefix setting: 6-10 digits or empty; never the in-store 2x', async () => {
  assert.is(companyPrefixProblem(''), null);
  assert.is(companyPrefixProblem('888123'), null);
  assert.is(companyPrefixProblem('8881234567'), null);
  for (const bad of ['88812', '88812345678', '888abc', '201234']) assert.type(companyPrefixProblem(bad), 'string', bad);
  let r = await h.admin.patch('/api/settings', { gs1_company_prefix: '12345' });
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'gs1_company_prefix');
  r = await h.staff.patch('/api/settings', { gs1_company_prefix: '888123' });
  assert.is(r.status, 403);
  r = await h.admin.get('/api/settings');
  assert.is(r.body.settings.gs1_company_prefix, '');
});

test('in-store range: 20 + a 10-digit counter + check digit, counting on; taken codes skipped', async () => {
  const db = t.app.db;
  const first = writeTx(db, () => allocateEan13(db, 2));
  assert.equal(first, ['2000000000015', '2000000000022']);
  // The next two codes are already on products, one of them archived: both skipped, never handed out twice.
  const mk = (barcode: string) => t.admin.post('/api/products', { item_name: `Taken ${barcode}`, cost: 1, selling_price: 2, barcode });
  await mk('2000000000039');
  const archived = (await mk('2000000000046')).body.product.id;
  // Archived as a size with past sales would be (a plain delete of an unsold product removes the row).
  db.prepare("UPDATE inventory_product SET archived_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").run(archived);
  const next = writeTx(db, () => allocateEan13(db, 1));
  assert.equal(next, ['2000000000053']);
});

test('a GS1 company prefix: prefix + item reference + check digit; a separate counter; 409 when used up', () => {
  const db = t.app.db;
  const six = writeTx(db, () => allocateEan13(db, 2, '888123'));
  assert.equal(six, [ean13('888123000000'), ean13('888123000001')]);
  assert.ok(six.every(isEan13));
  const ten = writeTx(db, () => allocateEan13(db, 99, '8881234567'));
  assert.is(ten.length, 99);
  assert.is(ten[98], ean13('888123456798'));
  try {
    writeTx(db, () => allocateEan13(db, 2, '8881234567'));
    assert.unreachable('only one reference left');
  } catch (e) {
    assert.is((e as { statusCode: number }).statusCode, 409);
  }
  // Nothing was taken by the refused call: the last reference is still there.
  assert.equal(
    writeTx(db, () => allocateEan13(db, 1, '8881234567')),
    [ean13('888123456799')],
  );
});

test('POST /api/styles/:id/barcodes fills the sizes without one, replies with the style; ADMIN only; 404', async () => {
  const style = await newStyle('Gen Runner', [{ size: 'EU 40' }, { size: 'EU 41', barcode: '4006381333931' }, { size: 'EU 42' }]);
  assert.is((await h.staff.post(`/api/styles/${style.id}/barcodes`)).status, 403);
  assert.is((await h.anon.post(`/api/styles/${style.id}/barcodes`)).status, 401);
  assert.is((await h.admin.post('/api/styles/999999/barcodes')).status, 404);
  assert.is((await h.admin.post(`/api/styles/${style.id}/barcodes`, { extra: 1 })).status, 400);
  const r = await h.admin.post(`/api/styles/${style.id}/barcodes`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  const got = (await h.admin.get(`/api/styles/${style.id}`)).body;
  assert.equal(r.body, got, 'the same reply as GET /api/styles/:id');
  const bySize = Object.fromEntries(r.body.style.products.map((p: { size: string; barcode: string }) => [p.size, p.barcode]));
  assert.is(bySize['EU 41'], '4006381333931', "the brand's code is kept");
  assert.ok(isEan13(bySize['EU 40']) && bySize['EU 40'].startsWith('20'), bySize['EU 40']);
  assert.ok(isEan13(bySize['EU 42']) && bySize['EU 42'] !== bySize['EU 40']);
  // Again: nothing left to fill, nothing changes.
  const again = await h.admin.post(`/api/styles/${style.id}/barcodes`, {});
  assert.equal(again.body.style.products, r.body.style.products);
  // A scan finds the size by its new code.
  const found = await h.staff.get(`/api/products?barcode=${bySize['EU 42']}`);
  assert.is(found.body.products[0]?.size, 'EU 42');
});

test('with a GS1 prefix set, new codes start with it', async () => {
  assert.is((await h.admin.patch('/api/settings', { gs1_company_prefix: '8889999' })).status, 200);
  const style = await newStyle('Prefixed', [{ size: '38' }, { size: '39' }]);
  const r = await h.admin.post(`/api/styles/${style.id}/barcodes`);
  const codes = r.body.style.products.map((p: { barcode: string }) => p.barcode);
  assert.equal(codes, [ean13('888999900000'), ean13('888999900001')]);
  assert.is((await h.admin.patch('/api/settings', { gs1_company_prefix: '' })).status, 200);
});

test('race: two generate calls at once (two styles) hand out distinct codes, all unique across the shop', async () => {
  const a = await newStyle(
    'Race A',
    ['35', '36', '37', '38', '39', '40', '41', '42'].map((size) => ({ size })),
  );
  const b = await newStyle(
    'Race B',
    ['35', '36', '37', '38', '39', '40', '41', '42'].map((size) => ({ size })),
  );
  const [ra, rb, ra2] = await Promise.all([
    h.admin.post(`/api/styles/${a.id}/barcodes`),
    h.admin.post(`/api/styles/${b.id}/barcodes`),
    h.admin.post(`/api/styles/${a.id}/barcodes`),
  ]);
  assert.equal([ra.status, rb.status, ra2.status], [200, 200, 200]);
  const codes = [...ra.body.style.products, ...rb.body.style.products].map((p: { barcode: string }) => p.barcode);
  assert.is(codes.length, 16);
  assert.is(new Set(codes).size, 16, 'no code twice');
  assert.ok(codes.every(isEan13));
  const all = t.app.db.prepare('SELECT barcode, count(*) n FROM inventory_product WHERE barcode IS NOT NULL GROUP BY barcode HAVING n > 1').all();
  assert.equal(all, [], 'unique across the shop');
});

test('race on the file: two connections in two threads allocating at once never hand out the same code', async () => {
  const run = () =>
    new Promise<string[]>((resolve, reject) => {
      // A .ts worker boots through tsx and the .sql hooks, as core/offload/run.ts starts its own.
      const entry = new URL('./ean13-race-worker.ts', import.meta.url).href;
      const hooks = new URL('../../core/dev/register.mjs', import.meta.url).href;
      const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(hooks)}); }).then(() => import(${JSON.stringify(entry)}))`;
      const w = new Worker(boot, { eval: true, workerData: { file: t.app.db.name, rounds: 40 } });
      w.once('message', resolve);
      w.once('error', reject);
    });
  const [a, b] = await Promise.all([run(), run()]);
  assert.is(a.length + b.length, 240);
  assert.is(new Set([...a, ...b]).size, 240, 'no code twice');
  assert.ok([...a, ...b].every(isEan13));
});

test("a manufacturer's barcode typed or scanned into a size: check digit (400 naming the field), duplicate (409)", async () => {
  const style = await newStyle('Brand Box', [{ size: '44' }, { size: '45' }]);
  const [p44, p45] = style.products;
  let r = await h.admin.patch(`/api/products/${p44.id}`, { barcode: '4006381333932' });
  assert.is(r.status, 400);
  assert.is(r.body.details.field, 'barcode');
  r = await h.admin.patch(`/api/products/${p44.id}`, { barcode: '036000291453' }); // UPC-A, wrong check digit
  assert.is(r.status, 400);
  r = await h.admin.patch(`/api/products/${p44.id}`, { barcode: '036000291452' }); // UPC-A, right
  assert.is(r.status, 200, JSON.stringify(r.body));
  r = await h.admin.patch(`/api/products/${p45.id}`, { barcode: '036000291452' });
  assert.is(r.status, 409);
  assert.is(r.body.details.field, 'barcode');
  r = await h.admin.patch(`/api/products/${p45.id}`, { barcode: '5901234123457' });
  assert.is(r.status, 200);
  // Generate leaves both alone.
  r = await h.admin.post(`/api/styles/${style.id}/barcodes`);
  assert.equal(
    r.body.style.products.map((p: { barcode: string }) => p.barcode),
    ['036000291452', '5901234123457'],
  );
});

test.run();
