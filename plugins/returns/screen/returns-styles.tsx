// Layout rules of the Returns screen, shipped inside its lazy chunk (Pico and ui/styles.css do the rest).

const css = `
.returns-table td small { color: var(--pico-muted-color); }
.return-lines input[type='number'] { width: 5.5rem; margin: 0; padding: .25rem .4rem; height: auto; }
.return-lines select { margin: 0; padding: .25rem .4rem; height: auto; min-width: 11rem; }
.return-lines td, .return-lines th { font-size: .9rem; }
.return-total { display: flex; justify-content: flex-end; gap: 1rem; font-size: 1.1rem; margin: .5rem 0 1rem; }
.invoice-search { margin-bottom: .5rem; }
.refund-as { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 0 1rem; }
.tile-split { display: flex; flex-wrap: wrap; gap: .15rem .6rem; font-size: .8rem; font-weight: normal; color: var(--pico-muted-color); }
`;

/** Injects the screen's styles. */
export function ReturnsStyles() {
  return <style>{css}</style>;
}
