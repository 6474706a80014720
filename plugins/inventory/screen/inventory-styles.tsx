// Layout rules of the Inventory screen's style view and its modals, shipped inside the lazy chunk.

const css = `
.view-switch, .view-switch[role='group'] { display: inline-flex; width: auto; gap: 0; margin: 0 0 1rem; }
.view-switch button { width: auto; margin: 0; padding: .35rem 1rem; border-radius: 0; }
.view-switch button:first-child { border-radius: var(--pico-border-radius) 0 0 var(--pico-border-radius); }
.view-switch button:last-child { border-radius: 0 var(--pico-border-radius) var(--pico-border-radius) 0; }
.size-grid { display: flex; flex-wrap: wrap; gap: .25rem; list-style: none; padding: 0; margin: 0; }
.size-grid li { list-style: none; margin: 0; }
.size-chip { display: inline-flex; flex-direction: column; align-items: center; min-width: 2.6rem; padding: .1rem .3rem; border-radius: .3rem;
  border: 1px solid var(--pico-muted-border-color); font-size: .75rem; line-height: 1.2; background: var(--pico-card-background-color); }
.size-chip-size { color: var(--pico-muted-color); white-space: nowrap; }
.size-chip-qty { font-weight: 700; font-variant-numeric: tabular-nums; }
.size-out { border-color: #dc2626; border-style: dashed; background: #fee2e2; color: #991b1b; }
.size-out .size-chip-size { color: #991b1b; text-decoration: line-through; }
.size-low { border-color: #ca8a04; background: #fef9c3; color: #854d0e; }
.size-legend .size-chip { display: inline-block; min-width: 0; padding: 0 .3rem; }
.styles-table td { vertical-align: top; }
.styles-table td.style-sizes-cell { min-width: 12rem; }
/* On a 1024 px till the size grid needs the width more than the buttons: stack them. */
@media (max-width: 1200px) { .styles-table tr[data-style-id] .row-actions { flex-direction: column; align-items: stretch; } }
.styles-table tr.style-sizes-row > td { padding: .25rem .6rem 1rem 2rem; background: var(--pico-card-sectioning-background-color); }
.sizes-detail { margin: 0; font-size: .9rem; }
.sizes-detail td, .sizes-detail th { padding: .3rem .5rem; }
.size-rows td, .size-rows th { padding: .25rem .35rem; font-size: .9rem; }
.size-rows input { margin: 0; padding: .25rem .45rem; height: auto; }
.size-rows td.size-cell input { width: 7rem; }
.size-rows td.stock-cell input { width: 6rem; }
.size-rows .field-error { margin: .15rem 0 0; font-size: .8rem; }
.size-rows button { width: auto; margin: 0; padding: .2rem .55rem; font-size: .85rem; }
.size-rows-wrap { border: 1px solid var(--pico-muted-border-color); border-radius: var(--pico-border-radius); margin-bottom: .5rem; }
.size-run-picker { display: grid; grid-template-columns: minmax(10rem, 1fr) auto; gap: .5rem 1rem; align-items: end; }
.size-run-picker label { margin: 0; }
.size-run-picker select, .size-run-picker input[type='text'] { margin-bottom: .5rem; }
.size-run-picker .halves { display: flex; align-items: center; gap: .4rem; white-space: nowrap; margin-bottom: 1rem; }
.size-run-picker .custom-sizes { grid-column: 1 / -1; }
.size-run-picker .size-range { grid-column: 1 / -1; display: grid; grid-template-columns: repeat(3, minmax(6rem, 1fr)); gap: 0 1rem; }
.size-run-picker .size-range .field-error { grid-column: 1 / -1; margin: 0 0 .5rem; }
.sizes-head { display: flex; justify-content: space-between; align-items: center; gap: .5rem; margin: .25rem 0 .35rem; }
.sizes-head button { width: auto; margin: 0; padding: .25rem .8rem; }
/* Long forms (a 14-size run) scroll; their Cancel / submit buttons stay in view. */
dialog.modal > article:has(#add-style-form, #add-sizes-form, #edit-style-form) > footer {
  position: sticky; bottom: calc(-1 * var(--pico-block-spacing-vertical)); z-index: 1; background: var(--pico-card-sectioning-background-color);
}
.form-alert { color: var(--kedai-error); font-weight: 600; }
.stock-preview { font-variant-numeric: tabular-nums; }
`;

/** Injects the Inventory screen's styles. */
export function InventoryStyles() {
  return <style>{css}</style>;
}
