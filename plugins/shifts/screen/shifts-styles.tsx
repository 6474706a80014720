// Layout rules of the shift bar, the cash-up and the reports, shipped inside their lazy chunks.

const css = `
.shift-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem .6rem; padding: .3rem .6rem; margin-bottom: .5rem;
  border: 1px solid var(--pico-muted-border-color); border-radius: var(--pico-border-radius); background: var(--pico-card-background-color); font-size: .9rem; }
.shift-bar > form { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem .6rem; margin: 0; }
.shift-bar > form input { margin: 0; padding: .2rem .5rem; height: auto; width: 7.5rem; font-size: .9rem; }
.shift-bar button { width: auto; min-height: 44px; margin: 0; padding: .2rem .65rem; font-size: .85rem; }
.shift-bar > form label { margin: 0; display: flex; align-items: center; gap: .35rem; white-space: nowrap; }
.shift-bar .till-name { font-weight: 700; }
.cash-up-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: .25rem .75rem; }
.cash-up-grid label { margin: 0; font-size: .85rem; }
.cash-up-grid input { margin: .1rem 0 .35rem; padding: .25rem .5rem; height: auto; text-align: right; }
.cash-up-totals { display: grid; grid-template-columns: 1fr auto; gap: .15rem 1rem; margin: .5rem 0; font-variant-numeric: tabular-nums; }
.cash-up-totals dt { margin: 0; }
.cash-up-totals dd { margin: 0; text-align: right; font-weight: 600; }
.variance-short { color: var(--kedai-error); }
.variance-over { color: #b45309; }
.shift-report { display: grid; grid-template-columns: 1fr; gap: 0 1.5rem; }
@media (min-width: 900px) { .shift-report { grid-template-columns: 1fr 1fr; } }
.shift-report > .shift-report-head { grid-column: 1 / -1; margin-bottom: .25rem; }
.shift-report table { margin-bottom: .5rem; font-size: .9rem; }
.shift-report td, .shift-report th { padding: .2rem .5rem; }
.shift-report h4 { margin: .35rem 0 .2rem; font-size: 1rem; }
.shift-report .num { text-align: right; font-variant-numeric: tabular-nums; }
`;

/** The shifts plugin's styles (a <style> element, rendered once per screen). */
export function ShiftsStyles() {
  return <style>{css}</style>;
}
