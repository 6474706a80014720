// The Reports screen (/reports, ADMIN): period selector, Export CSV, Print Report, summary cards,
// payment-method bars, the daily (monthly) or monthly (yearly) breakdown chart, top lists, the invoice
// table, and the End of Day panel in the daily view.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { dateText, money } from '../../../ui/format.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { AdjustmentsTable } from './adjustments-table.js';
import { LiabilitiesSection } from './liabilities-section.js';
import { BarChart, type ChartPoint } from './bar-chart.js';
import { EndOfDayPanel } from './end-of-day-panel.js';
import { datesBetween } from './format.js';
import { InvoiceTable } from './invoice-table.js';
import { MethodBars } from './method-bars.js';
import { csvFileName, csvHref, initialPeriod, periodQuery, periodReady, periodTitle, periodValue, type PeriodState } from './period.js';
import { PeriodPicker } from './period-picker.js';
import { ReportsStyles } from './reports-styles.js';
import { SizeCurveView } from './size-curve-view.js';
import { SummaryCards } from './summary-cards.js';
import { TopLists } from './top-lists.js';
import type { SalesReport } from './types.js';

export const NO_DATA = 'No report data available for selected period';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Every day of the month (zero when nothing sold) for the daily breakdown chart. */
function dailyPoints(r: SalesReport): ChartPoint[] {
  return datesBetween(r.start_date, r.end_date).map((d) => {
    const value = r.daily_breakdown[d] ?? 0;
    return { key: d, label: String(Number(d.slice(8))), value, title: `${dateText(d)}: ${money(value)}` };
  });
}

/** Every month of the year for the yearly view's chart. */
function monthlyPoints(r: SalesReport): ChartPoint[] {
  return MONTHS.map((name, i) => {
    const key = `${r.value}-${String(i + 1).padStart(2, '0')}`;
    const value = r.monthly_breakdown[key] ?? 0;
    return { key, label: name, value, title: `${name} ${r.value}: ${money(value)}` };
  });
}

type View = 'sales' | 'size-curve';

/** Sales (the spec's screen) or the size curve (#30); /reports?view=size-curve opens the latter. */
function initialView(): View {
  return new URLSearchParams(window.location.search).get('view') === 'size-curve' ? 'size-curve' : 'sales';
}

/** The screen: the two views' switch, then the view chosen. */
export default function ReportsScreen() {
  const [view, setView] = useState<View>(initialView);
  return (
    <>
      <nav className="report-views no-print" aria-label="Report views">
        <button type="button" className={view === 'sales' ? '' : 'secondary outline'} aria-pressed={view === 'sales'} onClick={() => setView('sales')}>
          Sales
        </button>
        <button
          type="button"
          className={view === 'size-curve' ? '' : 'secondary outline'}
          aria-pressed={view === 'size-curve'}
          onClick={() => setView('size-curve')}
        >
          Size curve
        </button>
      </nav>
      {view === 'sales' ? (
        <SalesView />
      ) : (
        <section className="reports-screen">
          <ReportsStyles />
          <div className="page-head no-print">
            <div>
              <h2>Size Curve</h2>
              <p className="muted" style={{ margin: 0 }}>
                Units received, sold and on hand by size, and sell-through
              </p>
            </div>
          </div>
          <SizeCurveView />
        </section>
      )}
    </>
  );
}

/** The sales report (the spec's Reports screen). */
function SalesView() {
  const [period, setPeriod] = useState<PeriodState>(() => initialPeriod());
  const ready = periodReady(period);
  const query = periodQuery(period);
  const report = useQuery(['sales-report', query, ready], () => (ready ? api.get<SalesReport>('/api/reports/sales', query) : Promise.resolve(undefined)));
  const data = ready ? report.data : undefined;
  // Shown only when it answers the period on screen (the previous period's data stays while loading).
  const current = data && data.type === period.type && data.value === periodValue(period) ? data : undefined;
  const hasData = Boolean(current && current.invoice_count > 0);
  // A day without sales may still have money in: customer payments, voids, returns.
  const dayActivity = Boolean(
    current &&
      (hasData ||
        current.void_count > 0 ||
        current.returns_total > 0 ||
        Object.keys(current.collections_by_method).length > 0 ||
        current.credit_notes_applied > 0),
  );

  return (
    <section className="reports-screen">
      <ReportsStyles />
      <div className="page-head no-print">
        <div>
          <h2>Sales Reports</h2>
          <p className="muted" style={{ margin: 0 }}>
            Daily, monthly and yearly sales, payments and top sellers
          </p>
        </div>
      </div>
      <h2 className="report-print-title">
        Sales Report: {periodTitle(period)}
        {current ? ` (${dateText(current.start_date)} to ${dateText(current.end_date)})` : ''}
      </h2>

      <div className="report-controls">
        <PeriodPicker value={period} onChange={setPeriod} />
        <div className="report-actions">
          {/* biome-ignore lint/a11y/useSemanticElements: a download link that Pico CSS draws as a button (role="button"); it must stay a link to download */}
          <a
            role="button"
            className="secondary"
            href={ready ? csvHref(period) : undefined}
            download={csvFileName(period)}
            aria-disabled={!ready}
            onClick={(e) => {
              if (!ready) {
                e.preventDefault();
                return;
              }
              toast.success('CSV export started!');
            }}
          >
            Export CSV
          </a>
          <button type="button" className="secondary outline" onClick={() => window.print()}>
            Print Report
          </button>
        </div>
      </div>

      {!ready ? <p className="muted">Choose a {period.type === 'daily' ? 'date' : period.type === 'monthly' ? 'month' : 'year'} to see the report.</p> : null}
      {ready && report.error ? (
        <p role="alert" className="text-danger">
          Error loading report: {report.error.message}
        </p>
      ) : null}
      {ready && !current && report.loading ? <p aria-busy="true">Loading report...</p> : null}
      {current && !hasData ? <p className="center-state muted report-empty">{NO_DATA}</p> : null}

      {current && hasData ? (
        <div className="report-body" aria-busy={report.loading}>
          <SummaryCards report={current} />
          <MethodBars report={current} />
          {current.type === 'daily' ? <EndOfDayPanel date={current.value} /> : null}
          {current.type === 'monthly' ? (
            <section className="report-section">
              <h3>Daily Breakdown</h3>
              <BarChart points={dailyPoints(current)} label="Daily sales chart" />
            </section>
          ) : null}
          {current.type === 'yearly' ? (
            <section className="report-section">
              <h3>Monthly Breakdown</h3>
              <BarChart points={monthlyPoints(current)} label="Monthly sales chart" />
            </section>
          ) : null}
          <TopLists report={current} />
          <AdjustmentsTable report={current} />
          {current.type !== 'daily' ? <LiabilitiesSection liabilities={current.liabilities} tenderRefunds={current.tender_refunds_by_method} /> : null}
          <InvoiceTable report={current} />
        </div>
      ) : null}

      {current && current.type === 'daily' && !hasData && dayActivity ? <EndOfDayPanel date={current.value} /> : null}
    </section>
  );
}
