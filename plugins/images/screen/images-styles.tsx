// Layout rules of the image screens, shipped inside their lazy chunk (Pico does the rest).

const css = `
.product-selector { position: relative; margin-bottom: 1rem; }
.product-selector input[type=search] { margin-bottom: .5rem; }
.product-filters { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: .5rem; }
.product-filters > * { margin: 0; width: auto; }
.product-dropdown { max-height: 15rem; overflow-y: auto; border: 1px solid var(--pico-muted-border-color); border-radius: var(--pico-border-radius); background: var(--pico-card-background-color); }
.product-option { display: flex; flex-direction: column; align-items: flex-start; width: 100%; margin: 0; padding: .45rem .75rem; border: 0; border-bottom: 1px solid var(--pico-muted-border-color); border-radius: 0; background: transparent; color: inherit; text-align: left; }
.product-option:hover, .product-option:focus-visible { background: var(--pico-table-row-stripped-background-color); }
.product-option-name { font-weight: 600; }
.style-sizes { display: flex; flex-wrap: wrap; gap: .25rem; margin-top: .25rem; }
.size-list-label { font-size: .8rem; color: var(--pico-muted-color); align-self: center; }
.size-chip { display: inline-block; min-width: 2.2rem; padding: .05rem .4rem; border: 1px solid var(--pico-muted-border-color); border-radius: .3rem; font-size: .8rem; text-align: center; }
.dropdown-note { margin: 0; padding: .6rem .75rem; }
.product-selected { display: flex; align-items: center; gap: 1rem; padding: .75rem 1rem; margin-bottom: 1rem; }
.product-selected-thumb { width: 3.5rem; height: 3.5rem; object-fit: cover; border-radius: .3rem; }
.product-selected-text { display: flex; flex-direction: column; flex: 1; }
.product-selected button { width: auto; margin: 0; min-height: 44px; }
.upload-area { position: relative; border: 2px dashed var(--pico-muted-border-color); border-radius: .5rem; padding: 1.25rem; text-align: center; margin-bottom: 1rem; }
.upload-area.upload-over { border-color: var(--pico-primary); background: var(--pico-primary-focus); }
.upload-label { display: flex; flex-direction: column; align-items: center; gap: .25rem; cursor: pointer; margin: 0; }
.upload-icon { font-size: 1.6rem; line-height: 1; }
.upload-input { position: absolute; inset: 0; opacity: 0; cursor: pointer; width: 100%; height: 100%; margin: 0; }
.image-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: 1rem; }
.image-card { margin: 0; padding: .6rem; display: flex; flex-direction: column; gap: .5rem; position: relative; transition: box-shadow .15s; }
.image-card.is-dragging { box-shadow: 0 8px 24px rgb(0 0 0 / .25); transition: none; opacity: .92; }
.image-card.is-drop-target { outline: 2px dashed var(--pico-primary); outline-offset: 2px; }
.image-card.is-primary { outline: 2px solid #16a34a; }
.image-card-media { position: relative; }
.image-thumb { display: block; width: 100%; aspect-ratio: 1 / 1; object-fit: cover; border-radius: .3rem; background: #eef0f3; }
.primary-badge { position: absolute; top: .4rem; left: .4rem; }
.drag-handle { position: absolute; top: .4rem; right: .4rem; width: auto; margin: 0; padding: .1rem .45rem; font-size: 1.1rem; line-height: 1.2; cursor: grab; touch-action: none; background: rgb(255 255 255 / .9); color: #333; border: 1px solid #ccc; }
.drag-handle[aria-pressed=true] { cursor: grabbing; outline: 2px solid var(--pico-primary); }
.image-card-body { display: flex; flex-direction: column; gap: .4rem; }
.alt-view { display: flex; align-items: center; justify-content: space-between; gap: .5rem; }
.alt-text { margin: 0; font-size: .9rem; overflow-wrap: anywhere; }
.alt-empty { font-style: italic; }
.alt-editor input { margin-bottom: .4rem; }
.card-actions { display: flex; flex-wrap: wrap; gap: .4rem; }
.card-actions button, .alt-view button { width: auto; margin: 0; padding: .25rem .6rem; font-size: .85rem; }
.card-actions button.danger { color: var(--kedai-error, #c62828); border-color: currentColor; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/** A <style> element with the image screens' layout. */
export function ImagesStyles() {
  return <style>{css}</style>;
}
