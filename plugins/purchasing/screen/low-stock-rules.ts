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
