// The one rule every receipt and invoice prints adjustments by (#28.2, adjustments-print.ts): each line before its
// adjustments with only the cashier's discount, then a row per adjustment; lines + adjustments = Subtotal exactly.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { printedAdjustments, printedItem, printedLine } from './adjustments-print.js';

// 2 x $80.00 with $5.00 off by the cashier and -$40.00 of a "second pair" deal inside the stored discount ($45.00),
// 3 x $33.33 with $9.99 of a deal spread unevenly (-$3.33, -$3.33, -$3.33) and nothing from the cashier, $10.00 plain.
const lines = [
  { discount_cents: 4500, line_total_cents: 11_500, adjustment_cents: -4000 },
  { discount_cents: 999, line_total_cents: 9000, adjustment_cents: -999 },
  { discount_cents: 0, line_total_cents: 1000, adjustment_cents: 0 },
];
const adjustments = [
  { label: 'Second pair 50%', amount_cents: -4000 },
  { label: '3 for $90', amount_cents: -999 },
];

test('a line prints before its adjustments, with only the cashier discount', () => {
  assert.equal(printedLine(lines[0]), { amountCents: 15_500, ownDiscountCents: 500 });
  assert.equal(printedLine(lines[1]), { amountCents: 9999, ownDiscountCents: 0 });
  assert.equal(printedLine(lines[2]), { amountCents: 1000, ownDiscountCents: 0 });
});

test('lines + adjustments = the Subtotal (the stored line totals), to the cent', () => {
  const subtotal = lines.reduce((s, l) => s + l.line_total_cents, 0);
  const printed = lines.reduce((s, l) => s + printedLine(l).amountCents, 0);
  const rows = printedAdjustments(adjustments);
  assert.equal(rows, [
    { label: 'Second pair 50%', amountCents: -4000 },
    { label: '3 for $90', amountCents: -999 },
  ]);
  assert.is(subtotal, 21_500);
  assert.is(printed + rows.reduce((s, a) => s + a.amountCents, 0), subtotal);
});

test('an invoice item in dollars (the screens) follows the same rule; no adjustment: the line as stored', () => {
  assert.equal(printedItem({ discount: 45, line_total: 115, adjustment: -40 }), { amount: 155, ownDiscount: 5 });
  assert.equal(printedItem({ discount: 9.99, line_total: 90, adjustment: -9.99 }), { amount: 99.99, ownDiscount: 0 });
  assert.equal(printedItem({ discount: 0.1, line_total: 0.2, adjustment: -0.1 }), { amount: 0.3, ownDiscount: 0 });
  assert.equal(printedItem({ discount: 2, line_total: 18 }), { amount: 18, ownDiscount: 2 });
});

test.run();
