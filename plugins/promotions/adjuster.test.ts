// #28.6 the adjuster on a real database: promotions running on the cart's shop day (dates inclusive, ended ones
// never), scope by brand, category, style and product, the label, code and ref of each adjustment.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, localDate } from '../../core/clock.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { adjustWithPromotions } from './adjuster.js';
import { addPromotion, addShoe } from './test-support.js';

let t: TestApp;
let today: string;
let acme: { id: number; styleId: number };
let zeta: { id: number; styleId: number };
let sandal: { id: number; styleId: number };

test.before(async () => {
  t = await testApp();
  today = localDate(new Date(), t.config.timeZone);
  acme = await addShoe(t, 100, 'Acme', 'Sneakers');
  zeta = await addShoe(t, 80, 'Zeta', 'Sneakers');
  sandal = await addShoe(t, 40, 'Acme', 'Sandals');
});
test.after(async () => {
  await t.close();
});

const cart = (businessDate: string, ...lines: [productId: number, qty: number, unitCents: number][]) => ({
  businessDate,
  customerId: null,
  lines: lines.map(([productId, qty, unitPriceCents], index) => ({ index, productId, qty, unitPriceCents, discountCents: 0 })),
});
const summary = (drafts: ReturnType<typeof adjustWithPromotions>) => drafts.map((d) => [d.label, d.shares.map((s) => [s.index, s.units, s.amountCents])]);

test('dates are inclusive shop days: a promotion ending today applies today, not tomorrow; starting tomorrow, not today', async () => {
  const p = await addPromotion(t.admin, { name: 'Today only', kind: 'PERCENT_OFF', percent_off: 10, starts_on: today, ends_on: today });
  const c = (day: string) => cart(day, [acme.id, 1, 10_000]);
  assert.equal(summary(adjustWithPromotions(t.app.db, c(today))), [['Today only', [[0, 1, -1000]]]]);
  assert.equal(adjustWithPromotions(t.app.db, c(addDays(today, 1))), []);
  assert.equal(adjustWithPromotions(t.app.db, c(addDays(today, -1))), []);
  const [d] = adjustWithPromotions(t.app.db, c(today));
  assert.equal([d.code, d.refId], [`PROMO-${p.id}`, p.id]);
  assert.is((await t.admin.post(`/api/promotions/${p.id}/end`, {})).status, 200);
  assert.equal(adjustWithPromotions(t.app.db, c(today)), [], 'an ended promotion applies no more');
});

test('scope: brand and category together; styles and products; an empty scope is every product', async () => {
  const day = addDays(today, 400);
  const window = { starts_on: day, ends_on: day };
  await addPromotion(t.admin, {
    ...window,
    name: 'Acme sneakers 20%',
    kind: 'PERCENT_OFF',
    percent_off: 20,
    scope: { brands: ['ACME'], categories: ['sneakers'] },
  });
  const lines: [number, number, number][] = [
    [acme.id, 1, 10_000],
    [zeta.id, 1, 8000],
    [sandal.id, 1, 4000],
  ];
  assert.equal(summary(adjustWithPromotions(t.app.db, cart(day, ...lines))), [['Acme sneakers 20%', [[0, 1, -2000]]]]);

  const day2 = addDays(today, 401);
  await addPromotion(t.admin, {
    starts_on: day2,
    ends_on: day2,
    name: 'Picked',
    kind: 'PERCENT_OFF',
    percent_off: 50,
    scope: { style_ids: [zeta.styleId], product_ids: [sandal.id] },
  });
  assert.equal(summary(adjustWithPromotions(t.app.db, cart(day2, ...lines))), [
    [
      'Picked',
      [
        [1, 1, -4000],
        [2, 1, -2000],
      ],
    ],
  ]);

  const day3 = addDays(today, 402);
  await addPromotion(t.admin, { starts_on: day3, ends_on: day3, name: 'Everything 5%', kind: 'PERCENT_OFF', percent_off: 5 });
  assert.equal(summary(adjustWithPromotions(t.app.db, cart(day3, ...lines))), [
    [
      'Everything 5%',
      [
        [0, 1, -500],
        [1, 1, -400],
        [2, 1, -200],
      ],
    ],
  ]);
});

test('two promotions on the same units: the better wins; a stackable one adds on top', async () => {
  const day = addDays(today, 500);
  const window = { starts_on: day, ends_on: day };
  await addPromotion(t.admin, { ...window, name: 'Sneakers 10%', kind: 'PERCENT_OFF', percent_off: 10, scope: { categories: ['Sneakers'] } });
  await addPromotion(t.admin, { ...window, name: 'Second pair 50%', kind: 'BUY_X_GET_Y', buy_qty: 1, get_qty: 1, get_percent_off: 50 });
  const lines: [number, number, number][] = [
    [acme.id, 1, 10_000],
    [zeta.id, 1, 8000],
  ];
  // 10% = 18.00; second pair 50% = 40.00 (shared 100:80): the second wins, the first has no unit left.
  assert.equal(summary(adjustWithPromotions(t.app.db, cart(day, ...lines))), [
    [
      'Second pair 50%',
      [
        [0, 1, -2222],
        [1, 1, -1778],
      ],
    ],
  ]);
  await addPromotion(t.admin, { ...window, name: 'Members 5% extra', kind: 'PERCENT_OFF', percent_off: 5, stackable: true });
  assert.equal(summary(adjustWithPromotions(t.app.db, cart(day, ...lines))), [
    [
      'Second pair 50%',
      [
        [0, 1, -2222],
        [1, 1, -1778],
      ],
    ],
    [
      'Members 5% extra',
      [
        [0, 1, -389],
        [1, 1, -311],
      ],
    ],
  ]);
});

test.run();
