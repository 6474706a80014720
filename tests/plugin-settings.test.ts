// Settings a plugin declares in its manifest (#28.3): an app with a test-only plugin serves its settings through
// GET/PATCH /api/settings beside core's (default, schema, the plugin's own check, who may write), stores them and
// reads them back; a key declared twice, or one of core's, stops the app at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Type } from 'typebox';
import { buildApp } from '../core/app.js';
import { loadConfig } from '../core/config.js';
import { definePlugin, type KedaiPlugin } from '../core/plugin.js';
import { checkSettingDecls, defineSetting, getSettings } from '../core/settings.js';
import { pluginsNamed, testApp, type TestApp } from './helpers/app.js';

/** A whole number of points, even only (a rule the schema does not say). */
const pointsPerDollar = defineSetting({
  key: 'loyalty_points_per_dollar',
  schema: Type.Integer({ minimum: 0, maximum: 100 }),
  default: 2,
  check: (n) => (n % 2 === 0 ? null : 'Points per dollar must be even'),
});
/** A text any signed-in user may change (the rest of the settings stay ADMIN's). */
const greeting = defineSetting({ key: 'loyalty_greeting', schema: Type.String({ maxLength: 20 }), default: 'Hello', writableBy: 'USER' });
const loyalty = definePlugin({ name: 'loyalty-test', settings: [pointsPerDollar, greeting] });

let t: TestApp;
test.before(async () => {
  t = await testApp({ plugins: pluginsNamed('settings'), morePlugins: [loyalty] });
});
test.after(async () => {
  await t.close();
});

const stored = (key: string) => t.app.db.prepare('SELECT value FROM core_setting WHERE key = ?').pluck().get(key);

test("GET /api/settings shows the plugin's settings with their defaults, beside core's", async () => {
  const r = await t.staff.get('/api/settings');
  assert.is(r.status, 200);
  assert.is(r.body.settings.loyalty_points_per_dollar, 2);
  assert.is(r.body.settings.loyalty_greeting, 'Hello');
  assert.is(r.body.settings.shop_name, 'Kedai');
  // Only the plugins of this app: returns' and sales' settings are not in it.
  assert.not.ok('refund_window_days' in r.body.settings);
  assert.not.ok('max_staff_discount_percent' in r.body.settings);
  assert.is((await t.admin.patch('/api/settings', { refund_window_days: 7 })).body.details.field, 'refund_window_days');
});

test("PATCH validates the plugin's setting (schema, then its own check): 400 naming it, nothing written", async () => {
  const cases: [unknown, RegExp][] = [
    [-2, /loyalty_points_per_dollar must be >= 0/],
    [102, /loyalty_points_per_dollar must be <= 100/],
    [1.5, /must be integer/],
    ['4', /must be integer/],
    [null, /must be integer/],
    [3, /^Points per dollar must be even$/],
  ];
  for (const [value, message] of cases) {
    const r = await t.admin.patch('/api/settings', { loyalty_points_per_dollar: value, shop_name: 'Not written' });
    assert.is(r.status, 400, `${JSON.stringify(value)}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.details.field, 'loyalty_points_per_dollar');
    assert.match(r.body.error, message);
  }
  assert.is(stored('loyalty_points_per_dollar'), undefined);
  assert.is(getSettings(t.app.db).shop_name, 'Kedai');
  const long = await t.admin.patch('/api/settings', { loyalty_greeting: 'x'.repeat(21) });
  assert.is(long.status, 400);
  assert.is(long.body.details.field, 'loyalty_greeting');
});

test("PATCH stores the plugin's setting; it reads back through GET and getSettings", async () => {
  const r = await t.admin.patch('/api/settings', { loyalty_points_per_dollar: 4, loyalty_greeting: '  Welcome back  ', phone: '6000 0000' });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.settings.loyalty_points_per_dollar, 4);
  assert.is(r.body.settings.loyalty_greeting, 'Welcome back', 'texts are trimmed like core');
  assert.is(r.body.settings.phone, '6000 0000');
  assert.is(stored('loyalty_points_per_dollar'), '4');
  assert.equal((await t.staff.get('/api/settings')).body.settings, r.body.settings);
  const all = getSettings(t.app.db) as unknown as Record<string, unknown>;
  assert.is(all.loyalty_points_per_dollar, 4);
  assert.is(all.loyalty_greeting, 'Welcome back');
});

test("who may write: a USER changes a setting declared writableBy 'USER', nothing else (403, nothing written)", async () => {
  const ok = await t.staff.patch('/api/settings', { loyalty_greeting: 'Hi' });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.is(ok.body.settings.loyalty_greeting, 'Hi');
  assert.is((await t.staff.patch('/api/settings', { loyalty_points_per_dollar: 6 })).status, 403);
  assert.is((await t.staff.patch('/api/settings', { loyalty_greeting: 'Yo', shop_name: 'Hacked' })).status, 403);
  assert.is((await t.staff.patch('/api/settings', { shop_name: 'Hacked' })).status, 403);
  assert.is(getSettings(t.app.db).shop_name, 'Kedai');
  assert.is(stored('loyalty_greeting'), '"Hi"');
  assert.is((await t.anon.patch('/api/settings', { loyalty_greeting: 'Anon' })).status, 401);
});

/** Builds an app on a fresh folder and gives the start's error (the folder removed either way). */
async function startError(plugins: KedaiPlugin[]): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-settings-clash-'));
  try {
    const config = loadConfig([], {}, { dataDir, demo: false, scryptLogN: 10, uiDir: null, logLevel: 'silent' });
    const app = await buildApp(config, plugins);
    await app.close();
    return 'started';
  } catch (err) {
    return (err as Error).message;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test('a key declared twice, or one of core, stops the app at start with the key and both owners named', async () => {
  const twin = definePlugin({ name: 'twin-test', settings: [defineSetting({ key: 'loyalty_greeting', schema: Type.String(), default: '' })] });
  assert.is(
    await startError([...pluginsNamed('settings'), loyalty, twin]),
    'Setting "loyalty_greeting" of plugin "twin-test" is already declared by plugin "loyalty-test"',
  );
  const core = definePlugin({ name: 'shop-test', settings: [defineSetting({ key: 'shop_name', schema: Type.String(), default: 'x' })] });
  assert.is(await startError([...pluginsNamed('settings'), core]), 'Setting "shop_name" of plugin "shop-test" is already declared by core');
  // A setting that moved into a plugin's manifest is that plugin's: declaring it again clashes too.
  const refunds = definePlugin({ name: 'refunds-test', settings: [defineSetting({ key: 'refund_window_days', schema: Type.Integer(), default: 1 })] });
  assert.throws(
    () => checkSettingDecls([...pluginsNamed('returns'), refunds]),
    /"refund_window_days" of plugin "refunds-test" is already declared by plugin "returns"/,
  );
  assert.is(await startError([...pluginsNamed('settings'), loyalty]), 'started');
});

test.run();
