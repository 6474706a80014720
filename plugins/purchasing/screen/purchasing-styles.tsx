// Layout rules of the purchasing screens, shipped inside their lazy chunk (Pico and ui/styles.css do the rest).

const css = `
.po-tabs { display: flex; gap: .25rem; border-bottom: 1px solid var(--pico-muted-border-color); margin-bottom: 1rem; }
.po-tabs button:hover { color: var(--pico-primary); }
.po-tabs button { width: auto; margin: 0 0 -1px; border-radius: var(--pico-border-radius) var(--pico-border-radius) 0 0; background: transparent;
  color: var(--pico-muted-color); border: 1px solid transparent; padding: .45rem 1rem; }
.po-tabs button[aria-selected='true'] { color: var(--pico-primary); border-color: var(--pico-muted-border-color); border-bottom-color: var(--pico-background-color); font-weight: 600; }
.po-lines input, .receive-lines input { margin: 0; padding: .25rem .5rem; height: auto; text-align: right; }
.po-lines .qty-input, .receive-lines .qty-input { width: 6rem; }
.po-lines .cost-input { width: 8rem; }
.po-lines td, .receive-lines td { vertical-align: middle; }
.small-button { width: auto; margin: 0; padding: .2rem .6rem; font-size: .85rem; }
.product-picker { margin-bottom: 1rem; }
.picker-matches { list-style: none; margin: -.5rem 0 0; padding: 0; display: grid; gap: .25rem; max-height: 15rem; overflow: auto; }
.picker-matches li { list-style: none; margin: 0; padding: 0; }
.picker-matches button { width: 100%; text-align: left; margin: 0; padding: .35rem .75rem; font-size: .9rem; }
.picker-matches small { color: var(--pico-muted-color); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dl.facts dt { color: var(--pico-muted-color); font-weight: 500; }
dl.facts dd { margin: 0; }
.po-details h4 { margin: .75rem 0 .4rem; font-size: 1rem; }
.po-receipts { list-style: none; padding: 0; margin: 0; }
.po-receipts li { list-style: none; padding: .4rem 0; border-bottom: 1px solid var(--pico-muted-border-color); }
.receipt-head { display: flex; align-items: center; gap: .75rem; flex-wrap: wrap; }
.low-stock-group { margin: 0 0 1rem; padding: .75rem 1rem; }
.low-stock-head { display: flex; align-items: center; justify-content: space-between; gap: 1rem; flex-wrap: wrap; margin-bottom: .5rem; padding: 0; background: none; border: 0; }
.low-stock-head h4 { margin: 0; font-size: 1.05rem; }
.low-stock-actions { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.low-stock-actions > * { width: auto; margin: 0; }
.toolbar .toolbar-spacer { flex: 1; }
/* #30.2: fingers tick sizes and type quantities on a tablet: every control at least 44 x 44 px. */
input[type='checkbox'].touch-check { width: 44px; height: 44px; margin: 0; }
.low-stock-table .touch-qty, .po-edit-lines input { min-height: 44px; width: 6rem; }
.po-edit-lines .cost-input { width: 8rem; }
.touch-button { width: auto; min-height: 44px; min-width: 44px; margin: 0; padding: .3rem .8rem; }
.low-stock-actions > select, .low-stock-actions > button { min-height: 44px; }
.low-stock-table tr.muted td { color: var(--pico-muted-color); }
.po-history { list-style: none; padding: 0; margin: 0; }
.po-history > li { list-style: none; padding: .4rem 0; border-bottom: 1px solid var(--pico-muted-border-color); }
.po-history ul { margin: .25rem 0 0 1.25rem; padding: 0; font-size: .9rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/** Injects the screens' styles. */
export function PurchasingStyles() {
  return <style>{css}</style>;
}
