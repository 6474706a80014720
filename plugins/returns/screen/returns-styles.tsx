// Layout rules of the Returns screen, shipped inside its lazy chunk (Pico and ui/styles.css do the rest).

const css = `
.returns-table td small { color: var(--pico-muted-color); }
/* #26.3: every column in view at 1024 px (a tablet at the counter): tighter type and cells, headings may wrap. */
@media (max-width: 1279px) {
  .returns-table { font-size: .82rem; }
  .returns-table th { white-space: normal; }
  .returns-table td, .returns-table th { padding: .45rem .3rem; }
  .returns-table code { padding: .1rem .25rem; font-size: .78rem; }
  .returns-table .badge { font-size: .72rem; }
}
.return-lines input[type='number'] { width: 5.5rem; margin: 0; padding: .25rem .4rem; height: auto; }
.return-lines select { margin: 0; padding: .25rem .4rem; height: auto; min-width: 11rem; }
.return-lines td, .return-lines th { font-size: .9rem; }
.return-total { display: flex; justify-content: flex-end; gap: 1rem; font-size: 1.1rem; margin: .5rem 0 1rem; }
.invoice-search { margin-bottom: .5rem; }
.refund-as { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 0 1rem; }
.issued-note { border-left: 4px solid var(--pico-primary); padding: .75rem 1rem; margin-bottom: 1rem; }
.issued-note header, .issued-note footer { margin: 0; padding: 0; background: none; border: 0; }
.issued-note p { margin: .25rem 0 .5rem; }
.issued-note code { font-size: 1.2rem; letter-spacing: .05em; }
.issued-note footer { display: flex; gap: .5rem; }
.issued-note footer button { width: auto; min-height: 44px; margin: 0; }
.tile-split { display: flex; flex-wrap: wrap; gap: .15rem .6rem; font-size: .8rem; font-weight: normal; color: var(--pico-muted-color); }
`;

/** Injects the screen's styles. */
export function ReturnsStyles() {
  return <style>{css}</style>;
}
