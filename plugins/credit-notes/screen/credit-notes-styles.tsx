// Layout rules of the Credit Notes screen, shipped inside its lazy chunk (Pico and ui/styles.css do the rest: tiles, row actions).

const css = `
.credit-notes-table td small { color: var(--pico-muted-color); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dl.facts dt { color: var(--pico-muted-color); font-weight: 500; }
dl.facts dd { margin: 0; }
.credit-note-details h4 { margin: .75rem 0 .4rem; font-size: 1rem; }
`;

/** Injects the screen's styles. */
export function CreditNotesStyles() {
  return <style>{css}</style>;
}
