// The oracle's model on its own (no server), against the worked rules of docs/money.md and the issue (#25): if the
// model were wrong here, the oracle would hold the server to a wrong figure.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gstInside, gstOnTop, largestRemainder, round5 } from './cents.js';
import { endOfDayFigures, salesFigures, shiftFigures } from './figures.js';
import { FIXED_RUN, MIN_OPERATIONS } from './fixed-run.js';
import { Shop, type Op } from './model.js';
import { dryRun } from './dry-run.js';

const DAY = '2026-01-15';
const AT = '2026-01-15T04:00:00.000Z';

/** A model with fake replies: ids count up, every date is DAY. */
function fakeShop(prices: number[]) {
  const shop = new Shop();
  let id = 100;
  prices.forEach((p, i) => {
    shop.products.set(i + 1, { id: i + 1, name: `P${i + 1}`, priceCents: p, costCents: 0, stock: 1000 });
  });
  const noteJson = () => {
    const n = ++id;
    return { id: n, number: `CN-${n}` };
  };
  const saleJson = () => {
    const n = ++id;
    return { invoiceId: n, number: `INV-${n}`, invoice: { business_date: DAY } };
  };
  const run = (op: Op) => {
    const plan = shop.plan(op);
    if (!plan.expect.ok) return { refused: plan.expect.why, plan };
    let reply: any;
    switch (op.type) {
      case 'sale':
        reply = saleJson();
        break;
      case 'customer':
        reply = { customer: { id: ++id } };
        break;
      case 'payment':
        reply = { payment: { date: AT } };
        break;
      case 'return':
        reply = { returns: [{ business_date: DAY }], creditNote: noteJson() };
        break;
      case 'exchange':
        reply = { returns: [{ business_date: DAY }], creditNote: noteJson(), sale: saleJson() };
        break;
      case 'void':
        reply = { invoice: { voided_at: AT } };
        break;
      case 'move':
        reply = { movement: { created_at: AT } };
        break;
      case 'open':
        reply = { shift: { id: ++id, opened_at: AT } };
        break;
      default:
        reply = {};
    }
    plan.commit(reply);
    return { refused: null, plan, id };
  };
  const last = () => [...shop.invoices.values()].at(-1)!;
  const moneyBackOn = (invoiceId: number) =>
    -shop.rows
      .filter((r) => r.invoiceId === invoiceId && ((r.kind === 'REFUND' && r.method !== 'CREDIT_NOTE') || (r.kind === 'ROUNDING' && !r.atSale)))
      .reduce((s, r) => s + r.cents, 0);
  return { shop, run, last, moneyBackOn };
}

test('cents: GST once per invoice half-up, 9/109 inside, the 5-cent rule, largest remainder', () => {
  assert.is(gstOnTop(1_000), 90);
  assert.is(gstOnTop(5), 0); // 0.45 -> 0
  assert.is(gstOnTop(50), 5); // 4.5 -> 5 (half-up)
  assert.is(gstInside(2_180), 180);
  assert.is(gstInside(109), 9);
  assert.equal([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009].map(round5), [1000, 1000, 1005, 1005, 1005, 1005, 1005, 1010, 1010]);
  assert.equal(largestRemainder(100, [1, 1, 1]), [34, 33, 33]);
  assert.equal(largestRemainder(10, [0, 5, 5]), [0, 5, 5]);
});

test('ten one-unit cash refunds of a $21.80 cash sale pay out $21.80 (running-total rounding)', () => {
  const { shop, run, last, moneyBackOn } = fakeShop([218]);
  shop.pricesIncludeGst = true;
  shop.cashRounding = true;
  run({ type: 'open', till: 'Till 1', floatCents: 0 });
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 1, qty: 10, discountCents: 0 }],
    payments: [],
    tenderedCents: null,
  });
  const inv = last();
  assert.is(inv.grand, 2_180);
  assert.is(inv.rounding, 0);
  const paid: number[] = [];
  for (let i = 0; i < 10; i++) {
    const before = moneyBackOn(inv.id);
    run({ type: 'return', invoiceId: inv.id, items: [{ productId: 1, qty: 1 }], method: 'CASH', till: 'Till 1' });
    paid.push(moneyBackOn(inv.id) - before);
  }
  // round5 of the running total 2.18, 4.36, 6.54 ... 21.80, less what was paid out before.
  assert.equal(paid, [220, 215, 220, 215, 220, 220, 215, 220, 215, 220]);
  assert.is(moneyBackOn(inv.id), 2_180);
  assert.is(shop.refundable(inv.id), 0);
  assert.is(shop.notes.size, 0);
  assert.is(shiftFigures(shop, [...shop.shifts.values()][0]).expected, 0);
});

test('a cash sale rounded down refunds what it took: $10.02 paid $10.00 comes back as $10.00 (cash) or $10.00 + a 2c note (PayNow)', () => {
  const { shop, run, last, moneyBackOn } = fakeShop([1_002]);
  shop.pricesIncludeGst = true;
  shop.cashRounding = true;
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 1, qty: 2, discountCents: 0 }],
    payments: [],
    tenderedCents: null,
  });
  const inv = last();
  assert.is(inv.grand, 2_004);
  assert.is(inv.rounding, 1); // 20.04 -> 20.05
  // The GST inside $20.04 is 1.65: the first unit's share is $10.03 (9.20 + 0.83, each half-up), the second's $10.01.
  run({ type: 'return', invoiceId: inv.id, items: [{ productId: 1, qty: 1 }], method: 'CASH', till: null });
  assert.is(moneyBackOn(inv.id), 1_005); // round5(10.03)
  run({ type: 'return', invoiceId: inv.id, items: [{ productId: 1, qty: 1 }], method: 'CASH', till: null });
  assert.is(moneyBackOn(inv.id), 2_005); // round5(20.04) = 20.05: exactly what the sale took
  assert.is(shop.refundable(inv.id), 0);

  const b = fakeShop([1_002]);
  b.shop.pricesIncludeGst = true;
  b.shop.cashRounding = true;
  b.run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 1, qty: 1 }].map((l) => ({ ...l, discountCents: 0 })),
    payments: [],
    tenderedCents: null,
  });
  const inv2 = b.last();
  assert.is(inv2.rounding, -2);
  b.run({ type: 'return', invoiceId: inv2.id, items: [{ productId: 1, qty: 1 }], method: 'PAYNOW', till: null });
  assert.is(b.moneyBackOn(inv2.id), 1_000);
  assert.is([...b.shop.notes.values()][0].amount, 2);
});

test('value from a credit note goes back as a credit note, never as cash', () => {
  const { shop, run, last, moneyBackOn } = fakeShop([6_000, 10_000]);
  shop.pricesIncludeGst = true;
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [],
    tenderedCents: null,
  });
  run({ type: 'return', invoiceId: last().id, items: [{ productId: 1, qty: 1 }], method: 'CREDIT_NOTE', till: null });
  const note = [...shop.notes.values()][0];
  assert.is(note.amount, 6_000);
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 2, qty: 1, discountCents: 0 }],
    payments: [
      { method: 'CREDIT_NOTE', cents: 6_000, noteId: note.id },
      { method: 'CASH', cents: 4_000 },
    ],
    tenderedCents: null,
  });
  const inv = last();
  assert.is(shop.noteStatus(note), 'USED');
  run({ type: 'return', invoiceId: inv.id, items: [{ productId: 2, qty: 1 }], method: 'CASH', till: null });
  assert.is(moneyBackOn(inv.id), 4_000);
  const back = [...shop.notes.values()].find((n) => n.invoiceId === inv.id)!;
  assert.is(back.amount, 6_000);
  assert.is(back.applied, 0);
  const f = salesFigures(shop, DAY, DAY);
  assert.is(f.credit_notes_taken, 6_000);
  assert.is([...f.totals_by_method.values()].reduce((a, b) => a + b, 0) + f.credit_notes_taken, f.total_sales + f.rounding_total);
  assert.is(f.returns_total, 16_000);
});

test("a customer's return first lowers what they owe; the rest comes back in money up to what they paid", () => {
  const { shop, run, last, moneyBackOn } = fakeShop([10_000]);
  run({ type: 'customer', name: 'C', limitCents: 100_000, termsDays: 30 });
  const c = [...shop.customers.values()][0].id;
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: c,
    lines: [{ productId: 1, qty: 2, discountCents: 0 }],
    payments: [{ method: 'CASH', cents: 3_000 }],
    tenderedCents: null,
  });
  const inv = last();
  assert.is(inv.grand, 21_800);
  assert.is(inv.outstanding, 18_800);
  run({ type: 'return', invoiceId: inv.id, items: [{ productId: 1, qty: 1 }], method: 'CASH', till: null });
  assert.is(shop.customerOutstanding(c), 7_900);
  assert.is(moneyBackOn(inv.id), 0);
  run({ type: 'return', invoiceId: inv.id, items: [{ productId: 1, qty: 1 }], method: 'CASH', till: null });
  assert.is(shop.customerOutstanding(c), 0);
  assert.is(moneyBackOn(inv.id), 3_000);
  const notes = [...shop.notes.values()];
  assert.equal(
    notes.map((n) => [n.amount, n.applied, shop.noteStatus(n)]),
    [
      [10_900, 10_900, 'USED'],
      [7_900, 7_900, 'USED'],
    ],
  );
  assert.is(salesFigures(shop, DAY, DAY).credit_notes_applied, 18_800);
});

test("a customer's sale settled in full in cash rounds like a walk-in's; a part left on account stays exact", () => {
  const { shop, run, last } = fakeShop([1_002]);
  shop.pricesIncludeGst = true;
  shop.cashRounding = true;
  run({ type: 'customer', name: 'C', limitCents: 100_000, termsDays: 30 });
  const c = [...shop.customers.values()][0].id;
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: c,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [{ method: 'CASH', cents: 1_002 }],
    tenderedCents: null,
  });
  assert.is(last().rounding, -2);
  assert.is(last().outstanding, 0);
  // Handing over the rounded amount, as a walk-in would, settles it in full too.
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: c,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [{ method: 'CASH', cents: 1_000 }],
    tenderedCents: null,
  });
  assert.is(last().rounding, -2);
  assert.is(last().outstanding, 0);
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: c,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [{ method: 'CASH', cents: 500 }],
    tenderedCents: null,
  });
  assert.is(last().rounding, 0);
  assert.is(last().outstanding, 502);
});

test('a void gives back what the invoice holds by method (and the amount owed as CREDIT); the day keeps the money it took', () => {
  const { shop, run, last } = fakeShop([10_000]);
  shop.pricesIncludeGst = true;
  run({ type: 'open', till: 'Till 1', floatCents: 5_000 });
  run({ type: 'customer', name: 'C', limitCents: 100_000, termsDays: 30 });
  const c = [...shop.customers.values()][0].id;
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: c,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [{ method: 'NETS', cents: 2_000 }],
    tenderedCents: null,
  });
  const inv = last();
  run({ type: 'payment', customerId: c, method: 'CASH', cents: 3_000, till: 'Till 1' });
  run({ type: 'void', invoiceId: inv.id, till: null });
  const refunds = shop.rows.filter((r) => r.kind === 'VOID_REFUND').map((r) => [r.method, r.cents, r.shiftId]);
  const shift = [...shop.shifts.values()][0].id;
  assert.equal(refunds, [
    ['NETS', -2_000, shift],
    ['CASH', -3_000, shift],
    ['CREDIT', -5_000, shift],
  ]);
  assert.is(shop.customerOutstanding(c), 0);
  const eod = endOfDayFigures(shop, DAY);
  assert.is(eod.total_sales, 0);
  assert.equal([...eod.voided_sales_received], [['NETS', 2_000]]);
  assert.is(eod.cash.customer_payments, 3_000);
  assert.is(eod.cash.refunds, 3_000);
  assert.is(eod.cash.expected_in_drawer, 5_000);
  assert.is(shiftFigures(shop, [...shop.shifts.values()][0]).expected, 5_000);
});

test('a void from the back office is paid from the shift that took the money while it is open, else from the back office', () => {
  const { shop, run, last } = fakeShop([1_000]);
  shop.pricesIncludeGst = true;
  run({ type: 'open', till: 'Till 1', floatCents: 0 });
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [],
    tenderedCents: null,
  });
  const a = last();
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [],
    tenderedCents: null,
  });
  const b = last();
  run({ type: 'void', invoiceId: a.id, till: null });
  const s = [...shop.shifts.values()][0];
  shop.plan({ type: 'close', shiftId: s.id, counted: {}, countedCents: 1_000 }).commit({});
  run({ type: 'void', invoiceId: b.id, till: null });
  assert.equal(
    shop.rows.filter((r) => r.kind === 'VOID_REFUND').map((r) => [r.shiftId, r.drawer]),
    [
      [s.id, null],
      [null, 'BACK_OFFICE'],
    ],
  );
  assert.is(shiftFigures(shop, s).expected, 1_000);
  assert.is(endOfDayFigures(shop, DAY).cash.expected_in_drawer, 1_000); // the back office's cash is not the drawer's
  assert.equal([...endOfDayFigures(shop, DAY).refunds], [['CASH', 2_000]]);
});

test('an exchange: the note pays the new sale first; a balance in money never exceeds the money the invoice took', () => {
  const { shop, run, last, moneyBackOn } = fakeShop([5_000, 2_000]);
  shop.pricesIncludeGst = true;
  run({ type: 'open', till: 'Till 1', floatCents: 0 });
  run({
    type: 'sale',
    till: 'Till 1',
    user: 'staff',
    customerId: null,
    lines: [{ productId: 1, qty: 1, discountCents: 0 }],
    payments: [],
    tenderedCents: null,
  });
  const inv = last();
  run({
    type: 'exchange',
    invoiceId: inv.id,
    items: [{ productId: 1, qty: 1 }],
    sale: { lines: [{ productId: 2, qty: 1, discountCents: 0 }], payments: [], tenderedCents: null },
    method: 'CASH',
    till: 'Till 1',
  });
  const note = [...shop.notes.values()][0];
  assert.equal([note.amount, note.applied, shop.noteStatus(note)], [5_000, 5_000, 'USED']);
  assert.is(moneyBackOn(inv.id), 3_000);
  const f = salesFigures(shop, DAY, DAY);
  assert.is(f.credit_notes_taken, 2_000);
  assert.is(f.credit_notes_applied, 3_000); // the note's balance paid out in money
  assert.equal([...f.refunds_by_method], [['CASH', 3_000]]);
  assert.is(shiftFigures(shop, [...shop.shifts.values()][0]).expected, 2_000);
});

test(`the fixed run makes at least ${MIN_OPERATIONS} operations, every one the model can plan (dry run, no server)`, async () => {
  const r = await dryRun(FIXED_RUN);
  assert.is(r.error, null, String(r.error));
  assert.ok(r.ops >= MIN_OPERATIONS, `seed ${FIXED_RUN.seed}: ${r.ops} operations`);
  assert.ok(r.refused > 0 && r.refused < r.ops / 4, `${r.refused} of ${r.ops} refused: some, not most`);
});

test.run();
