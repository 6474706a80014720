// The till's points maths (#29): whole points of the point's value, up to what is due and what the customer has,
// from the shop's minimum.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pointCents, pointsText, pointsToUse } from './points-rules.js';

test('points pay all they can, up to the balance', () => {
  // 1,240 points at $0.01 = $12.40, $109.00 due: all of them.
  assert.equal(pointsToUse({ balance: 1240, pointValue: 0.01, minRedeem: 0, remainingCents: 10900 }), { points: 1240, amountCents: 1240, problem: null });
});

test('points pay no more than what is due', () => {
  // $7.35 due at $0.01 a point: 735 of 1,240.
  assert.equal(pointsToUse({ balance: 1240, pointValue: 0.01, minRedeem: 0, remainingCents: 735 }), { points: 735, amountCents: 735, problem: null });
});

test('whole points only: a point worth $0.05 pays the due rounded down to 5 cents', () => {
  // $7.37 due: 147 points = $7.35; the 2 cents left are paid by the method below.
  assert.equal(pointsToUse({ balance: 1000, pointValue: 0.05, minRedeem: 0, remainingCents: 737 }), { points: 147, amountCents: 735, problem: null });
  // Less than one point's worth due: nothing.
  assert.is(pointsToUse({ balance: 1000, pointValue: 0.05, minRedeem: 0, remainingCents: 4 }).problem, 'Nothing left to pay with points');
});

test('the minimum to redeem: below it points cannot pay; at it, they can', () => {
  const below = pointsToUse({ balance: 499, pointValue: 0.01, minRedeem: 500, remainingCents: 10000 });
  assert.equal(below, { points: 0, amountCents: 0, problem: 'Points pay from 500 points: this customer has 499 points' });
  assert.is(pointsToUse({ balance: 500, pointValue: 0.01, minRedeem: 500, remainingCents: 10000 }).points, 500);
  // The minimum is on the balance, not on the points used: a small rest may be paid by fewer points.
  assert.is(pointsToUse({ balance: 600, pointValue: 0.01, minRedeem: 500, remainingCents: 120 }).points, 120);
});

test('no points, or nothing due', () => {
  assert.is(pointsToUse({ balance: 0, pointValue: 0.01, minRedeem: 0, remainingCents: 100 }).problem, 'No points to use');
  assert.is(pointsToUse({ balance: 10, pointValue: 0.01, minRedeem: 0, remainingCents: 0 }).problem, 'Nothing left to pay with points');
});

test('point values and texts', () => {
  assert.is(pointCents(0.01), 1);
  assert.is(pointCents(0.1), 10);
  assert.is(pointCents(1.15), 115);
  assert.is(pointsText(1), '1 point');
  assert.is(pointsText(1240), '1,240 points');
  assert.is(pointsText(-5), '-5 points');
});

test.run();
