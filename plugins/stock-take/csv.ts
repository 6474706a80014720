// The variance report as CSV: one row per counted product, then the totals. Formula-escaped like the sales
// report (a product named "=HYPERLINK(...)" stays text in a spreadsheet), while quantities and money stay numbers
// (a shortfall of -3 and its value -37.02 are numbers, not the text '-3: core/csv.ts).
import { csvMoney, csvText } from '../../core/csv.js';
import { toCents } from '../../core/money.js';
import type { StockTakeDetail } from './schemas.js';

export const VARIANCE_CSV_HEADER = [
  'Product ID',
  'Item',
  'SKU',
  'Size',
  'Brand',
  'Category',
  'Expected',
  'Counted',
  'Variance',
  'Unit Cost',
  'Variance Value',
  'Counted At',
];

const dollars = (d: number) => csvMoney(toCents(d));

/** The file name of the download. */
export const varianceCsvName = (id: number) => `stock-take-${id}-variance.csv`;

/** The CSV text of a take's variance report. */
export function varianceCsv(take: StockTakeDetail): string {
  const t = take.totals;
  return csvText([
    VARIANCE_CSV_HEADER,
    ...take.lines.map((l) => [
      l.product_id,
      l.item_name,
      l.sku ?? '',
      l.size ?? '',
      l.brand ?? '',
      l.category ?? '',
      l.expected_qty,
      l.counted_qty,
      l.variance_qty,
      dollars(l.unit_cost),
      dollars(l.variance_value),
      l.counted_at,
    ]),
    [],
    ['Stock Take', take.id],
    ['Status', take.status],
    ['Lines', t.lines],
    ['Units Over', t.units_over],
    ['Units Short', t.units_short],
    ['Net Variance', t.variance_units],
    ['Variance Value', dollars(t.variance_value)],
  ]);
}
