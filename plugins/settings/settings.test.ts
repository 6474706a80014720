// Shop settings API: who may read and write, strict validation, values stored and read back.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { getSettings } from '../../core/settings.js';
import settingsPlugin from './index.js';

let t: TestApp;
test.before(async () => {
  t = await testApp({ plugins: [settingsPlugin] });
});
test.after(async () => {
  await t.close();
});

test('any signed-in user reads the settings; anonymous gets 401', async () => {
  const staff = await t.staff.get('/api/settings');
  assert.is(staff.status, 200);
  assert.is(staff.body.settings.shop_name, 'Kedai');
  assert.is(staff.body.settings.gst_rate, 0.09);
  assert.is(staff.body.settings.receipt_footer, 'Thank you for shopping with us!');
  assert.is((await t.anon.get('/api/settings')).status, 401);
});

test('ADMIN saves the shop details; they are trimmed, stored and read back', async () => {
  const body = {
    shop_name: '  Kedai Kasut  ',
    address: '12 Bukit Timah Road\n#02-01\nSingapore 229900',
    phone: '+65 6123 4567',
    email: 'shop@kasut.sg',
    gst_reg_no: 'm2-1234567-8',
    uen: '201912345k',
    receipt_footer: 'No refunds on sale items.',
  };
  const r = await t.admin.patch('/api/settings', body);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.settings.shop_name, 'Kedai Kasut');
  assert.is(r.body.settings.address, '12 Bukit Timah Road\n#02-01\nSingapore 229900');
  assert.is(r.body.settings.gst_reg_no, 'M2-1234567-8');
  assert.is(r.body.settings.uen, '201912345K');
  assert.is(r.body.settings.gst_rate, 0.09);
  assert.is(getSettings(t.app.db).phone, '+65 6123 4567');
  const read = await t.staff.get('/api/settings');
  assert.equal(read.body.settings, r.body.settings);
  // A partial change leaves the rest alone.
  const partial = await t.admin.patch('/api/settings', { phone: '6000 0000' });
  assert.is(partial.body.settings.phone, '6000 0000');
  assert.is(partial.body.settings.shop_name, 'Kedai Kasut');
});

test('USER cannot change settings (403) and nothing is written', async () => {
  const r = await t.staff.patch('/api/settings', { shop_name: 'Hacked' });
  assert.is(r.status, 403);
  assert.is(getSettings(t.app.db).shop_name, 'Kedai Kasut');
});

test('validation: bad fields are refused with the field named, nothing written', async () => {
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ shop_name: '' }, 'shop_name', /shop_name/],
    [{ shop_name: '   ' }, 'shop_name', /Shop name is required/],
    [{ shop_name: 'x'.repeat(201) }, 'shop_name', /shop_name/],
    [{ phone: 'call me' }, 'phone', /Phone may contain only/],
    [{ email: 'not-an-email' }, 'email', /valid e-mail/],
    [{ gst_reg_no: 'M2 123;' }, 'gst_reg_no', /GST registration number/],
    [{ uen: '2019-123' }, 'uen', /UEN may contain only/],
    [{ receipt_footer: 'x'.repeat(501) }, 'receipt_footer', /receipt_footer/],
    [{ gst_rate: 0.08 }, 'gst_rate', /not an allowed field/],
    [{ shop_name: 5 }, 'shop_name', /shop_name/],
  ];
  for (const [body, field, message] of cases) {
    const r = await t.admin.patch('/api/settings', body);
    assert.is(r.status, 400, `${JSON.stringify(body)} -> ${r.status}`);
    assert.is(r.body.details.field, field, JSON.stringify(r.body));
    assert.match(r.body.error, message);
  }
  assert.is(getSettings(t.app.db).shop_name, 'Kedai Kasut');
  assert.is(getSettings(t.app.db).gst_rate, 0.09);
  // Clearing optional fields is allowed.
  const cleared = await t.admin.patch('/api/settings', { email: '', uen: '' });
  assert.is(cleared.status, 200);
  assert.is(cleared.body.settings.email, '');
});

test('GET /api/admin/backup: ADMIN downloads a gzip archive, USER is refused', async () => {
  const r = await t.admin.get('/api/admin/backup');
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'application/gzip');
  assert.match(String(r.headers['content-disposition']), /attachment; filename="kedai-backup-\d{8}-\d{6}\.tar\.gz"/);
  assert.is(r.raw[0], 0x1f);
  assert.is(r.raw[1], 0x8b);
  assert.ok(r.raw.length > 1000);
  assert.is((await t.staff.get('/api/admin/backup')).status, 403);
});

test.run();
