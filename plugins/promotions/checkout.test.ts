// #28.6 promotions through the real checkout over HTTP: the quote and the sale list the same adjustments (label =
// the promotion's name, amount, promotion_id), GST once on the discounted subtotal (both price modes), never a
// manager's approval for a cashier, a returned unit of a deal refunds exactly its share, and a voided sale's
// promotion drops out of the promotion's usage.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { addPromotion, addShoe } from './test-support.js';

let t: TestApp;
let h: HttpApp;

test.before(async () => {
  t = await testApp();
  h = await listenHttp(t);
});
test.after(async () => {
  await t.close();
});

const usageOf = async (id: number) => {
  const list = await h.admin.get('/api/promotions');
  return list.body.promotions.find((p: { id: number }) => p.id === id).usage;
};

test('quote and checkout: "Second pair 50%" listed with its amount and id; shares on the items; GST once on what is left', async () => {
  const a = await addShoe(t, 120, 'Pairs', 'Sneakers');
  const b = await addShoe(t, 80, 'Pairs', 'Sneakers');
  const promo = await addPromotion(h.admin, {
    name: 'Second pair 50%',
    kind: 'BUY_X_GET_Y',
    buy_qty: 1,
    get_qty: 1,
    get_percent_off: 50,
    scope: { brands: ['Pairs'] },
  });
  const body = {
    items: [
      { productId: a.id, qty: 1 },
      { productId: b.id, qty: 1 },
    ],
  };
  // One pair only: no deal yet.
  const single = await h.staff.post('/api/checkout/quote', { items: [{ productId: a.id, qty: 1 }] });
  assert.is(single.status, 200, JSON.stringify(single.body));
  assert.equal(single.body.quote.adjustments, []);

  const q = await h.staff.post('/api/checkout/quote', body);
  assert.is(q.status, 200, JSON.stringify(q.body));
  const quote = q.body.quote;
  const expected = [
    {
      source: 'promotions',
      code: `PROMO-${promo.id}`,
      label: 'Second pair 50%',
      amount: -40,
      units: 2,
      ref_id: promo.id,
      promotion_id: promo.id,
      charge: false,
    },
  ];
  assert.equal(quote.adjustments, expected);
  // $40 off the $80 pair, shared 120:80 over the deal's two pairs.
  assert.equal(
    quote.items.map((i: { adjustment: number; line_total: number }) => [i.adjustment, i.line_total]),
    [
      [-24, 96],
      [-16, 64],
    ],
  );
  // 160.00 + 9% GST (14.40) = 174.40.
  assert.equal([quote.tax_total, quote.grand_total, quote.approval_required], [14.4, 174.4, false]);

  const sale = await h.staff.post('/api/checkout', body);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  assert.equal(inv.adjustments, expected);
  assert.equal([inv.tax_total, inv.grand_total], [14.4, 174.4]);
  assert.equal(
    inv.items.map((i: { adjustment: number; discount: number }) => [i.adjustment, i.discount]),
    [
      [-24, 24],
      [-16, 16],
    ],
  );
  const got = await h.admin.get(`/api/invoices/${inv.id}`);
  assert.equal(got.body.invoice.adjustments, expected, 'the stored invoice lists it too');
  assert.equal(await usageOf(promo.id), { units: 2, cost: 40 });
  assert.is((await h.admin.post(`/api/promotions/${promo.id}/end`, {})).status, 200);
});

test('prices including GST: the GST inside the discounted total, once', async () => {
  const shoe = await addShoe(t, 100, 'Inclusive', 'Sneakers');
  const promo = await addPromotion(h.admin, { name: 'Inclusive 10%', kind: 'PERCENT_OFF', percent_off: 10, scope: { brands: ['Inclusive'] } });
  assert.is((await h.admin.patch('/api/settings', { prices_include_gst: true })).status, 200);
  try {
    const sale = await h.staff.post('/api/checkout', { items: [{ productId: shoe.id, qty: 3 }] });
    assert.is(sale.status, 201, JSON.stringify(sale.body));
    const inv = sale.body.invoice;
    // 300.00 less 10% = 270.00 charged; GST inside: 270 x 9/109 = 22.29.
    assert.equal([inv.adjustments[0].amount, inv.grand_total, inv.tax_total, inv.prices_include_gst], [-30, 270, 22.29, true]);
  } finally {
    assert.is((await h.admin.patch('/api/settings', { prices_include_gst: false })).status, 200);
    await h.admin.post(`/api/promotions/${promo.id}/end`, {});
  }
});

test("a promotion is not the cashier's discount: 50% off needs no manager for a USER (10% limit)", async () => {
  const shoe = await addShoe(t, 100, 'Half', 'Sneakers');
  const promo = await addPromotion(h.admin, { name: 'Half price', kind: 'PERCENT_OFF', percent_off: 50, scope: { brands: ['Half'] } });
  const body = { items: [{ productId: shoe.id, qty: 1, discount: 5 }] };
  const q = await h.staff.post('/api/checkout/quote', body);
  assert.is(q.status, 200, JSON.stringify(q.body));
  assert.is(q.body.quote.approval_required, false);
  const sale = await h.staff.post('/api/checkout', body);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  // $100 less the cashier's $5 = $95; half of that off = $47.50; $47.50 + GST 4.28 = 51.78.
  assert.equal([sale.body.invoice.adjustments[0].amount, sale.body.invoice.grand_total], [-47.5, 51.78]);
  // The cashier's own discount above the limit still asks for a manager.
  const tooMuch = await h.staff.post('/api/checkout', { items: [{ productId: shoe.id, qty: 1, discount: 20 }] });
  assert.equal([tooMuch.status, tooMuch.body.code], [403, 'APPROVAL_REQUIRED']);
  await h.admin.post(`/api/promotions/${promo.id}/end`, {});
});

test("returning one unit of a buy-1-get-1-50% deal refunds exactly that unit's share", async () => {
  const a = await addShoe(t, 120, 'Returns', 'Sneakers');
  const b = await addShoe(t, 80, 'Returns', 'Sneakers');
  const same = await addShoe(t, 100, 'Returns', 'Boots');
  const promo = await addPromotion(h.admin, {
    name: 'B1G1 50%',
    kind: 'BUY_X_GET_Y',
    buy_qty: 1,
    get_qty: 1,
    get_percent_off: 50,
    scope: { brands: ['Returns'] },
  });
  const sale = await h.staff.post('/api/checkout', {
    items: [
      { productId: a.id, qty: 1 },
      { productId: b.id, qty: 1 },
    ],
  });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const inv = sale.body.invoice;
  const ret = (productId: number, invoiceId: number) =>
    h.staff.post('/api/returns', { invoice_id: invoiceId, items: [{ product_id: productId, returned_qty: 1, return_reason: 'Wrong Size' }] });
  // The $80 pair paid 64.00 of the deal (+ 5.76 GST); the $120 pair 96.00 (+ 8.64): together the grand total.
  const cheap = await ret(b.id, inv.id);
  assert.is(cheap.status, 201, JSON.stringify(cheap.body));
  assert.is(cheap.body.creditNote.amount, 69.76);
  const dear = await ret(a.id, inv.id);
  assert.is(dear.status, 201, JSON.stringify(dear.body));
  assert.is(dear.body.creditNote.amount, 104.64);
  assert.is(6976 + 10_464, Math.round(inv.grand_total * 100));

  // Two pairs on one line: the line carries the deal's $50, a unit returned takes back half of it.
  const pair = await h.staff.post('/api/checkout', { items: [{ productId: same.id, qty: 2 }] });
  assert.is(pair.status, 201, JSON.stringify(pair.body));
  assert.equal([pair.body.invoice.adjustments[0].amount, pair.body.invoice.grand_total], [-50, 163.5]);
  const one = await ret(same.id, pair.body.invoice.id);
  assert.is(one.status, 201, JSON.stringify(one.body));
  assert.is(one.body.creditNote.amount, 81.75);
  await h.admin.post(`/api/promotions/${promo.id}/end`, {});
});

test("a voided sale's promotion leaves the promotion's usage", async () => {
  const shoe = await addShoe(t, 50, 'Voided', 'Sneakers');
  const promo = await addPromotion(h.admin, { name: '2 for $80', kind: 'BUNDLE_PRICE', bundle_qty: 2, bundle_price: 80, scope: { brands: ['Voided'] } });
  const kept = await h.staff.post('/api/checkout', { items: [{ productId: shoe.id, qty: 2 }] });
  const voided = await h.staff.post('/api/checkout', { items: [{ productId: shoe.id, qty: 3 }] });
  assert.equal([kept.status, voided.status], [201, 201]);
  assert.equal([kept.body.invoice.adjustments[0].amount, voided.body.invoice.adjustments[0].units], [-20, 2]);
  assert.equal(await usageOf(promo.id), { units: 4, cost: 40 });
  const v = await h.admin.post(`/api/invoices/${voided.body.invoice.id}/void`, { reason: 'Rang up twice' });
  assert.is(v.status, 200, JSON.stringify(v.body));
  assert.equal(await usageOf(promo.id), { units: 2, cost: 20 });
});

test.run();
