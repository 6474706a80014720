// #25.1: an exchange's Idempotency-Key belongs to the user who first sent it, as at checkout. Over real HTTP:
// another user retrying it gets checkout's 409 IDEMPOTENCY_KEY_REUSED, naming nothing of the first user's sale
// (no invoice number, no invoice id) and writing nothing; the same user's retry keeps the 409
// EXCHANGE_ALREADY_RECORDED naming their own sale.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type Client, type TestApp } from '../../tests/helpers/app.js';
import { listenHttp, type HttpApp } from '../../tests/helpers/http.js';
import { usersRepo } from '../../core/auth/users.js';
import { makeProduct, sell, stockOf } from '../credit-notes/test-support.js';

let t: TestApp;
let h: HttpApp;
let other: Client; // a second USER, over HTTP
let shoe42: number;
let shoe43: number;

test.before(async () => {
  t = await testApp();
  usersRepo(t.app.db, t.config.scryptLogN).create('staff2', 'staff2-pass-123', 'USER');
  h = await listenHttp(t);
  other = h.client((await t.login('staff2', 'staff2-pass-123')).token);
  shoe42 = await makeProduct(t, 'Key Runner 42', 100, 20);
  shoe43 = await makeProduct(t, 'Key Runner 43', 100, 20);
});
test.after(async () => {
  await t.close();
});

const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const snapshot = async () => [
  count('returns_return'),
  count('credit_notes_note'),
  count('sales_invoice'),
  count('sales_payment'),
  await stockOf(t, shoe42),
  await stockOf(t, shoe43),
];
const exchangeBody = (invoiceId: number) => ({
  invoice_id: invoiceId,
  items: [{ product_id: shoe42, returned_qty: 1, return_reason: 'Wrong Size' }],
  sale: { items: [{ productId: shoe43, qty: 1 }] },
});
/** Checkout's refusal of another user's key, as the till sees it. */
const CHECKOUT_REFUSAL = { error: 'This Idempotency-Key was already used by another user; send a new key for this sale', code: 'IDEMPOTENCY_KEY_REUSED' };

test("another user retrying an exchange's key: 409 IDEMPOTENCY_KEY_REUSED in checkout's words, no number, no id, nothing written", async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 2 }]);
  const key = { 'idempotency-key': 'exchange-key-per-user-1' };
  const first = await h.staff.post('/api/exchanges', exchangeBody(inv.id), key);
  assert.is(first.status, 201, JSON.stringify(first.body));
  const saleNumber: string = first.body.sale.number;
  const saleId: number = first.body.sale.invoiceId;
  assert.match(saleNumber, /^INV-\d{8}-\d{4}$/);

  const before = await snapshot();
  for (const who of [h.admin, other]) {
    const again = await who.post('/api/exchanges', exchangeBody(inv.id), key);
    assert.is(again.status, 409, again.raw.toString());
    assert.equal(again.body, CHECKOUT_REFUSAL);
    const raw = again.raw.toString('utf8');
    assert.not.ok(raw.includes(saleNumber), "the other user's invoice number");
    assert.not.ok(/invoice/i.test(raw), 'no invoice field');
    assert.not.ok(raw.includes(String(saleId)), "the other user's invoice id");
  }
  assert.equal(await snapshot(), before);

  // The same user's retry still names their own sale.
  const mine = await h.staff.post('/api/exchanges', exchangeBody(inv.id), key);
  assert.is(mine.status, 409);
  assert.is(mine.body.code, 'EXCHANGE_ALREADY_RECORDED');
  assert.is(mine.body.error, `This exchange was already recorded as ${saleNumber}`);
  assert.equal(mine.body.details, { invoiceId: saleId, number: saleNumber });
  assert.equal(await snapshot(), before);
});

test('a key another user spent on a plain sale: the exchange gets the same refusal as checkout, and nothing is taken back', async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 1 }]);
  const key = { 'idempotency-key': 'exchange-key-per-user-2' };
  const sale = await h.admin.post('/api/checkout', { items: [{ productId: shoe43, qty: 1 }] }, key);
  assert.is(sale.status, 201, JSON.stringify(sale.body));
  // Checkout itself refuses staff the admin's key ...
  const viaCheckout = await h.staff.post('/api/checkout', { items: [{ productId: shoe43, qty: 1 }] }, key);
  assert.is(viaCheckout.status, 409);
  assert.equal(viaCheckout.body, CHECKOUT_REFUSAL);
  // ... and so does an exchange, word for word.
  const before = await snapshot();
  const r = await h.staff.post('/api/exchanges', exchangeBody(inv.id), key);
  assert.is(r.status, 409, r.raw.toString());
  assert.equal(r.body, viaCheckout.body);
  assert.not.ok(r.raw.toString().includes(sale.body.number));
  assert.equal(await snapshot(), before);
  // With a key of its own the same exchange goes through (the refusal was about the key, not the exchange).
  const fresh = await h.staff.post('/api/exchanges', exchangeBody(inv.id), { 'idempotency-key': 'exchange-key-per-user-3' });
  assert.is(fresh.status, 201, JSON.stringify(fresh.body));
});

test.run();
