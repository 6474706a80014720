// The "Size curve" view of the Reports screen (#30): pick a style, brand or category and a period; a table with
// the sizes across and rows On hand at start / Received / Sold / Adjusted / On hand at end / Sell-through, and
// a bar per size of the units sold, so the owner orders the sizes that sell. Figures come from the stock ledger
// (GET /api/reports/size-curve); the definitions are written under the table.
import { useState } from 'react';
import { addDays } from '../../../core/clock.js';
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import { BarChart, type ChartPoint } from './bar-chart.js';
import { shopToday } from './period.js';
import type { SizeCurveReport, SizeCurveRow } from './types.js';

type By = 'style' | 'brand' | 'category';
type Figure = Exclude<keyof SizeCurveRow, 'size'>;

/** The table's rows, top to bottom. */
export const CURVE_ROWS: { key: Figure; label: string }[] = [
  { key: 'on_hand_start', label: 'On hand at start' },
  { key: 'received', label: 'Received' },
  { key: 'sold', label: 'Sold' },
  { key: 'adjusted', label: 'Adjusted' },
  { key: 'on_hand_end', label: 'On hand at end' },
  { key: 'sell_through_pct', label: 'Sell-through' },
];

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
const cell = (key: Figure, v: number | null) => (key === 'sell_through_pct' ? (v === null ? '-' : `${v}%`) : String(v));

interface StyleOption {
  id: number;
  item_name: string;
  colour: string | null;
}

/** The view. */
export function SizeCurveView() {
  const today = shopToday();
  const [by, setBy] = useState<By>('style');
  const [value, setValue] = useState('');
  const [from, setFrom] = useState(() => addDays(today, -89));
  const [to, setTo] = useState(today);
  const styles = useQuery(['curve-styles'], () => api.get<{ styles: StyleOption[] }>('/api/styles', { pageSize: 200 }));
  const facets = useQuery(['curve-facets'], () => api.get<{ brands: string[]; categories: string[] }>('/api/products/facets'));
  const ready = value !== '' && from !== '' && to !== '';
  const query = { [by === 'style' ? 'style_id' : by]: value, from, to };
  const report = useQuery(['size-curve', by, value, from, to], () =>
    ready ? api.get<SizeCurveReport>('/api/reports/size-curve', query) : Promise.resolve(undefined),
  );
  const data = ready ? report.data : undefined;
  const options: { value: string; label: string }[] =
    by === 'style'
      ? (styles.data?.styles ?? []).map((s) => ({ value: String(s.id), label: s.colour ? `${s.item_name} (${s.colour})` : s.item_name }))
      : ((by === 'brand' ? facets.data?.brands : facets.data?.categories) ?? []).map((v) => ({ value: v, label: v }));
  const points: ChartPoint[] = (data?.sizes ?? []).map((s) => ({
    key: s.size,
    label: s.size,
    value: s.sold,
    title: `Size ${s.size}: ${units(s.sold)} sold${s.sell_through_pct === null ? '' : ` (${s.sell_through_pct}% sell-through)`}`,
  }));

  return (
    <section className="size-curve" aria-label="Size curve">
      <div className="report-controls">
        <div className="period-picker">
          <div className="field">
            <label htmlFor="curve-by">Report by</label>
            <select
              id="curve-by"
              value={by}
              onChange={(e) => {
                setBy(e.target.value as By);
                setValue('');
              }}
            >
              <option value="style">Style</option>
              <option value="brand">Brand</option>
              <option value="category">Category</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="curve-value">{by === 'style' ? 'Style' : by === 'brand' ? 'Brand' : 'Category'}</label>
            <select id="curve-value" value={value} onChange={(e) => setValue(e.target.value)}>
              <option value="">Choose...</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="curve-from">From</label>
            <input id="curve-from" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="curve-to">To</label>
            <input id="curve-to" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
          </div>
        </div>
      </div>

      {!ready ? <p className="muted">Choose a {by} to see its size curve.</p> : null}
      {ready && report.error ? (
        <p role="alert" className="text-danger">
          Error loading report: {report.error.message}
        </p>
      ) : null}
      {ready && !data && report.loading ? <p aria-busy="true">Loading report...</p> : null}
      {data && data.sizes.length === 0 ? <p className="center-state muted">No sizes to report</p> : null}
      {data && data.sizes.length > 0 ? (
        <div className="report-body" aria-busy={report.loading}>
          <section className="report-section">
            <h3>Size curve: {data.title}</h3>
            <div className="table-scroll">
              <table className="size-curve-table">
                <thead>
                  <tr>
                    <th scope="col">Size</th>
                    {data.sizes.map((s) => (
                      <th key={s.size} scope="col" className="num">
                        {s.size}
                      </th>
                    ))}
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {CURVE_ROWS.map((r) => (
                    <tr key={r.key} data-row={r.key}>
                      <th scope="row">{r.label}</th>
                      {data.sizes.map((s) => (
                        <td key={s.size} className="num">
                          {cell(r.key, s[r.key])}
                        </td>
                      ))}
                      <td className="num total">{cell(r.key, data.totals[r.key])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="report-section">
            <h3>Units sold by size</h3>
            <BarChart points={points} label="Units sold by size chart" format={units} />
          </section>
          <p className="muted small-note">
            Sold is sales less returns and voided sales. Received is goods received on purchase orders plus the opening stock of sizes added in the period.
            Adjusted is stock adjustments and stock-take variances. On hand is the stock at the start and at the end of the period. Sell-through = Sold / (On
            hand at start + Received). All from the stock ledger.
          </p>
        </div>
      ) : null}
    </section>
  );
}
