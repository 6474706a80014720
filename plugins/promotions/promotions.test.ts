// #28.6 promotions API over real HTTP: create, list (status by today's shop date, usage), edit, end; every refusal
// a 400 naming its field (or 404 / 409), writing nothing; ADMIN only.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, localDate } from '../../core/clock.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { addPromotion, addShoe } from './test-support.js';

let t: TestApp;
let h: HttpApp;
let today: string;
let shoe: { id: number; styleId: number };

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
  today = localDate(new Date(), t.config.timeZone);
  shoe = await addShoe(t, 100, 'Acme', 'Sneakers');
});
test.after(async () => {
  await t.close();
});

const count = () => t.app.db.prepare('SELECT count(*) FROM promotions_promotion').pluck().get() as number;

test('create each kind: dollars and percents at the edge, scope kept, ACTIVE today, no usage yet', async () => {
  const pct = await addPromotion(h.admin, {
    name: 'Acme 20% off',
    kind: 'PERCENT_OFF',
    percent_off: 20,
    scope: { brands: ['Acme', ' acme '], style_ids: [shoe.styleId] },
  });
  assert.equal(
    [pct.kind, pct.percent_off, pct.buy_qty, pct.bundle_price, pct.stackable, pct.status, pct.starts_on, pct.ends_on],
    ['PERCENT_OFF', 20, null, null, false, 'ACTIVE', null, null],
  );
  assert.equal(pct.scope, { brands: ['Acme'], categories: [], style_ids: [shoe.styleId], product_ids: [] });
  assert.equal(pct.usage, { units: 0, cost: 0 });
  const bogo = await addPromotion(h.admin, { name: 'Second pair 50%', kind: 'BUY_X_GET_Y', buy_qty: 1, get_qty: 1, get_percent_off: 50 });
  assert.equal([bogo.buy_qty, bogo.get_qty, bogo.get_percent_off, bogo.percent_off], [1, 1, 50, null]);
  const free = await addPromotion(h.admin, { name: 'Buy 2 get 1 free', kind: 'BUY_X_GET_Y', buy_qty: 2, get_qty: 1, stackable: true });
  assert.equal([free.get_percent_off, free.stackable], [100, true], 'get_percent_off defaults to 100 (free)');
  const bundle = await addPromotion(h.admin, { name: '3 socks for $10', kind: 'BUNDLE_PRICE', bundle_qty: 3, bundle_price: 10 });
  assert.equal([bundle.bundle_qty, bundle.bundle_price], [3, 10]);
  const list = await h.admin.get('/api/promotions');
  assert.is(list.status, 200);
  assert.equal(
    list.body.promotions.slice(0, 4).map((p: { name: string }) => p.name),
    ['3 socks for $10', 'Buy 2 get 1 free', 'Second pair 50%', 'Acme 20% off'],
  );
});

test('status by the shop date, dates inclusive: ACTIVE through ends_on, SCHEDULED before starts_on, EXPIRED after', async () => {
  const base = { kind: 'PERCENT_OFF', percent_off: 5 };
  const endsToday = await addPromotion(h.admin, { ...base, name: 'Ends today', starts_on: today, ends_on: today });
  const later = await addPromotion(h.admin, { ...base, name: 'Tomorrow', starts_on: addDays(today, 1) });
  const past = await addPromotion(h.admin, { ...base, name: 'Yesterday', ends_on: addDays(today, -1) });
  assert.equal([endsToday.status, later.status, past.status], ['ACTIVE', 'SCHEDULED', 'EXPIRED']);
});

test('refusals name the field and write nothing', async () => {
  const before = count();
  const cases: [Record<string, unknown>, string][] = [
    [{ name: 'x', kind: 'PERCENT_OFF' }, 'percent_off'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 0 }, 'percent_off'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 100.5 }, 'percent_off'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 10, buy_qty: 1 }, 'buy_qty'],
    [{ name: 'x', kind: 'BUY_X_GET_Y', buy_qty: 1 }, 'get_qty'],
    [{ name: 'x', kind: 'BUY_X_GET_Y', buy_qty: 0, get_qty: 1 }, 'buy_qty'],
    [{ name: 'x', kind: 'BUY_X_GET_Y', buy_qty: 1, get_qty: 1, get_percent_off: 0 }, 'get_percent_off'],
    [{ name: 'x', kind: 'BUY_X_GET_Y', buy_qty: 1, get_qty: 1, bundle_price: 5 }, 'bundle_price'],
    [{ name: 'x', kind: 'BUNDLE_PRICE', bundle_qty: 2 }, 'bundle_price'],
    [{ name: 'x', kind: 'BUNDLE_PRICE', bundle_qty: 2, bundle_price: 0 }, 'bundle_price'],
    [{ name: 'x', kind: 'BUNDLE_PRICE', bundle_qty: 2, bundle_price: 10, percent_off: 5 }, 'percent_off'],
    [{ name: 'x', kind: 'FREE_STUFF', percent_off: 5 }, 'kind'],
    [{ name: '   ', kind: 'PERCENT_OFF', percent_off: 5 }, 'name'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 5, starts_on: '2026-05-10', ends_on: '2026-05-09' }, 'ends_on'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 5, starts_on: '2026-02-30' }, 'starts_on'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 5, scope: { style_ids: [999_999] } }, 'scope.style_ids'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 5, scope: { product_ids: [999_999] } }, 'scope.product_ids'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 5, scope: { colours: ['red'] } }, 'scope.colours'],
    [{ name: 'x', kind: 'PERCENT_OFF', percent_off: 5, sneaky: 1 }, 'sneaky'],
  ];
  for (const [body, field] of cases) {
    const r = await h.admin.post('/api/promotions', body);
    assert.is(r.status, 400, `${JSON.stringify(body)} -> ${r.status} ${JSON.stringify(r.body)}`);
    assert.is(r.body.details?.field, field, JSON.stringify(r.body));
  }
  assert.is(count(), before, 'nothing written');
});

test('PATCH: partial edit with the same rules; a new kind drops the old fields; 404; ended: 409', async () => {
  const p = await addPromotion(h.admin, { name: 'Edit me', kind: 'PERCENT_OFF', percent_off: 10, scope: { categories: ['Sneakers'] } });
  const renamed = await h.admin.patch(`/api/promotions/${p.id}`, { name: 'Edited', ends_on: today });
  assert.is(renamed.status, 200, JSON.stringify(renamed.body));
  assert.equal([renamed.body.promotion.name, renamed.body.promotion.percent_off, renamed.body.promotion.ends_on], ['Edited', 10, today]);
  assert.equal(renamed.body.promotion.scope.categories, ['Sneakers'], 'scope kept when not sent');
  const wrongField = await h.admin.patch(`/api/promotions/${p.id}`, { bundle_qty: 2 });
  assert.equal([wrongField.status, wrongField.body.details?.field], [400, 'bundle_qty']);
  const missing = await h.admin.patch(`/api/promotions/${p.id}`, { kind: 'BUNDLE_PRICE', bundle_qty: 2 });
  assert.equal([missing.status, missing.body.details?.field], [400, 'bundle_price']);
  const badDates = await h.admin.patch(`/api/promotions/${p.id}`, { starts_on: addDays(today, 1) });
  assert.equal([badDates.status, badDates.body.details?.field], [400, 'ends_on']);
  const kind = await h.admin.patch(`/api/promotions/${p.id}`, { kind: 'BUNDLE_PRICE', bundle_qty: 2, bundle_price: 150, scope: {} });
  assert.is(kind.status, 200, JSON.stringify(kind.body));
  assert.equal(
    [kind.body.promotion.kind, kind.body.promotion.percent_off, kind.body.promotion.bundle_price, kind.body.promotion.scope.categories],
    ['BUNDLE_PRICE', null, 150, []],
  );
  assert.is((await h.admin.patch('/api/promotions/999999', { name: 'x' })).status, 404);

  const ended = await h.admin.post(`/api/promotions/${p.id}/end`, {});
  assert.is(ended.status, 200, JSON.stringify(ended.body));
  assert.is(ended.body.promotion.status, 'ENDED');
  assert.ok(ended.body.promotion.ended_at);
  const again = await h.admin.post(`/api/promotions/${p.id}/end`, {});
  assert.equal([again.status, again.body.code], [409, 'PROMOTION_ENDED']);
  const edit = await h.admin.patch(`/api/promotions/${p.id}`, { name: 'Too late' });
  assert.equal([edit.status, edit.body.code], [409, 'PROMOTION_ENDED']);
  assert.is((await h.admin.post('/api/promotions/999999/end', {})).status, 404);
});

test('ADMIN only: 401 without a session, 403 for a USER', async () => {
  const body = { name: 'Nope', kind: 'PERCENT_OFF', percent_off: 5 };
  const routes: [string, string, unknown?][] = [
    ['get', '/api/promotions'],
    ['post', '/api/promotions', body],
    ['patch', '/api/promotions/1', { name: 'x' }],
    ['post', '/api/promotions/1/end', {}],
  ];
  const before = count();
  for (const [method, url, b] of routes) {
    const call = (c: typeof h.anon) => (method === 'get' ? c.get(url) : method === 'patch' ? c.patch(url, b) : c.post(url, b));
    assert.is((await call(h.anon)).status, 401, `${method} ${url} anon`);
    assert.is((await call(h.staff)).status, 403, `${method} ${url} staff`);
  }
  assert.is(count(), before);
});

test.run();
