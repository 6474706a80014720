// Layout rules of the Returns screen, shipped inside its lazy chunk (Pico and the shell's styles do the rest).

const css = `
.summary-tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: .75rem; margin-bottom: 1rem; }
.summary-tile { margin: 0; padding: .8rem 1rem; border: 1px solid var(--pico-muted-border-color); border-radius: .5rem; background: var(--pico-card-background-color); }
.summary-tile .tile-label { display: block; color: var(--pico-muted-color); font-size: .85rem; }
.summary-tile .tile-value { display: block; font-size: 1.5rem; font-weight: 700; }
.returns-table .nowrap { white-space: nowrap; }
.returns-table td small { color: var(--pico-muted-color); }
.return-lines input[type='number'] { width: 5.5rem; margin: 0; padding: .25rem .4rem; height: auto; }
.return-lines select { margin: 0; padding: .25rem .4rem; height: auto; min-width: 11rem; }
.return-lines td, .return-lines th { font-size: .9rem; }
.return-total { display: flex; justify-content: flex-end; gap: 1rem; font-size: 1.1rem; margin: .5rem 0 1rem; }
.invoice-search { margin-bottom: .5rem; }
`;

/** Injects the screen's styles. */
export function ReturnsStyles() {
  return <style>{css}</style>;
}
