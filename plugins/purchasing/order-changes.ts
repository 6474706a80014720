// What an edit changed, old -> new, as the order's history keeps it: one entry per field or per line.
import { toDollars } from '../../core/money.js';
import type { CheckedLine } from './order-lines.js';
import type { OrderLineRow } from './repo.js';
import type { OrderChange } from './schemas.js';

const dollars = (cents: number) => toDollars(cents).toFixed(2);
const lineText = (qty: number, cents: number) => `${qty} x $${dollars(cents)}`;

/** How people read a line: 'Nike Air Force 1 size 42 (NK-AF1-WHT-42)'. */
export function itemLabel(p: { item_name: string; size: string | null; sku: string | null }): string {
  return [p.item_name, p.size && `size ${p.size}`, p.sku && `(${p.sku})`].filter(Boolean).join(' ');
}

/** Old -> new of the header fields and the lines (`next` null = lines not sent, unchanged). */
export function orderChanges(
  before: { notes: string | null; expected_on: string | null; lines: OrderLineRow[] },
  after: { notes: string | null; expected_on: string | null; lines: CheckedLine[] | null },
  labelOf: (productId: number) => string,
): OrderChange[] {
  const changes: OrderChange[] = [];
  const field = (f: 'expected_on' | 'notes', from: string | null, to: string | null) => {
    if (from !== to) changes.push({ field: f, product_id: null, item: null, from, to });
  };
  field('expected_on', before.expected_on, after.expected_on);
  field('notes', before.notes, after.notes);
  if (!after.lines) return changes;
  const next = new Map(after.lines.map((l) => [l.product_id, l]));
  for (const old of before.lines) {
    const item = itemLabel(old);
    const now = next.get(old.product_id);
    if (!now) {
      changes.push({ field: 'line_removed', product_id: old.product_id, item, from: lineText(old.qty_ordered, old.unit_cost_cents), to: null });
      continue;
    }
    if (now.qty_ordered !== old.qty_ordered) {
      changes.push({ field: 'qty', product_id: old.product_id, item, from: String(old.qty_ordered), to: String(now.qty_ordered) });
    }
    if (now.unit_cost_cents !== old.unit_cost_cents) {
      changes.push({ field: 'unit_cost', product_id: old.product_id, item, from: dollars(old.unit_cost_cents), to: dollars(now.unit_cost_cents) });
    }
  }
  const had = new Set(before.lines.map((l) => l.product_id));
  for (const l of after.lines) {
    if (had.has(l.product_id)) continue;
    changes.push({ field: 'line_added', product_id: l.product_id, item: labelOf(l.product_id), from: null, to: lineText(l.qty_ordered, l.unit_cost_cents) });
  }
  return changes;
}
