// #28 the customer display's view of a cart another plugin adjusts (a test plugin's adjuster, as promotions
// declares one): the adjustments as {label, amount}, the item lines and the subtotal before them, the total the
// checkout will charge (the quote's), whoever made the adjustment.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../../core/plugin.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { addProduct } from '../sales/test-support.js';
import { displayView } from './view.js';

let t: TestApp;
let shoe: number;
let sock: number;

// Half off the second unit of the shoe.
const halfOff = definePlugin({
  name: 'test-half-off',
  dependsOn: ['sales'],
  adjusters: [
    {
      source: 'test-half-off',
      adjust: (_db, cart) =>
        cart.lines
          .filter((l) => l.productId === shoe && l.qty >= 2)
          .map((l) => ({
            code: 'HALF',
            label: 'Second pair 50%',
            refId: 3,
            shares: [{ index: l.index, units: 2, amountCents: -Math.round(l.unitPriceCents / 2) }],
          })),
    },
  ],
});

test.before(async () => {
  t = await testApp({ morePlugins: [halfOff] });
  shoe = await addProduct(t, 100, 20, 'Display Runner');
  sock = await addProduct(t, 8, 50, 'Display Socks');
});
test.after(async () => {
  await t.close();
});

const ctx = { till: 'Till 1', timeZone: 'Asia/Singapore', at: new Date('2026-11-27T03:00:00Z') };

test('a cart the adjuster leaves alone: no adjustments, the lines as before', async () => {
  const v = await displayView(t.app.db, { phase: 'CART', items: [{ productId: shoe, qty: 1 }] }, ctx);
  assert.equal(v.adjustments, []);
  assert.is(v.subtotal, 100);
});

test('two pairs: the adjustment as a line, the lines and subtotal before it, the total the quote charges', async () => {
  const items = [
    { productId: shoe, qty: 2 },
    { productId: sock, qty: 1 },
  ];
  const v = await displayView(t.app.db, { phase: 'CART', items }, ctx);
  assert.equal(v.adjustments, [{ label: 'Second pair 50%', amount: -50 }]);
  assert.equal(
    v.lines.map((l) => [l.qty, l.discount, l.total]),
    [
      [2, 0, 200],
      [1, 0, 8],
    ],
  );
  assert.is(v.subtotal, 208);
  assert.is(v.lineDiscount, 0, 'the promotion is not an item discount');
  const quote = await t.staff.post('/api/checkout/quote', { items });
  assert.is(quote.status, 200, JSON.stringify(quote.body));
  assert.is(v.total, quote.body.quote.grand_total);
  assert.is(v.gst, quote.body.quote.tax_total);
  // Paying: the amount due is that total.
  const pay = await displayView(t.app.db, { phase: 'PAY', items, pay: { method: 'NETS', amount: v.total } }, ctx);
  assert.is(pay.pay?.amountDue, v.total);
  assert.equal(pay.adjustments, v.adjustments);
});

test.run();
