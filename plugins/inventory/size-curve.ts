// The size curve (#30): per size of a style (or of every live size of a brand or category), what the stock
// ledger says about a period [fromIso, toIso): stock at its start, received, sold net of returns and voids,
// adjusted, stock at its end, and sell-through. Read only from the ledger, so it reconciles with it exactly:
// on_hand_start + received - sold + adjusted = on_hand_end. Every statement runs on an index (size-curve.test.ts).
import type { Db } from '../../core/db.js';
import { perDb } from '../../core/repo-support.js';
import { compareSizes } from './sizes.js';

export type SizeCurveFilter = { style_id: number } | { brand: string } | { category: string };

export interface SizeCurveSize {
  size: string;
  on_hand_start: number;
  received: number;
  sold: number;
  adjusted: number;
  on_hand_end: number;
  /** sold / (sold + on_hand_end) x 100, one decimal; null when nothing was there to sell. */
  sell_through_pct: number | null;
}

export interface SizeCurveData {
  /** The style's name, or the brand or category as asked. */
  title: string;
  sizes: SizeCurveSize[];
  totals: Omit<SizeCurveSize, 'size'>;
}

/** Ledger reasons -> the report's rows. Opening stock of a new size counts as received. */
const ROW_OF: Record<string, 'received' | 'sold' | 'adjusted'> = {
  RECEIVED: 'received',
  INITIAL: 'received',
  SALE: 'sold',
  RETURN: 'sold',
  VOID: 'sold',
  ADJUSTMENT: 'adjusted',
  STOCK_TAKE: 'adjusted',
};

/** The statements, named for the query-plan test (each runs on an index). */
export const SIZE_CURVE_SQL = {
  style: 'SELECT item_name FROM inventory_style WHERE id = ?',
  // A style's sizes, archived ones too (their sales are in the period); a brand's or category's live sizes.
  byStyle: 'SELECT id, size FROM inventory_product WHERE style_id = ?',
  byBrand: 'SELECT id, size FROM inventory_product WHERE brand = ? AND archived_at IS NULL',
  byCategory: 'SELECT id, size FROM inventory_product WHERE category = ? AND archived_at IS NULL',
  stockAt: 'SELECT stock_after FROM inventory_stock_movement WHERE product_id = ? AND created_at < ? ORDER BY created_at DESC LIMIT 1',
  moves: 'SELECT reason, sum(qty_delta) AS qty FROM inventory_stock_movement WHERE product_id = ? AND created_at >= ? AND created_at < ? GROUP BY reason',
};

type SizeRow = { id: number; size: string | null };

// Prepared once per connection (the worker's own read-only one).
const stmts = perDb((db: Db) => ({
  style: db.prepare<[number], { item_name: string }>(SIZE_CURVE_SQL.style),
  byStyle: db.prepare<[number], SizeRow>(SIZE_CURVE_SQL.byStyle),
  byBrand: db.prepare<[string], SizeRow>(SIZE_CURVE_SQL.byBrand),
  byCategory: db.prepare<[string], SizeRow>(SIZE_CURVE_SQL.byCategory),
  stockAt: db.prepare<[number, string], { stock_after: number }>(SIZE_CURVE_SQL.stockAt),
  moves: db.prepare<[number, string, string], { reason: string; qty: number }>(SIZE_CURVE_SQL.moves),
}));

// Sell-through = sold / what was there to sell = sold / (on hand at start + received + adjusted), which by the
// identity above is sold / (sold + on hand at end). It is the retail standard sold / (start + received) when no
// stock was adjusted, and stays within 0-100% when stock was found or written off (a stock take's +21 is stock
// the shop could sell).
const sellThrough = (sold: number, available: number) => (available > 0 ? Math.round((sold / available) * 1000) / 10 : null);

/** The curve, or null when the style does not exist. Sizes in shop order (35, 35.5, 36 ... then UK, US). */
export function sizeCurve(db: Db, filter: SizeCurveFilter, fromIso: string, toIso: string): SizeCurveData | null {
  const s = stmts(db);
  let title: string;
  let products: { id: number; size: string | null }[];
  if ('style_id' in filter) {
    const style = s.style.get(filter.style_id);
    if (!style) return null;
    title = style.item_name;
    products = s.byStyle.all(filter.style_id);
  } else if ('brand' in filter) {
    title = filter.brand;
    products = s.byBrand.all(filter.brand);
  } else {
    title = filter.category;
    products = s.byCategory.all(filter.category);
  }
  const bySize = new Map<string, SizeCurveSize>();
  for (const p of products) {
    const size = p.size?.trim() || 'No size';
    const row = bySize.get(size.toLowerCase()) ?? { size, on_hand_start: 0, received: 0, sold: 0, adjusted: 0, on_hand_end: 0, sell_through_pct: null };
    const start = s.stockAt.get(p.id, fromIso)?.stock_after ?? 0;
    let change = 0;
    for (const m of s.moves.all(p.id, fromIso, toIso)) {
      const key = ROW_OF[m.reason] ?? 'adjusted';
      // Sold counts goods going out: a sale's negative delta is +1 sold, a return or void gives it back.
      row[key] += key === 'sold' ? -m.qty : m.qty;
      change += m.qty;
    }
    row.on_hand_start += start;
    row.on_hand_end += start + change;
    bySize.set(size.toLowerCase(), row);
  }
  const sizes = [...bySize.values()].sort((a, b) => compareSizes(a.size, b.size));
  for (const r of sizes) r.sell_through_pct = sellThrough(r.sold, r.sold + r.on_hand_end);
  const sum = (k: 'on_hand_start' | 'received' | 'sold' | 'adjusted' | 'on_hand_end') => sizes.reduce((t, r) => t + r[k], 0);
  const totals = {
    on_hand_start: sum('on_hand_start'),
    received: sum('received'),
    sold: sum('sold'),
    adjusted: sum('adjusted'),
    on_hand_end: sum('on_hand_end'),
    sell_through_pct: sellThrough(sum('sold'), sum('sold') + sum('on_hand_end')),
  };
  return { title, sizes, totals };
}
