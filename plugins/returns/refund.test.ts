// The refund arithmetic on its own: shares add up exactly, each is its proportion rounded, and any sequence
// of partial returns refunds exactly the grand total once everything is back (never more on the way).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyBps } from '../../core/money.js';
import { largestRemainder, lineShares, returnRefund } from './refund.js';

test('largestRemainder: parts sum to the total and each is floor or ceil of its share', () => {
  assert.equal(largestRemainder(100, [1, 1, 1]), [34, 33, 33]);
  assert.equal(
    largestRemainder(
      4,
      [1.2, 1.3, 1.5].map((x) => x * 10),
    ),
    [1, 1, 2],
  );
  assert.equal(largestRemainder(0, [5, 5]), [0, 0]);
  assert.equal(largestRemainder(7, [0, 0]), [0, 0]);
  // Big amounts do not lose precision.
  const big = largestRemainder(9_999_999_999, [3_333_333_333, 6_666_666_667]);
  assert.is(big[0] + big[1], 9_999_999_999);
});

test('lineShares: the spec (docs/spec.md) example, 3 lines with an invoice discount', () => {
  // 114.80 + 120.00 + 46.50 = 281.30; 10% off -> 253.17; GST 22.79.
  const shares = lineShares({ subtotal_cents: 28130, invoice_discount_cents: 2813, tax_total_cents: 2279 }, [
    { id: 1, line_total_cents: 11480 },
    { id: 2, line_total_cents: 12000 },
    { id: 3, line_total_cents: 4650 },
  ]);
  assert.equal(shares.get(1), { netCents: 10332, taxCents: 930 });
  assert.equal(shares.get(2), { netCents: 10800, taxCents: 972 });
  assert.equal(shares.get(3), { netCents: 4185, taxCents: 377 });
  assert.equal(returnRefund(shares.get(1)!, 2, 0, 1), { netCents: 5166, taxCents: 465 });
});

test('random invoices and return sequences: never above what was charged, exactly it at the end', () => {
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let round = 0; round < 2000; round++) {
    const lines = Array.from({ length: 1 + rnd(5) }, (_, i) => {
      const qty = 1 + rnd(6);
      const price = rnd(30000);
      return { id: i + 1, qty, line_total_cents: Math.max(0, qty * price - rnd(500)) };
    });
    const subtotal = lines.reduce((s, l) => s + l.line_total_cents, 0);
    const discount = applyBps(subtotal, rnd(3000));
    const tax = applyBps(subtotal - discount, 900);
    const grand = subtotal - discount + tax;
    const shares = lineShares({ subtotal_cents: subtotal, invoice_discount_cents: discount, tax_total_cents: tax }, lines);
    let refunded = 0;
    for (const l of lines) {
      let before = 0;
      while (before < l.qty) {
        const q = 1 + rnd(l.qty - before);
        const r = returnRefund(shares.get(l.id)!, l.qty, before, q);
        assert.ok(r.netCents >= 0 && r.taxCents >= 0);
        refunded += r.netCents + r.taxCents;
        before += q;
        assert.ok(refunded <= grand);
      }
    }
    assert.is(refunded, grand);
  }
});

test.run();
