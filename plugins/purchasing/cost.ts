// The weighted-average cost after goods are received, in integer cents (README.md explains the rule).

/**
 * new_cost = round_half_up((old_stock x old_cost + qty x unit_cost) / (old_stock + qty)); when there was no
 * stock before (0, or less, which the CHECK forbids anyway) the received unit cost becomes the cost.
 */
export function weightedAverageCost(oldStock: number, oldCostCents: number, qty: number, unitCostCents: number): number {
  if (!Number.isSafeInteger(qty) || qty <= 0) throw new Error(`weightedAverageCost: qty must be a positive integer, got ${qty}`);
  if (oldStock <= 0) return unitCostCents;
  const value = oldStock * oldCostCents + qty * unitCostCents;
  const units = oldStock + qty;
  if (!Number.isSafeInteger(value)) throw new Error('weightedAverageCost: stock value beyond exact integers');
  // All terms are non-negative, so half-up is floor((2 x value + units) / (2 x units)).
  return Math.floor((2 * value + units) / (2 * units));
}
