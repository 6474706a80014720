// #28.6 the promotions' arithmetic (evaluate.ts): each kind on hand-worked carts, the best-for-the-customer rule and
// stacking, and properties over random carts (fast-check) against a unit-by-unit reference: the shares add up to
// the deals' discount, no line goes below 0, nothing raises a price, buy X get Y discounts floor(n/(x+y)) x y units.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bpsOf, evaluatePromotions, shareOut, type EvalLine, type PromotionRule } from './evaluate.js';

let nextId = 1;
const rule = (r: Partial<PromotionRule> & Pick<PromotionRule, 'kind' | 'lineIndexes'>): PromotionRule => ({
  id: nextId++,
  percentOffBps: null,
  buyQty: null,
  getQty: null,
  getPercentOffBps: null,
  bundleQty: null,
  bundlePriceCents: null,
  stackable: false,
  ...r,
});
const percentOff = (pct: number, lineIndexes: number[], extra: Partial<PromotionRule> = {}) =>
  rule({ kind: 'PERCENT_OFF', percentOffBps: Math.round(pct * 100), lineIndexes, ...extra });
const buyGet = (buy: number, get: number, pct: number, lineIndexes: number[], extra: Partial<PromotionRule> = {}) =>
  rule({ kind: 'BUY_X_GET_Y', buyQty: buy, getQty: get, getPercentOffBps: Math.round(pct * 100), lineIndexes, ...extra });
const bundle = (qty: number, priceCents: number, lineIndexes: number[], extra: Partial<PromotionRule> = {}) =>
  rule({ kind: 'BUNDLE_PRICE', bundleQty: qty, bundlePriceCents: priceCents, lineIndexes, ...extra });
const line = (index: number, qty: number, unitCents: number, discountCents = 0): EvalLine => ({ index, qty, amountCents: qty * unitCents - discountCents });
const shares = (r: ReturnType<typeof evaluatePromotions>) => r.map((a) => a.shares.map((s) => [s.index, s.units, s.amountCents]));

test('PERCENT_OFF: percent of each matching line, only the lines in scope', () => {
  const r = evaluatePromotions([line(0, 2, 8990), line(1, 1, 1000)], [percentOff(20, [0])]);
  assert.equal(shares(r), [[[0, 2, -3596]]]);
});

test('BUY_X_GET_Y: second pair 50% on two pairs shares the $40 over both in proportion to price', () => {
  // $120 and $80: the $80 pair is half price ($40), shared 120:80 -> $24 and $16.
  const r = evaluatePromotions([line(0, 1, 12000), line(1, 1, 8000)], [buyGet(1, 1, 50, [0, 1])]);
  assert.equal(shares(r), [
    [
      [0, 1, -2400],
      [1, 1, -1600],
    ],
  ]);
  assert.is(r[0].totalCents, -4000);
});

test('BUY_X_GET_Y repeats: buy 2 get 1 free on 6 units discounts the 2 cheapest of each group; leftovers form no deal', () => {
  // Prices 60, 50, 40 | 30, 20, 10: free 40 and 10 -> 50 off. Seven units: the 7th (5) is left over.
  const lines = [60, 50, 40, 30, 20, 10, 5].map((p, i) => line(i, 1, p * 100));
  const r = evaluatePromotions(lines, [buyGet(2, 1, 100, [0, 1, 2, 3, 4, 5, 6])]);
  assert.is(r[0].totalCents, -5000);
  assert.equal(
    r[0].shares.map((s) => s.index),
    [0, 1, 2, 3, 4, 5],
    'the leftover unit is in no deal',
  );
  // Deal 1 (60, 50, 40: 40 off) shared 60:50:40 = 16, 13.33, 10.67; deal 2 (30, 20, 10: 10 off) 5, 3.33, 1.67.
  assert.equal(
    r[0].shares.map((s) => s.amountCents),
    [-1600, -1333, -1067, -500, -333, -167],
  );
});

test('BUNDLE_PRICE: the most expensive units go into bundles; a bundle worth less than its price is no deal', () => {
  // 3 for $100: 50, 45, 40 (135 -> 35 off); 20, 20, 15 (55 < 100: no deal).
  const lines = [line(0, 2, 2000), line(1, 1, 5000), line(2, 1, 4500), line(3, 1, 4000), line(4, 1, 1500)];
  const r = evaluatePromotions(lines, [bundle(3, 10_000, [0, 1, 2, 3, 4])]);
  assert.equal(shares(r), [
    [
      [1, 1, -1296],
      [2, 1, -1167],
      [3, 1, -1037],
    ],
  ]);
  assert.is(r[0].totalCents, -3500);
});

test('a line of many units: deals inside one line counted at once, shares exact', () => {
  const r = evaluatePromotions([line(0, 100_000, 1999)], [buyGet(1, 1, 50, [0])]);
  assert.equal(shares(r), [[[0, 100_000, -50_000 * bpsOf(1999, 5000)]]]);
});

test('the cashier discount counts: promotions work on what the line still costs', () => {
  // 2 x $100 less $50 = $150, i.e. $75 a unit: 10% -> $15.
  assert.equal(shares(evaluatePromotions([line(0, 2, 10_000, 5000)], [percentOff(10, [0])])), [[[0, 2, -1500]]]);
});

test('best for the customer wins a unit; no stacking; the other still takes the units left', () => {
  const lines = [line(0, 1, 10_000), line(1, 1, 10_000), line(2, 1, 3000)];
  const tenOff = percentOff(10, [0, 1, 2]);
  const halfSecond = buyGet(1, 1, 50, [0, 1]);
  // 10% of everything = 23; second pair 50% = 50 on lines 0-1: it wins those units; 10% then applies to line 2 only.
  const r = evaluatePromotions(lines, [tenOff, halfSecond]);
  assert.equal(
    r.map((a) => a.rule.id),
    [halfSecond.id, tenOff.id],
  );
  assert.equal(shares(r), [
    [
      [0, 1, -2500],
      [1, 1, -2500],
    ],
    [[2, 1, -300]],
  ]);
});

test('a stackable promotion applies on top, on what is left of each unit', () => {
  const lines = [line(0, 1, 10_000), line(1, 1, 10_000)];
  const halfSecond = buyGet(1, 1, 50, [0, 1]);
  const extra = percentOff(10, [0, 1], { stackable: true });
  const r = evaluatePromotions(lines, [extra, halfSecond]);
  // 50 off shared 25/25, then 10% of 75 and 75.
  assert.equal(shares(r), [
    [
      [0, 1, -2500],
      [1, 1, -2500],
    ],
    [
      [0, 1, -750],
      [1, 1, -750],
    ],
  ]);
});

test('shareOut: exact sum, largest remainder, never more than a weight', () => {
  assert.equal(shareOut(100, [1, 1, 1]), [34, 33, 33]);
  assert.equal(shareOut(5, [0, 10]), [0, 5]);
  assert.equal(shareOut(0, [3, 4]), [0, 0]);
});

// ---- Properties, against a unit-by-unit reference ----

/** The units of lines (worth spread as unitRuns spreads it), most expensive first. */
function unitsOf(lines: EvalLine[], indexes: number[]) {
  const units: { index: number; value: number }[] = [];
  for (const l of lines.filter((x) => indexes.includes(x.index))) {
    const base = Math.floor(l.amountCents / l.qty);
    const extra = l.amountCents - base * l.qty;
    for (let k = 0; k < l.qty; k++) units.push({ index: l.index, value: base + (k < extra ? 1 : 0) });
  }
  return units.sort((a, b) => b.value - a.value || a.index - b.index);
}

const cartArb = fc
  .array(fc.record({ qty: fc.integer({ min: 1, max: 6 }), unit: fc.integer({ min: 0, max: 30_000 }), discountPct: fc.integer({ min: 0, max: 100 }) }), {
    minLength: 1,
    maxLength: 6,
  })
  .map((ls) => ls.map((l, i) => line(i, l.qty, l.unit, Math.floor((l.qty * l.unit * l.discountPct) / 100))));

const ruleArb = (size: number) =>
  fc.record({
    kind: fc.constantFrom('PERCENT_OFF', 'BUY_X_GET_Y', 'BUNDLE_PRICE'),
    pct: fc.integer({ min: 1, max: 10_000 }),
    a: fc.integer({ min: 1, max: 4 }),
    b: fc.integer({ min: 1, max: 3 }),
    price: fc.integer({ min: 1, max: 50_000 }),
    stackable: fc.boolean(),
    lines: fc.subarray(
      Array.from({ length: size }, (_, i) => i),
      { minLength: 0 },
    ),
  });

test('property: no line below 0, nothing raises a price, each promotion once, shares add up to its total', () => {
  fc.assert(
    fc.property(
      cartArb.chain((lines) => fc.tuple(fc.constant(lines), fc.array(ruleArb(lines.length), { maxLength: 5 }))),
      ([lines, specs]) => {
        const rules = specs.map((s) =>
          s.kind === 'PERCENT_OFF'
            ? percentOff(s.pct / 100, s.lines, { stackable: s.stackable })
            : s.kind === 'BUY_X_GET_Y'
              ? buyGet(s.a, s.b, s.pct / 100, s.lines, { stackable: s.stackable })
              : bundle(s.a, s.price, s.lines, { stackable: s.stackable }),
        );
        const result = evaluatePromotions(lines, rules);
        assert.is(new Set(result.map((a) => a.rule.id)).size, result.length);
        const given = new Map<number, number>();
        for (const a of result) {
          assert.ok(a.totalCents < 0);
          assert.is(
            a.shares.reduce((s, x) => s + x.amountCents, 0),
            a.totalCents,
          );
          for (const s of a.shares) {
            assert.ok(s.amountCents <= 0 && Number.isInteger(s.amountCents));
            assert.ok(a.rule.lineIndexes.includes(s.index), 'only lines in scope');
            given.set(s.index, (given.get(s.index) ?? 0) - s.amountCents);
          }
        }
        for (const l of lines) assert.ok((given.get(l.index) ?? 0) <= l.amountCents, `line ${l.index} below 0`);
      },
    ),
    { numRuns: 500 },
  );
});

test('property: buy X get Y alone gives the reference discount on floor(n/(x+y)) x y units, shared exactly', () => {
  fc.assert(
    fc.property(cartArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 10_000 }), (lines, x, y, bps) => {
      const all = lines.map((l) => l.index);
      const units = unitsOf(lines, all);
      const deals = Math.floor(units.length / (x + y));
      // Reference: groups of x + y, most expensive first; the last y of each get bps off (half-up on their sum).
      let expected = 0;
      let discounted = 0;
      let positive = 0;
      for (let d = 0; d < deals; d++) {
        const group = units.slice(d * (x + y), (d + 1) * (x + y));
        const off = bpsOf(
          group.slice(x).reduce((s, u) => s + u.value, 0),
          bps,
        );
        if (off <= 0) break;
        positive++;
        discounted += y;
        expected += off;
      }
      const result = evaluatePromotions(lines, [buyGet(x, y, bps / 100, all)]);
      assert.is(Math.abs(result[0]?.totalCents ?? 0), expected);
      const unitsInDeals = result[0]?.shares.reduce((s, x) => s + x.units, 0) ?? 0;
      assert.ok(unitsInDeals <= positive * (x + y));
      // Every unit worth something and a deal worth something each: all floor(n/(x+y)) deals, y units off in each.
      if (positive === deals && units.every((u) => u.value > 0)) {
        assert.is(discounted, deals * y);
        assert.is(unitsInDeals, deals * (x + y));
      }
    }),
    { numRuns: 500 },
  );
});

test('property: a bundle alone gives the reference discount (most expensive units first)', () => {
  fc.assert(
    fc.property(cartArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 60_000 }), (lines, q, price) => {
      const all = lines.map((l) => l.index);
      const units = unitsOf(lines, all);
      let expected = 0;
      for (let d = 0; d < Math.floor(units.length / q); d++) {
        const off = units.slice(d * q, (d + 1) * q).reduce((s, u) => s + u.value, 0) - price;
        if (off <= 0) break;
        expected += off;
      }
      const result = evaluatePromotions(lines, [bundle(q, price, all)]);
      assert.is(Math.abs(result[0]?.totalCents ?? 0), expected);
    }),
    { numRuns: 500 },
  );
});

test.run();
