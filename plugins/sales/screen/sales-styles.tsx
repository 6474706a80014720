// Layout rules of the sales screens, shipped inside their lazy chunk (Pico does the rest).

const css = `
.pos-layout { display: grid; grid-template-columns: minmax(0, 1fr) 24rem; gap: 1.25rem; align-items: start; }
@media (max-width: 900px) { .pos-layout { grid-template-columns: 1fr; } }
.pos-low-stock { display: flex; justify-content: flex-end; }
.pos-low-stock:not(:empty) { margin-bottom: .5rem; }
.pos-toolbar { display: grid; grid-template-columns: 2fr repeat(3, 1fr); gap: .5rem; }
@media (max-width: 700px) { .pos-toolbar { grid-template-columns: 1fr 1fr; } }
.pos-toolbar input, .pos-toolbar select { margin-bottom: .5rem; }
/* The grid sizes the filters; the shared 10rem minimum would squeeze the search box to nothing on a 1024 px till. */
.pos-toolbar .select-filter { min-width: 0; }
.pos-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: .75rem; }
.pos-card { margin: 0; padding: .6rem; display: flex; flex-direction: column; gap: .35rem; }
.pos-thumb { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: .3rem; background: #eef0f3; display: block; }
.pos-card-body { display: flex; flex-direction: column; gap: .2rem; flex: 1; }
.pos-card-name { font-size: .95rem; margin: 0; line-height: 1.2; }
.pos-card-meta { display: flex; flex-wrap: wrap; gap: 0 .5rem; color: var(--pico-muted-color); }
.pos-stock-out { color: var(--pico-del-color, #c62828); font-weight: 600; }
.pos-card-foot { display: flex; align-items: center; justify-content: space-between; gap: .5rem; margin-top: auto; }
.pos-card-foot button { padding: .3rem .7rem; margin: 0; width: auto; }
.pos-cart { position: sticky; top: 5rem; padding: 1rem; border: 1px solid var(--pico-muted-border-color); border-radius: .5rem; background: var(--pico-card-background-color); }
.pos-cart-head { display: flex; justify-content: space-between; align-items: baseline; }
.pos-cart-head h3 { margin: 0; }
.cart-rows { list-style: none; padding: 0; margin: .5rem 0; max-height: 50vh; overflow-y: auto; }
.cart-row { list-style: none; border-bottom: 1px solid var(--pico-muted-border-color); padding: .4rem 0; }
.cart-row-head, .cart-row-line { display: flex; justify-content: space-between; align-items: center; gap: .5rem; }
.cart-remove { padding: .15rem .5rem; margin: 0; width: auto; font-size: .8rem; }
.cart-stepper { display: flex; align-items: center; gap: .25rem; }
.cart-stepper button { padding: .1rem .55rem; margin: 0; width: auto; min-width: 2rem; line-height: 1.4; }
.cart-stepper input.cart-qty { width: 3.6rem; margin: 0; padding: .2rem .4rem; height: auto; text-align: center; }
.cart-unit { white-space: nowrap; font-size: .85rem; color: var(--pico-muted-color); }
.cart-line-total { white-space: nowrap; }
.cart-empty { color: var(--pico-muted-color); text-align: center; padding: 1rem 0; }
dl.totals { display: grid; grid-template-columns: 1fr auto; gap: .2rem 1rem; margin: .5rem 0; }
dl.totals dt, dl.totals dd { margin: 0; }
dl.totals dd { text-align: right; font-variant-numeric: tabular-nums; }
.cart-total-label, .cart-total { font-size: 1.2rem; font-weight: 700; }
.discount-label { display: flex; align-items: center; gap: .5rem; margin: 0; white-space: nowrap; }
dl.totals dd[data-testid="cart-discount"] { align-self: center; }
.discount-label input { width: 5.5rem; margin: 0; padding: .15rem .4rem; height: auto; }
.pos-checkout { width: 100%; }
.pos-note { color: var(--pico-muted-color); }
.customer-picker { margin-bottom: .75rem; }
.customer-choice { display: flex; flex-wrap: wrap; gap: 1rem; margin-bottom: .5rem; }
.customer-results { list-style: none; padding: 0; margin: 0 0 .5rem; max-height: 14rem; overflow-y: auto; }
.customer-results li { list-style: none; margin: 0 0 .25rem; }
.customer-results button { width: 100%; text-align: left; padding: .35rem .6rem; margin: 0; }
.method-choice { display: inline-flex; align-items: center; gap: .3rem; margin-right: 1.25rem; }
.quick-cash { display: flex; flex-wrap: wrap; gap: .4rem; margin-bottom: .5rem; }
.quick-cash button { width: auto; padding: .2rem .6rem; margin: 0; }
.credit-warning { border-left: 4px solid var(--pico-del-color, #c62828); padding: .5rem .75rem; background: rgba(198, 40, 40, .08); }
.credit-warning p { margin: .2rem 0; color: var(--pico-del-color, #c62828); }
.error-text { color: var(--pico-del-color, #c62828); }
.paynow-qr { text-align: center; margin: .5rem 0 1rem; }
.paynow-qr svg { border: 1px solid var(--pico-muted-border-color); border-radius: .3rem; }
.status-badge { display: inline-block; padding: .1rem .5rem; border-radius: 1rem; font-size: .8rem; font-weight: 600; }
.status-PAID { background: #e3f4e6; color: #1b6b2a; }
.status-UNPAID { background: #fdecea; color: #a61b1b; }
.status-PARTIAL { background: #fff4d6; color: #8a5b00; }
.status-VOID { background: #eceff1; color: #455a64; }
.invoice-detail-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 700px) { .invoice-detail-grid { grid-template-columns: 1fr; } }
.num { text-align: right; font-variant-numeric: tabular-nums; }
`;

/** A <style> element with the sales screens' layout. */
export function SalesStyles() {
  return <style>{css}</style>;
}
