// Layout and print rules of the Reports screen, shipped inside its lazy chunk (Pico does the rest).

const css = `
.reports-screen .report-controls { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 1rem; margin-bottom: 1rem; }
.period-picker { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; }
.period-picker .field { display: flex; flex-direction: column; gap: .2rem; }
.period-picker label { margin: 0; font-size: .9rem; }
.period-picker select, .period-picker input { margin: 0; width: auto; min-width: 10rem; }
.report-actions { display: flex; gap: .5rem; }
.report-actions > * { margin: 0; width: auto; }
.report-print-title { display: none; }
.report-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: .75rem; margin-bottom: 1.25rem; }
.report-card { margin: 0; padding: .8rem 1rem; display: flex; flex-direction: column; gap: .15rem; }
.report-card strong { font-size: 1.35rem; }
.report-section { margin-bottom: 1.5rem; }
.report-section h3 { font-size: 1.1rem; margin-bottom: .6rem; }
.report-section h4 { font-size: .95rem; margin-bottom: .4rem; }
.method-bars { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: .55rem; }
.method-bars li { list-style: none; }
.method-bar-head { display: flex; justify-content: space-between; gap: 1rem; font-size: .95rem; }
.method-track { height: .7rem; background: var(--pico-muted-border-color); border-radius: 999px; overflow: hidden; margin-top: .2rem; }
.method-fill { height: 100%; background: var(--pico-primary-background); border-radius: 999px; }
.method-cash { background: #15803d; } .method-nets { background: #1d4ed8; } .method-paynow { background: #7e22ce; } .method-credit { background: #b45309; }
.method-pct { color: var(--pico-muted-color); }
.small-note { font-size: .85rem; }
.report-chart { margin: 0; }
.report-chart svg { display: block; max-height: 180px; }
.chart-bar { fill: var(--pico-primary-background); }
.chart-axis { stroke: var(--pico-muted-border-color); stroke-width: 1; }
.chart-label { font-size: 12px; fill: var(--pico-muted-color); }
.report-tops { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1.25rem; }
.report-tops > .small-note { grid-column: 1 / -1; margin-top: -1rem; }
@media (max-width: 1000px) { .report-tops { grid-template-columns: 1fr; } }
.report-tops table { font-size: .9rem; }
.see-more { width: auto; padding: .25rem .8rem; font-size: .85rem; }
.table-scroll { overflow-x: auto; }
.report-views { display: flex; justify-content: flex-start; gap: .5rem; margin-bottom: 1rem; }
.report-views button { width: auto; margin: 0; min-height: 44px; min-width: 44px; }
.size-curve-table th, .size-curve-table td { white-space: nowrap; }
.size-curve-table tbody th { font-weight: 600; }
.size-curve-table td.total { font-weight: 600; border-left: 1px solid var(--pico-muted-border-color); }
.size-curve-table tr[data-row='sell_through_pct'] td { font-weight: 600; }
.report-status { display: inline-block; padding: .05rem .45rem; border-radius: 1rem; font-size: .8rem; font-weight: 600; background: #eceff1; }
.report-status-PAID { background: #e3f4e6; color: #1b6b2a; }
.report-status-UNPAID { background: #fdecea; color: #a61b1b; }
.report-status-PARTIAL { background: #fff4d6; color: #8a5b00; }
.end-of-day { border: 1px solid var(--pico-muted-border-color); border-radius: .5rem; padding: 1rem; }
.eod-grid { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1.25rem; }
@media (max-width: 900px) { .eod-grid { grid-template-columns: 1fr; } }
.eod-list { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; margin: 0 0 .75rem; font-size: .92rem; }
.eod-list dt, .eod-list dd { margin: 0; }
.eod-list dt { white-space: nowrap; }
.eod-list dd { text-align: right; }

@media print {
  @page { margin: 12mm; }
  body { background: #fff; }
  .app-main { padding: 0; }
  .reports-screen .report-controls, .reports-screen .no-print, nav, .toasts { display: none !important; }
  .report-print-title { display: block; margin-bottom: .75rem; }
  .report-card, .report-section, .end-of-day, tr { break-inside: avoid; }
  .report-cards { grid-template-columns: repeat(4, 1fr); }
  .report-tops, .eod-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .method-fill { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .chart-bar { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .table-scroll { overflow: visible; }
  a[href]::after { content: none !important; }
}
`;

/** A <style> element with the Reports screen's layout and print rules. */
export function ReportsStyles() {
  return <style>{css}</style>;
}
