// How an order's history reads on screen, kept pure for tests: one sentence per change, old -> new.
import type { PurchaseOrder } from './types.js';

export type OrderChange = PurchaseOrder['history'][number]['changes'][number];

const none = (v: string | null) => (v === null || v === '' ? 'none' : v);
const dollars = (v: string | null) => (v === null ? 'none' : `$${v}`);

/** "Qty of Court Shoe size 40 (CS-40): 4 → 6", "Expected delivery: none → 2026-12-05", "Added ...: 3 x $20.00". */
export function changeText(c: OrderChange): string {
  switch (c.field) {
    case 'expected_on':
      return `Expected delivery: ${none(c.from)} → ${none(c.to)}`;
    case 'notes':
      return `Notes: ${none(c.from)} → ${none(c.to)}`;
    case 'qty':
      return `Qty of ${c.item}: ${c.from} → ${c.to}`;
    case 'unit_cost':
      return `Unit cost of ${c.item}: ${dollars(c.from)} → ${dollars(c.to)}`;
    case 'line_added':
      return `Added ${c.item}: ${c.to}`;
    case 'line_removed':
      return `Removed ${c.item} (was ${c.from})`;
  }
}

/** An order can be edited while OPEN with nothing received (the server answers 409 otherwise). */
export function canEdit(o: Pick<PurchaseOrder, 'status' | 'qty_received' | 'receipts'>): boolean {
  return o.status === 'OPEN' && o.qty_received === 0 && o.receipts.length === 0;
}
