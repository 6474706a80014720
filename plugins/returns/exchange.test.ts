// #17.6 exchanges: return + credit note + the new sale paid first by the note, in one transaction. More
// expensive: the sale's payments pay the rest; cheaper: the balance stays on the note or goes back in money;
// a failure in the sale part leaves no return, no note and no stock change.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { cents, makeProduct, sell, stockOf } from '../credit-notes/test-support.js';

let t: TestApp;
let shoe42: number; // $100.00 -> $109.00
let shoe43: number; // $100.00
let boot: number; // $150.00 -> $163.50
let sock: number; // $10.00 -> $10.90

test.before(async () => {
  t = await testApp();
  shoe42 = await makeProduct(t, 'Runner 42', 100, 20);
  shoe43 = await makeProduct(t, 'Runner 43', 100, 20);
  boot = await makeProduct(t, 'Boot', 150, 1);
  sock = await makeProduct(t, 'Sock', 10, 50);
});
test.after(async () => {
  await t.close();
});

const count = (table: string) => t.app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const back = (productId: number) => [{ product_id: productId, returned_qty: 1, return_reason: 'Wrong Size' }];

test('same price, another size: the note pays it all and is USED; stock moves both ways', async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 1 }]);
  const [s42, s43] = [await stockOf(t, shoe42), await stockOf(t, shoe43)];
  const r = await t.staff.post('/api/exchanges', { invoice_id: inv.id, items: back(shoe42), sale: { items: [{ productId: shoe43, qty: 1 }] } });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.returns.length, 1);
  assert.is(r.body.creditNote.status, 'USED');
  assert.is(r.body.sale.invoice.payment_status, 'PAID');
  assert.equal(
    r.body.sale.invoice.payments.map((p: any) => [p.method, p.amount, p.reference]),
    [['CREDIT_NOTE', 109, r.body.creditNote.number]],
  );
  assert.equal(r.body.difference, {
    returned: 109,
    new_total: 109,
    applied: 109,
    difference: 0,
    to_pay: 0,
    to_refund: 0,
    refund_method: 'CREDIT_NOTE',
    refund: null,
    carried_discount: 0,
  });
  assert.is(await stockOf(t, shoe42), s42 + 1);
  assert.is(await stockOf(t, shoe43), s43 - 1);
});

test("more expensive: the note pays first, the sale's NETS payment the rest", async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 1 }]);
  const r = await t.staff.post('/api/exchanges', {
    invoice_id: inv.id,
    items: back(shoe42),
    notes: 'Wants boots',
    sale: { items: [{ productId: boot, qty: 1 }], payments: [{ method: 'NETS', amount: 54.5, reference: 'N-88' }] },
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.sale.invoice.grand_total, 163.5);
  assert.equal(r.body.sale.invoice.payments.map((p: any) => [p.method, p.amount]).sort(), [
    ['CREDIT_NOTE', 109],
    ['NETS', 54.5],
  ]);
  assert.is(r.body.difference.difference, 54.5);
  assert.is(r.body.difference.to_pay, 54.5);
  assert.is(r.body.creditNote.status, 'USED');
  assert.is(r.body.sale.invoice.payment_status, 'PAID');
});

test('cheaper, balance kept on the note: ACTIVE with what is left', async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 1 }]);
  const r = await t.staff.post('/api/exchanges', { invoice_id: inv.id, items: back(shoe42), sale: { items: [{ productId: sock, qty: 2 }] } });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.creditNote.status, 'ACTIVE');
  assert.is(r.body.creditNote.applied_amount, 21.8);
  assert.is(r.body.creditNote.available, 87.2);
  assert.equal(r.body.difference, {
    returned: 109,
    new_total: 21.8,
    applied: 21.8,
    difference: -87.2,
    to_pay: 0,
    to_refund: 87.2,
    refund_method: 'CREDIT_NOTE',
    refund: null,
    carried_discount: 0,
  });
  // #25 a walk-in's balance is bearer money: the reply hands over its code, which spends it (its number does not).
  const { number, redemption_code: code } = r.body.creditNote;
  assert.match(code, /^[0-9A-HJKMNP-TV-Z]{13}$/);
  const pay = (reference: string) =>
    t.staff.post('/api/checkout', { items: [{ productId: sock, qty: 1 }], payments: [{ method: 'CREDIT_NOTE', reference, amount: 10.9 }] });
  const byNumber = await pay(number);
  assert.is(byNumber.status, 400, JSON.stringify(byNumber.body));
  assert.is(byNumber.body.code, 'CREDIT_NOTE_CODE_REQUIRED');
  const byCode = await pay(code);
  assert.is(byCode.status, 201, JSON.stringify(byCode.body));
  assert.equal(
    byCode.body.invoice.payments.map((p: any) => [p.method, p.reference]),
    [['CREDIT_NOTE', number]],
  );
});

test('cheaper, difference in CASH: a sales refund at the till, the note spent (USED)', async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 1 }]);
  const refundsBefore = count('sales_refund');
  const r = await t.staff.post(
    '/api/exchanges',
    { invoice_id: inv.id, items: back(shoe42), refund_method: 'CASH', sale: { items: [{ productId: sock, qty: 1 }] } },
    { 'x-kedai-till': 'Till 2' },
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.difference.difference, -98.1);
  assert.equal(r.body.difference.refund, { method: 'CASH', reference: null, amount: 98.1, paid_out: 98.1, rounding: 0 });
  assert.is(r.body.creditNote.status, 'USED');
  assert.is(r.body.creditNote.available, 0);
  assert.is(count('sales_refund'), refundsBefore + 1);
  assert.equal(t.app.db.prepare('SELECT method, amount_cents, till FROM sales_refund WHERE invoice_id = ?').get(inv.id), {
    method: 'CASH',
    amount_cents: 9810,
    till: 'Till 2',
  });
});

test('Idempotency-Key: a retry of a recorded exchange is refused with its invoice number and takes nothing back twice', async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 2 }]);
  const body = { invoice_id: inv.id, items: back(shoe42), sale: { items: [{ productId: shoe43, qty: 1 }] } };
  const key = { 'idempotency-key': 'exchange-retry-1' };
  const first = await t.staff.post('/api/exchanges', body, key);
  assert.is(first.status, 201, JSON.stringify(first.body));
  const before = [count('returns_return'), count('credit_notes_note'), count('sales_invoice'), await stockOf(t, shoe42)];
  const again = await t.staff.post('/api/exchanges', body, key);
  assert.is(again.status, 409, JSON.stringify(again.body));
  assert.is(again.body.details.number, first.body.sale.number);
  assert.equal([count('returns_return'), count('credit_notes_note'), count('sales_invoice'), await stockOf(t, shoe42)], before);
});

test('a failure in the sale part (stock, payments, bad product) writes nothing: no return, no note, no stock change', async () => {
  const inv = await sell(t, [{ productId: shoe42, qty: 1 }]);
  const snapshot = async () => [
    count('returns_return'),
    count('credit_notes_note'),
    count('sales_invoice'),
    count('sales_payment'),
    count('sales_refund'),
    await stockOf(t, shoe42),
    await stockOf(t, boot),
    await stockOf(t, sock),
  ];
  const cases: [object, number][] = [
    [{ items: [{ productId: boot, qty: 5 }], payments: [{ method: 'NETS', amount: 708.5, reference: 'x' }] }, 409], // stock (5 x 163.50 - 109)
    [{ items: [{ productId: boot, qty: 1 }], payments: [{ method: 'NETS', amount: 10, reference: 'x' }] }, 400], // does not cover
    [{ items: [{ productId: 999999, qty: 1 }] }, 404],
    [{ items: [] }, 400],
  ];
  for (const [sale, status] of cases) {
    const before = await snapshot();
    const r = await t.staff.post('/api/exchanges', { invoice_id: inv.id, items: back(shoe42), sale });
    assert.is(r.status, status, JSON.stringify(r.body));
    assert.equal(await snapshot(), before);
  }
  // And a bad return part, and a PayNow difference with no reference.
  const before = await snapshot();
  assert.is(
    (
      await t.staff.post('/api/exchanges', {
        invoice_id: inv.id,
        items: [{ product_id: shoe42, returned_qty: 2, return_reason: 'Wrong Size' }],
        sale: { items: [{ productId: sock, qty: 1 }] },
      })
    ).status,
    409,
  );
  const noRef = await t.staff.post('/api/exchanges', {
    invoice_id: inv.id,
    items: back(shoe42),
    refund_method: 'PAYNOW',
    sale: { items: [{ productId: sock, qty: 1 }] },
  });
  assert.is(noRef.status, 400);
  assert.is(noRef.body.details.field, 'refund_reference');
  assert.equal(await snapshot(), before);
  assert.is(cents(inv.grand_total), 10900);
});

test.run();
