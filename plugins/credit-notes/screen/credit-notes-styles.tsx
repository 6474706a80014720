// Layout rules of the Credit Notes screen, shipped inside its lazy chunk (Pico and ui/styles.css do the rest: tiles, row actions).

const css = `
.credit-notes-table td small { color: var(--pico-muted-color); }
/* #26.3: every column in view at 1024 px (a tablet at the counter): tighter type and cells, headings may wrap. */
@media (max-width: 1279px) {
  .credit-notes-table { font-size: .82rem; }
  .credit-notes-table th { white-space: normal; }
  .credit-notes-table td, .credit-notes-table th { padding: .45rem .3rem; }
  .credit-notes-table .badge { font-size: .72rem; }
  .credit-notes-table .row-actions { flex-wrap: wrap; }
}
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dl.facts dt { color: var(--pico-muted-color); font-weight: 500; }
dl.facts dd { margin: 0; }
.credit-note-details h4 { margin: .75rem 0 .4rem; font-size: 1rem; }
`;

/** Injects the screen's styles. */
export function CreditNotesStyles() {
  return <style>{css}</style>;
}
