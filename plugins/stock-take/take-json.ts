// Rows -> the reply shapes of schemas.ts (dollars for money, variance computed from the stored counts).
import { toDollars } from '../../core/money.js';
import type { LineRow, StockTakeRepo, StockTakeRow, TotalsRow } from './repo.js';
import type { StockTakeDetail, StockTakeLine, StockTakeSummary, VarianceTotals } from './schemas.js';

/** A line with its variance in units and at cost. */
export function lineJson(l: LineRow): StockTakeLine {
  const variance = l.counted_qty - l.expected_qty;
  return {
    product_id: l.product_id,
    item_name: l.item_name,
    sku: l.sku,
    size: l.size,
    brand: l.brand,
    category: l.category,
    expected_qty: l.expected_qty,
    counted_qty: l.counted_qty,
    variance_qty: variance,
    unit_cost: toDollars(l.unit_cost_cents),
    variance_value: toDollars(variance * l.unit_cost_cents),
    current_stock_qty: l.current_stock_qty,
    counted_at: l.counted_at,
  };
}

/** The take's totals. */
export function totalsJson(t: TotalsRow): VarianceTotals {
  const { variance_value_cents, ...units } = t;
  return { ...units, variance_value: toDollars(variance_value_cents) };
}

/** A take without its lines. */
export function summaryJson(repo: StockTakeRepo, row: StockTakeRow): StockTakeSummary {
  return {
    id: row.id,
    status: row.status,
    scope: { category: row.scope_category, brand: row.scope_brand, style_id: row.scope_style_id },
    note: row.note,
    created_by: row.created_by,
    created_at: row.created_at,
    posted_by: row.posted_by,
    posted_at: row.posted_at,
    cancelled_at: row.cancelled_at,
    totals: totalsJson(repo.totals(row.id)),
  };
}

/** A take with every counted line (the variance report). */
export function detailJson(repo: StockTakeRepo, row: StockTakeRow): StockTakeDetail {
  return { ...summaryJson(repo, row), uncounted: row.status === 'OPEN' ? repo.uncounted(row) : 0, lines: repo.lines(row.id).map(lineJson) };
}
