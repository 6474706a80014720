// #29 the customer display greets the customer the till chose: their name (read by the server from the id the till
// publishes) and every plugin's badge for them (a test plugin's, as loyalty declares its points); no customer, no
// greeting; an unknown id is a 404 naming customerId. The real points badge is asserted over the whole app too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../../core/plugin.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { addProduct } from '../sales/test-support.js';
import { displayView } from './view.js';

let t: TestApp;
let shoe: number;
let customer: number;

const visits = definePlugin({
  name: 'test-visits',
  dependsOn: ['customers'],
  customerBadges: [(_db, id) => (id === customer ? { label: 'Visits', value: '12' } : null)],
});

test.before(async () => {
  t = await testApp({ morePlugins: [visits] });
  shoe = await addProduct(t, 100, 20, 'Greeting Runner');
  const r = await t.staff.post('/api/customers', { name: 'Mdm Tan', phone: '+65 9000 0001' });
  customer = r.body.customer.id;
});
test.after(async () => {
  await t.close();
});

const ctx = { till: 'Till 1', timeZone: 'Asia/Singapore', at: new Date('2026-11-27T03:00:00Z') };

test("the chosen customer: their name and each plugin's badge (loyalty's points, the test plugin's visits)", async () => {
  const v = await displayView(t.app.db, { phase: 'CART', items: [{ productId: shoe, qty: 1 }], customerId: customer }, ctx);
  assert.equal(v.customer, {
    name: 'Mdm Tan',
    badges: [
      { label: 'Points', value: '0 ($0.00)' },
      { label: 'Visits', value: '12' },
    ],
  });
  const sale = await t.staff.post('/api/checkout', { items: [{ productId: shoe, qty: 1 }], customerId: customer, payments: [{ method: 'NETS', amount: 109 }] });
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  const after = await displayView(t.app.db, { phase: 'CART', items: [{ productId: shoe, qty: 2 }], customerId: customer }, ctx);
  assert.equal(after.customer?.badges[0], { label: 'Points', value: '109 ($1.09)' });
});

test('no customer chosen: no greeting; an unknown customer: 404 naming customerId', async () => {
  const v = await displayView(t.app.db, { phase: 'CART', items: [{ productId: shoe, qty: 1 }] }, ctx);
  assert.not.ok('customer' in v);
  try {
    await displayView(t.app.db, { phase: 'CART', items: [{ productId: shoe, qty: 1 }], customerId: 999999 }, ctx);
    assert.unreachable('an unknown customer is refused');
  } catch (err) {
    assert.is((err as { statusCode?: number }).statusCode, 404);
    assert.equal((err as { details?: unknown }).details, { field: 'customerId' });
  }
});

test.run();
