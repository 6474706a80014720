// The promotions' arithmetic (#28.6), pure: a cart's lines and the promotions that match them in, each applied
// promotion's discount out, shared over the units that formed its deals. No database, no clock: the adjuster
// (adjuster.ts) reads those and the property tests (evaluate.test.ts) drive this alone.
//
// Units. A line's units are worth its amount before promotions (qty x price - the discount already on it) spread
// over its qty in whole cents: `extra` units worth base + 1 and the rest worth base (so they add up to the line
// exactly). Units of equal worth on one line form a run; a cart is at most two runs a line, so a line of 100,000
// units costs no more than a line of 2.
//
// Deals. Each kind looks at the matching units still free, most expensive first:
// - PERCENT_OFF: every unit; each line's units are one deal (its discount is percent_off of their worth).
// - BUY_X_GET_Y: groups of buy + get units in that order; in each, the last `get` (the cheapest) get
//   get_percent_off of their worth. Units left over (fewer than a group) form no deal.
// - BUNDLE_PRICE: groups of bundle_qty units cost bundle_price together: the discount is their worth less the
//   price; a group worth no more than the price is no deal (and neither is any cheaper one after it). The most
//   expensive units go into bundles first: that gives the customer the largest saving.
// A deal's discount is shared over all its units in proportion to their worth (largest remainder, whole cents),
// so a returned unit takes back its share; no unit's share exceeds its worth.
//
// Which promotions apply. Non-stackable promotions never share a unit; greedily, the one giving the largest
// discount on the units still free is applied (ties: the older promotion), its deals' units are taken, and the
// rest are evaluated again on what is left, until none gives anything. Then each stackable promotion (oldest
// first) applies on every matching unit, on top, over what the lines are still worth after the discounts
// already given. No line ever goes below 0.

export type PromotionKind = 'PERCENT_OFF' | 'BUY_X_GET_Y' | 'BUNDLE_PRICE';

/** A promotion as the evaluator needs it: its kind's numbers and the cart lines its scope matches. */
export interface PromotionRule {
  id: number;
  kind: PromotionKind;
  percentOffBps: number | null;
  buyQty: number | null;
  getQty: number | null;
  getPercentOffBps: number | null;
  bundleQty: number | null;
  bundlePriceCents: number | null;
  stackable: boolean;
  /** The `index` of each cart line whose product is in the promotion's scope. */
  lineIndexes: readonly number[];
}

/** A cart line: its units and what they cost together before promotions (never below 0). */
export interface EvalLine {
  index: number;
  qty: number;
  amountCents: number;
}

/** A promotion's part on one line: the line's units in its deals and their shares (negative cents). */
export interface LineShare {
  index: number;
  units: number;
  amountCents: number;
}

/**
 * One applied promotion: its shares, one per line with units in its deals (by index; a share may be 0 cents when the
 * deal's discount was too small to reach every unit: the adjuster leaves those out), and their sum (negative).
 */
export interface AppliedPromotion {
  rule: PromotionRule;
  shares: LineShare[];
  totalCents: number;
}

interface Run {
  index: number;
  value: number;
  free: number;
}

interface Taken {
  run: Run;
  count: number;
}

interface Outcome {
  discountCents: number;
  taken: Taken[];
  lines: Map<number, { units: number; cents: number }>;
}

/** amount x bps / 10,000, half-up, exact for any cart (BigInt: qty x price x bps leaves exact doubles). */
export function bpsOf(amountCents: number, bps: number): number {
  return Number((BigInt(amountCents) * BigInt(bps) + 5_000n) / 10_000n);
}

/** A line's units as runs of equal worth (at most two), adding up to its amount exactly. */
export function unitRuns(line: EvalLine): Run[] {
  const amount = Math.max(0, line.amountCents);
  const base = Math.floor(amount / line.qty);
  const extra = amount - base * line.qty;
  const runs: Run[] = [];
  if (extra > 0) runs.push({ index: line.index, value: base + 1, free: extra });
  if (line.qty - extra > 0) runs.push({ index: line.index, value: base, free: line.qty - extra });
  return runs;
}

/**
 * `total` cents shared over segments in proportion to their worth (value x count), by largest remainder: the
 * shares add up to `total` exactly, and an extra cent only goes to a segment whose exact share had a fraction,
 * so no share exceeds its segment's worth when total <= the worth of them all.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const w = weights.map((x) => BigInt(x));
  const sum = w.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const t = BigInt(total);
  const floors = w.map((x) => (t * x) / sum);
  const rests = w.map((x, i) => ({ i, r: t * x - floors[i] * sum }));
  const extra = total - Number(floors.reduce((a, b) => a + b, 0n));
  rests.sort((a, b) => (a.r === b.r ? a.i - b.i : b.r > a.r ? 1 : -1));
  const out = floors.map(Number);
  for (let k = 0; k < extra; k++) out[rests[k].i]++;
  return out;
}

/** Walks units most expensive first, taking them in groups. */
class UnitCursor {
  private i = 0;
  private used = 0;
  constructor(private readonly runs: Run[]) {}
  leftInRun(): number {
    const r = this.runs[this.i];
    return r ? r.free - this.used : 0;
  }
  take(n: number): Taken[] {
    const out: Taken[] = [];
    while (n > 0) {
      const r = this.runs[this.i];
      const k = Math.min(r.free - this.used, n);
      out.push({ run: r, count: k });
      n -= k;
      this.used += k;
      if (this.used === r.free) {
        this.i++;
        this.used = 0;
      }
    }
    return out;
  }
}

const emptyOutcome = (): Outcome => ({ discountCents: 0, taken: [], lines: new Map() });

function credit(out: Outcome, index: number, units: number, cents: number) {
  const line = out.lines.get(index) ?? { units: 0, cents: 0 };
  line.units += units;
  line.cents += cents;
  out.lines.set(index, line);
  out.discountCents += cents;
}

/** Deals of `size` units, most expensive first, each priced by `discountOf`; stops at the first deal worth nothing. */
function groupDeals(sorted: Run[], size: number, discountOf: (deal: Taken[]) => number): Outcome {
  const out = emptyOutcome();
  const cursor = new UnitCursor(sorted);
  let left = sorted.reduce((s, r) => s + r.free, 0);
  while (left >= size) {
    const inRun = cursor.leftInRun();
    if (inRun >= size) {
      // Deals wholly inside one run are all alike: price one, count them all at once.
      const repeat = Math.floor(inRun / size);
      const run = cursor.take(size * repeat)[0].run;
      const d = discountOf([{ run, count: size }]);
      if (d <= 0) break;
      out.taken.push({ run, count: size * repeat });
      credit(out, run.index, size * repeat, d * repeat);
      left -= size * repeat;
      continue;
    }
    const deal = cursor.take(size);
    const d = discountOf(deal);
    if (d <= 0) break;
    const parts = shareOut(
      d,
      deal.map((s) => s.run.value * s.count),
    );
    deal.forEach((s, k) => {
      out.taken.push(s);
      credit(out, s.run.index, s.count, parts[k]);
    });
    left -= size;
  }
  return out;
}

/** The worth of the last `n` units of a deal (its cheapest: units come most expensive first). */
function worthOfLast(deal: Taken[], n: number): number {
  let sum = 0;
  for (let k = deal.length - 1; k >= 0 && n > 0; k--) {
    const c = Math.min(n, deal[k].count);
    sum += c * deal[k].run.value;
    n -= c;
  }
  return sum;
}

/** What one promotion would give on these runs (only the free units of the lines it matches count). */
function evaluateRule(rule: PromotionRule, runs: Run[]): Outcome {
  const matching = new Set(rule.lineIndexes);
  const sorted = runs.filter((r) => r.free > 0 && matching.has(r.index)).sort((a, b) => b.value - a.value || a.index - b.index);
  if (sorted.length === 0) return emptyOutcome();
  if (rule.kind === 'PERCENT_OFF') {
    const out = emptyOutcome();
    for (const index of new Set(sorted.map((r) => r.index))) {
      const own = sorted.filter((r) => r.index === index);
      const d = bpsOf(
        own.reduce((s, r) => s + r.value * r.free, 0),
        rule.percentOffBps ?? 0,
      );
      if (d <= 0) continue;
      for (const r of own) out.taken.push({ run: r, count: r.free });
      credit(
        out,
        index,
        own.reduce((s, r) => s + r.free, 0),
        d,
      );
    }
    return out;
  }
  if (rule.kind === 'BUY_X_GET_Y') {
    const buy = rule.buyQty ?? 1;
    const get = rule.getQty ?? 1;
    return groupDeals(sorted, buy + get, (deal) => bpsOf(worthOfLast(deal, get), rule.getPercentOffBps ?? 10_000));
  }
  const price = rule.bundlePriceCents ?? 0;
  return groupDeals(sorted, rule.bundleQty ?? 1, (deal) => deal.reduce((s, t) => s + t.run.value * t.count, 0) - price);
}

function applied(rule: PromotionRule, out: Outcome): AppliedPromotion {
  const shares = [...out.lines.entries()]
    .map(([index, l]) => ({ index, units: l.units, amountCents: l.cents === 0 ? 0 : -l.cents }))
    .sort((a, b) => a.index - b.index);
  return { rule, shares, totalCents: -out.discountCents };
}

/** The promotions that apply to a cart and each one's shares; see the rules at the top of this file. */
export function evaluatePromotions(lines: readonly EvalLine[], rules: readonly PromotionRule[]): AppliedPromotion[] {
  const result: AppliedPromotion[] = [];
  const given = new Map<number, number>();
  const give = (a: AppliedPromotion) => {
    result.push(a);
    for (const s of a.shares) given.set(s.index, (given.get(s.index) ?? 0) - s.amountCents);
  };
  const byAge = [...rules].sort((a, b) => a.id - b.id);

  const runs = lines.flatMap(unitRuns);
  let candidates = byAge.filter((r) => !r.stackable);
  while (candidates.length > 0) {
    let best: { rule: PromotionRule; out: Outcome } | null = null;
    for (const rule of candidates) {
      const out = evaluateRule(rule, runs);
      if (out.discountCents > 0 && (!best || out.discountCents > best.out.discountCents)) best = { rule, out };
    }
    if (!best) break;
    for (const t of best.out.taken) t.run.free -= t.count;
    give(applied(best.rule, best.out));
    const chosen = best.rule;
    candidates = candidates.filter((r) => r !== chosen);
  }

  for (const rule of byAge.filter((r) => r.stackable)) {
    // On top: every unit again, worth what its line still costs after the discounts given so far.
    const rest = lines.flatMap((l) => unitRuns({ ...l, amountCents: Math.max(0, l.amountCents) - (given.get(l.index) ?? 0) }));
    const out = evaluateRule(rule, rest);
    if (out.discountCents > 0) give(applied(rule, out));
  }
  return result;
}
