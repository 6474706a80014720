// Promotions' part in the checkout's adjust stage (#28.6): the promotions running on the sale's shop day, the
// products of the cart's lines (through inventory's public face), and evaluate.ts's arithmetic. Reads only.
import type { Db } from '../../core/db.js';
import type { AdjustableCart, AdjustmentDraft, CheckoutAdjuster } from '../../core/plugin.js';
import { getProductRow } from '../inventory/api.js';
import { evaluatePromotions, type PromotionRule } from './evaluate.js';
import { promotionsRepo, type PromotionRow } from './repo.js';
import { inScope, parseScope } from './scope.js';

/** The source written on each adjustment row (sales names its ref_id `promotion_id` for this source). */
export const PROMOTIONS_SOURCE = 'promotions';

function ruleOf(row: PromotionRow, lineIndexes: number[]): PromotionRule {
  return {
    id: row.id,
    kind: row.kind,
    percentOffBps: row.percent_off_bps,
    buyQty: row.buy_qty,
    getQty: row.get_qty,
    getPercentOffBps: row.get_percent_off_bps,
    bundleQty: row.bundle_qty,
    bundlePriceCents: row.bundle_price_cents,
    stackable: row.stackable === 1,
    lineIndexes,
  };
}

/** The promotions' adjustments for a cart: one per promotion that gives something, labelled with its name. */
export function adjustWithPromotions(db: Db, cart: AdjustableCart): AdjustmentDraft[] {
  if (cart.lines.length === 0) return [];
  const rows = promotionsRepo(db).activeOn(cart.businessDate);
  if (rows.length === 0) return [];
  const products = new Map(cart.lines.map((l) => [l.productId, getProductRow(db, l.productId)]));
  const rules = rows.map((row) => {
    const scope = parseScope(row.scope);
    const matching = cart.lines.filter((l) => {
      const p = products.get(l.productId);
      return p !== undefined && inScope(scope, p);
    });
    return ruleOf(
      row,
      matching.map((l) => l.index),
    );
  });
  const lines = cart.lines.map((l) => ({ index: l.index, qty: l.qty, amountCents: Math.max(0, l.qty * l.unitPriceCents - l.discountCents) }));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return evaluatePromotions(lines, rules).map((a) => ({
    code: `PROMO-${a.rule.id}`,
    label: names.get(a.rule.id) ?? `Promotion ${a.rule.id}`,
    refId: a.rule.id,
    // A row is a change of price: a unit of a deal whose share came to 0 cents has none.
    shares: a.shares.filter((s) => s.amountCents !== 0),
  }));
}

export const promotionsAdjuster: CheckoutAdjuster = { source: PROMOTIONS_SOURCE, adjust: adjustWithPromotions };
