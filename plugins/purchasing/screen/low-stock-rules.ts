// The Low Stock tab's grouping, kept pure for tests: low products by the supplier they were last ordered from.
import type { LowStockItem } from './types.js';

/** One group: a supplier (null: products never ordered yet) and its low products. */
export interface LowStockGroup {
  supplier: { id: number; name: string } | null;
  items: LowStockItem[];
}

export const NO_SUPPLIER = 'No supplier yet';

/** Groups by supplier, suppliers by name, the 'No supplier yet' group last. */
export function groupBySupplier(items: LowStockItem[]): LowStockGroup[] {
  const groups = new Map<number | null, LowStockGroup>();
  for (const item of items) {
    const key = item.supplier?.id ?? null;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { supplier: item.supplier, items: [] }));
    g.items.push(item);
  }
  return [...groups.values()].sort((a, b) => {
    if (!a.supplier || !b.supplier) return a.supplier ? -1 : b.supplier ? 1 : 0;
    return a.supplier.name.localeCompare(b.supplier.name);
  });
}

/** What the owner chose for one low size: ticked or not, and the quantity typed. */
export interface LowStockPick {
  ticked: boolean;
  qty: string;
}

/** Before any choice: a size is ticked at its suggestion when something is still short; covered sizes are not. */
export function defaultPick(item: Pick<LowStockItem, 'suggested_qty'>): LowStockPick {
  return item.suggested_qty > 0 ? { ticked: true, qty: String(item.suggested_qty) } : { ticked: false, qty: '' };
}

/** "on order 4" beside a size already on an open order; '' when none. */
export function onOrderText(item: Pick<LowStockItem, 'on_order'>): string {
  return item.on_order > 0 ? `on order ${item.on_order}` : '';
}

/** The draft's lines from the ticked sizes, or the problem to show (nothing ticked, a bad quantity). */
export function pickedLines(
  items: LowStockItem[],
  pickOf: (item: LowStockItem) => LowStockPick,
): { lines: { product_id: number; qty: number }[] } | { problem: string } {
  const lines: { product_id: number; qty: number }[] = [];
  for (const item of items) {
    const pick = pickOf(item);
    if (!pick.ticked) continue;
    const t = pick.qty.trim();
    const qty = /^\d{1,6}$/.test(t) ? Number(t) : 0;
    if (qty < 1 || qty > 100_000)
      return { problem: `Quantity of ${item.item_name}${item.size ? ` (${item.size})` : ''} must be a whole number from 1 to 100000` };
    lines.push({ product_id: item.product_id, qty });
  }
  return lines.length ? { lines } : { problem: 'Tick at least one size to order' };
}
