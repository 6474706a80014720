// Whether a size is sold out or low: the size's own reorder point, else its style's (as the low-stock report).
import type { Product, Style } from './types.js';

export type StockMark = 'out' | 'low' | 'ok';

/** The reorder point that applies to a size, or null when neither the size nor its style has one. */
export function effectiveReorderPoint(p: Pick<Product, 'reorder_point'>, style?: Pick<Style, 'reorder_point'>): number | null {
  return p.reorder_point ?? style?.reorder_point ?? null;
}

/** 'out' at 0, 'low' at or below the reorder point, else 'ok'. */
export function stockMark(p: Pick<Product, 'stock_qty' | 'reorder_point'>, style?: Pick<Style, 'reorder_point'>): StockMark {
  if (p.stock_qty <= 0) return 'out';
  const rp = effectiveReorderPoint(p, style);
  return rp !== null && p.stock_qty <= rp ? 'low' : 'ok';
}

/** The words a screen reader hears (and the tooltip shows) for a mark. */
export const MARK_TEXT: Record<StockMark, string> = { out: 'out of stock', low: 'low stock', ok: '' };
/** The visible symbol beside the number, so the mark is not told by colour alone. */
export const MARK_SYMBOL: Record<StockMark, string> = { out: '✕', low: '!', ok: '' };
