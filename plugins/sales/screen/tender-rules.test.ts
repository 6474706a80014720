// The checkout's side of another plugin's tender (tender-rules.ts): what it pays, and its payment first in the body.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutTender } from '../schemas.js';
import { tenderAppliedCents, withTender } from './tender-rules.js';

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

test.run();
