// The variance report as CSV: one row per counted product, then the totals. Formula-escaped like the sales
// report (a product named "=HYPERLINK(...)" stays text in a spreadsheet).
import { stringify } from 'csv-stringify/sync';
import type { StockTakeDetail } from './schemas.js';

export const VARIANCE_CSV_HEADER = ['Product ID', 'Item', 'SKU', 'Size', 'Brand', 'Category', 'Expected', 'Counted', 'Variance', 'Unit Cost', 'Variance Value', 'Counted At'];

const dollars = (d: number) => d.toFixed(2);

/** The file name of the download. */
export const varianceCsvName = (id: number) => `stock-take-${id}-variance.csv`;

/** The CSV text of a take's variance report. */
export function varianceCsv(take: StockTakeDetail): string {
  const t = take.totals;
  return stringify([
    VARIANCE_CSV_HEADER,
    ...take.lines.map((l) => [String(l.product_id), l.item_name, l.sku ?? '', l.size ?? '', l.brand ?? '', l.category ?? '',
      String(l.expected_qty), String(l.counted_qty), String(l.variance_qty), dollars(l.unit_cost), dollars(l.variance_value), l.counted_at]),
    [],
    ['Stock Take', String(take.id)],
    ['Status', take.status],
    ['Lines', String(t.lines)],
    ['Units Over', String(t.units_over)],
    ['Units Short', String(t.units_short)],
    ['Net Variance', String(t.variance_units)],
    ['Variance Value', dollars(t.variance_value)],
  ], { escape_formulas: true });
}
