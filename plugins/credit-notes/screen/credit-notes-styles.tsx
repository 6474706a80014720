// Layout rules of the Credit Notes screen, shipped inside its lazy chunk (Pico and the shell's styles do the rest).

const css = `
.summary-tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: .75rem; margin-bottom: 1rem; }
.summary-tile { margin: 0; padding: .8rem 1rem; border: 1px solid var(--pico-muted-border-color); border-radius: .5rem; background: var(--pico-card-background-color); }
.summary-tile .tile-label { display: block; color: var(--pico-muted-color); font-size: .85rem; }
.summary-tile .tile-value { display: block; font-size: 1.5rem; font-weight: 700; }
.credit-notes-table .nowrap { white-space: nowrap; }
.credit-notes-table td small { color: var(--pico-muted-color); }
.credit-notes-table .row-actions { display: flex; gap: .35rem; flex-wrap: nowrap; }
.credit-notes-table .row-actions > * { width: auto; margin: 0; padding: .25rem .6rem; font-size: .85rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dl.facts dt { color: var(--pico-muted-color); font-weight: 500; }
dl.facts dd { margin: 0; }
.credit-note-details h4 { margin: .75rem 0 .4rem; font-size: 1rem; }
`;

/** Injects the screen's styles. */
export function CreditNotesStyles() {
  return <style>{css}</style>;
}
