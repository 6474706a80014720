// The checkout's side of another plugin's tender (tender-rules.ts): what it pays, and its payment first in the body.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutTender } from '../schemas.js';
import { appliedTenders, tenderAppliedCents, tendersCents, withTender, withTenderApplied, withTenderRemoved, withTenders } from './tender-rules.js';

const CODE = '7KQ2M9XD4HT0B';
const tender = (over: Partial<CheckoutTender> = {}): CheckoutTender => ({
  method: 'CREDIT_NOTE',
  reference: CODE,
  label: 'CN-20250101-0001',
  available: 30,
  ...over,
});

test('applied = min(available, total); the tender pays first and the rest keeps its method', () => {
  assert.is(tenderAppliedCents(tender(), 10900), 3000);
  assert.is(tenderAppliedCents(tender({ available: 500 }), 10900), 10900);
  assert.is(tenderAppliedCents(null, 10900), 0);
  assert.equal(withTender({ items: [], payments: [{ method: 'NETS', amount: 79, reference: 'A1' }] }, tender(), 3000).payments, [
    { method: 'CREDIT_NOTE', reference: CODE, amount: 30 },
    { method: 'NETS', amount: 79, reference: 'A1' },
  ]);
  assert.equal(withTender({ items: [], payments: [{ method: 'CASH', amount: 0 }], tendered: 0 }, tender({ available: 500 }), 10900), {
    items: [],
    payments: [{ method: 'CREDIT_NOTE', reference: CODE, amount: 109 }],
  });
  assert.equal(withTender({ items: [] }, null, 0), { items: [] });
});

test('several tenders: each pays all it can of what the ones before it left, in the order applied', () => {
  const note = tender({ available: 30 });
  const card = tender({ method: 'GIFT_CARD', reference: 'GC1', label: 'GC ****0001', available: 50 });
  const card2 = tender({ method: 'GIFT_CARD', reference: 'GC2', label: 'GC ****0002', available: 100 });
  // $109.00: the note $30, the first card $50, the second the $29 left; nothing for the method below.
  const applied = appliedTenders([note, card, card2], 10900);
  assert.equal(
    applied.map((t) => [t.reference, t.amount]),
    [
      [CODE, 30],
      ['GC1', 50],
      ['GC2', 29],
    ],
  );
  assert.is(tendersCents(applied), 10900);
  // The sale got smaller (a discount): the last card pays less, a tender after a full cover pays 0 and is not sent.
  const smaller = appliedTenders([note, card, card2], 7000);
  assert.equal(
    smaller.map((t) => t.amount),
    [30, 40, 0],
  );
  assert.equal(withTenders({ items: [], payments: [{ method: 'CASH', amount: 0 }], tendered: 0 }, smaller), {
    items: [],
    payments: [
      { method: 'CREDIT_NOTE', reference: CODE, amount: 30 },
      { method: 'GIFT_CARD', reference: 'GC1', amount: 40 },
    ],
  });
  // Cents: $10.01 of a $12.34 card, then cash for the rest keeps its tendered.
  const cents = appliedTenders([tender({ method: 'GIFT_CARD', reference: 'GC3', available: 10.01 })], 1234);
  assert.equal(withTenders({ items: [], payments: [{ method: 'CASH', amount: 2.33 }], tendered: 5 }, cents), {
    items: [],
    payments: [
      { method: 'GIFT_CARD', reference: 'GC3', amount: 10.01 },
      { method: 'CASH', amount: 2.33 },
    ],
    tendered: 5,
  });
  assert.equal(withTenders({ items: [] }, []), { items: [] });
});

test('applying the same tender again replaces it in place; removing takes only that one', () => {
  const a = tender({ method: 'GIFT_CARD', reference: 'A', available: 10 });
  const b = tender({ method: 'GIFT_CARD', reference: 'B', available: 20 });
  const note = tender();
  let list = withTenderApplied(withTenderApplied(withTenderApplied([], a), note), b);
  assert.equal(
    list.map((t) => t.reference),
    ['A', CODE, 'B'],
  );
  list = withTenderApplied(list, { ...a, available: 15 });
  assert.equal(
    list.map((t) => [t.reference, t.available]),
    [
      ['A', 15],
      [CODE, 30],
      ['B', 20],
    ],
  );
  // Same reference, other method: another tender.
  assert.is(withTenderApplied(list, { ...a, method: 'LOYALTY_POINTS' }).length, 4);
  assert.equal(
    withTenderRemoved(list, { method: 'GIFT_CARD', reference: 'A' }).map((t) => t.reference),
    [CODE, 'B'],
  );
});

test.run();
