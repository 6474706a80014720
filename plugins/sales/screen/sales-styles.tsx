// Layout rules of the sales screens, shipped inside their lazy chunk (Pico does the rest).

const css = `
/* The till: search and filters over scrolling style cards, the cart beside them at full height (Checkout always in view). */
.pos-screen { --cart-w: 22rem; }
@media (min-width: 1200px) { .pos-screen { --cart-w: 26rem; } }
@media (min-width: 1600px) { .pos-screen { --cart-w: 27rem; } }
.pos-layout { display: grid; grid-template-columns: minmax(0, 1fr) var(--cart-w); gap: 1rem; align-items: stretch; }
.pos-products { display: flex; flex-direction: column; min-width: 0; min-height: 0; }
.pos-toolbar { display: flex; flex-direction: column; gap: .4rem; margin-bottom: .6rem; }
.pos-search-row { display: flex; gap: .5rem; align-items: center; }
.pos-search-row input.pos-search { flex: 1 1 auto; width: auto; min-width: 0; margin: 0; }
.pos-filters { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.pos-filters select.select-filter { flex: 1 1 8.5rem; min-width: 0; width: auto; margin: 0; padding: .3rem 2rem .3rem .6rem; font-size: .9rem; background-position: center right .5rem; }
.pos-filters > button { flex: 0 0 auto; width: auto; margin: 0; }
.pos-exchange-button { flex: 0 0 auto; width: auto; margin: 0; padding: .35rem .7rem; font-size: .85rem; white-space: nowrap; }
.pos-return-button { flex: 0 0 auto; width: auto; min-width: 44px; min-height: 44px; margin: 0; padding: .35rem .7rem; font-size: .85rem; white-space: nowrap; }
.pos-help-button { flex: 0 0 auto; width: auto; margin: 0; padding: .35rem .7rem; font-size: .85rem; white-space: nowrap; }
.pos-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(12.5rem, 1fr)); gap: .6rem; padding: 2px; }
.pos-card { margin: 0; padding: .5rem; display: flex; flex-direction: column; gap: .3rem; }
.pos-thumb { width: 100%; aspect-ratio: 3 / 1; object-fit: contain; border-radius: .3rem; background: #f3f4f6; display: block; }
.pos-card-body { display: flex; flex-direction: column; gap: .2rem; flex: 1; }
.pos-card-name { font-size: .95rem; margin: 0; line-height: 1.2; }
.pos-card-meta { display: flex; flex-wrap: wrap; gap: 0 .5rem; color: var(--pico-muted-color); font-size: .8rem; }
.pos-price-row { display: flex; align-items: baseline; justify-content: space-between; gap: .5rem; flex-wrap: wrap; }
.pos-price-gst { color: var(--pico-muted-color); font-size: .8rem; white-space: nowrap; }
.size-buttons { display: flex; flex-wrap: wrap; gap: .3rem; margin-top: auto; padding-top: .2rem; }
.size-btn { flex: 0 0 auto; min-width: 3.4rem; margin: 0; padding: .2rem .35rem; display: flex; flex-direction: column; align-items: center; line-height: 1.15; font-size: .8rem; width: auto; }
.size-btn-size { font-weight: 700; font-size: .95rem; }
.size-btn-stock, .size-btn-price { font-size: .68rem; white-space: nowrap; }
.size-btn.size-out { background: #f3f4f6; color: #9ca3af; border-color: #e5e7eb; opacity: 1; }
.size-btn.size-out .size-btn-stock { color: var(--pico-del-color, #c62828); font-weight: 600; }
.pos-cart { padding: .6rem .75rem; border: 1px solid var(--pico-muted-border-color); border-radius: .5rem; background: var(--pico-card-background-color); display: flex; flex-direction: column; min-height: 0; }
.pos-cart-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .4rem; }
/* Hold / Held (N): finger-sized (44 px at least), #26.5. */
.pos-hold-button { flex: 0 0 auto; width: auto; min-width: 44px; min-height: 44px; margin: 0; padding: .35rem .7rem; font-size: .85rem; white-space: nowrap; }
.held-sales { list-style: none; padding: 0; margin: 0; }
.held-sales li { list-style: none; margin: 0 0 .4rem; }
.held-sale-row { display: grid; grid-template-columns: minmax(0, 1fr) auto auto; grid-template-areas: "label items total" "time time time"; gap: .1rem .8rem; width: 100%; min-height: 44px; text-align: left; margin: 0; }
.held-sale-row strong { grid-area: label; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.held-sale-row small { grid-area: time; }
.pos-cart-head h3 { margin: 0; font-size: 1.15rem; }
.pos-cart-head small { flex: 1; }
.pos-cart-close { display: none; width: auto; margin: 0; padding: .2rem .6rem; font-size: .85rem; }
.cart-rows { list-style: none; padding: 0; margin: .35rem 0; overflow-y: auto; flex: 1 1 auto; min-height: 3rem; }
/* Beside the size: name and line total; colour, SKU and unit price; then the finger-sized controls. */
.cart-row { list-style: none; display: grid; grid-template-columns: auto minmax(0, 1fr) auto; grid-template-areas: "size text total" "size sub sub" "size ctrl ctrl"; align-items: center; column-gap: .4rem; row-gap: .15rem; padding: .3rem 0; margin: 0; border-bottom: 1px solid var(--pico-muted-border-color); }
.cart-row-text { display: contents; }
/* The size: its own box, large, never truncated (a shoe counter checks it at arm's length). */
.cart-size { grid-area: size; align-self: stretch; display: flex; align-items: center; justify-content: center; min-width: 3.2rem; padding: 0 .4rem; font-size: 1.45rem; font-weight: 800; line-height: 1; white-space: nowrap; border-radius: var(--pico-border-radius); background: var(--pico-primary-background, #0172ad); color: var(--pico-primary-inverse, #fff); }
.cart-name { grid-area: text; }
.cart-sub { grid-area: sub; }
.cart-line-total { grid-area: total; }
.cart-controls { grid-area: ctrl; display: flex; flex-wrap: wrap; justify-content: flex-end; align-items: center; gap: .3rem; }
/* Finger-sized (#26.6): every control on the till is at least 44 x 44 px (the till bar, search, filters, sizes, cart,
   and any button added later); a desktop till (below) makes the cart's rows compact again. */
.pos-screen :where(button, select, [role=button], input:not([type=radio], [type=checkbox], [type=hidden])) { min-height: 44px; min-width: 44px; }
.pos-filters select.select-filter { height: 44px; }
.pos-cart-head button, .pos-help-button, .low-stock-badge { min-height: 44px; }
.discount-label input { height: 44px; }
/* A field beside its button (the credit-note lookup): the field gives way, the button's words are never cut. */
/* The line just added (a scan or a tap) flashes and comes into view (cart-panel.tsx), instead of a toast over the products. */
.cart-row[data-just-added] { animation: cart-flash 1.2s ease-out; }
/* A desktop till (1200 px and wider, mouse and keyboard): two lines per row with compact controls, so a long sale
   shows 8+ lines at 1366x768 (#16). Tablets (1024x768) and phones keep the 44 px controls (#26.6). */
@media (min-width: 1200px) {
  .cart-row { grid-template-areas: "size text total" "size sub ctrl"; row-gap: .1rem; padding: .2rem 0; }
  .cart-controls { gap: .15rem; flex-wrap: nowrap; }
  .cart-row .cart-controls button, .cart-row .cart-controls input, .cart-row .cart-controls select { min-width: 1.8rem !important; min-height: 0 !important; height: 1.6rem !important; padding: 0 .35rem !important; font-size: .85rem !important; }
  .cart-row .cart-controls input.cart-qty { width: 2.6rem; }
  .cart-size { font-size: 1.3rem; min-width: 2.8rem; }
  /* The cart's header on one line (Display, Hold, Held, Exchange): rows keep the height. */
  .pos-cart-head { flex-wrap: nowrap; gap: .2rem; }
  .pos-cart-head h3 { font-size: 1.05rem; }
  .pos-cart-head small { white-space: nowrap; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
  /* Display, Hold, Held, Exchange and Return (#26.3) side by side in the 26rem cart. */
  .pos-cart-head button { min-width: 0; min-height: 0; padding: .2rem .3rem; font-size: .76rem; }
  .cart-summary input { min-height: 0; height: auto; }
}
@keyframes cart-flash { 0%, 35% { background: #fde68a; } 100% { background: transparent; } }
.cart-name, .cart-sub { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cart-name { font-size: .9rem; line-height: 1.25; }
.cart-sub { font-size: .75rem; color: var(--pico-muted-color); min-width: 0; }
/* Finger-sized (#26.6): every control in the row is at least 44 x 44 px. */
.cart-remove { min-width: 44px; min-height: 44px; padding: 0 .4rem; margin: 0; width: auto; font-size: .9rem; line-height: 1; }
.cart-stepper { display: flex; align-items: center; gap: .2rem; }
.cart-stepper button { min-width: 44px; min-height: 44px; padding: 0 .4rem; margin: 0; width: auto; line-height: 1; font-size: 1.1rem; }
.cart-stepper input.cart-qty { width: 3rem; min-height: 44px; height: 44px; margin: 0; padding: 0 .2rem; text-align: center; font-size: 1rem; }
.cart-unit { white-space: nowrap; }
.cart-unit-before { color: var(--pico-muted-color); }
.cart-gst-included { text-align: right; color: var(--pico-muted-color); font-size: .85rem; margin: 0 0 .5rem; }
.cart-line-total { white-space: nowrap; font-size: .88rem; min-width: 4.2rem; text-align: right; }
.cart-empty { color: var(--pico-muted-color); text-align: center; padding: 1rem 0; flex: 1 1 auto; }
/* Other plugins' buttons that add their items to the cart (#29, slot 'pos-cart-actions'), left of Checkout. */
/* A plugin's item in the cart (#29, a gift card): no size box; label over '(no GST)', its amount and remove beside. */
.cart-row.cart-charge-row { grid-template-columns: minmax(0, 1fr) auto auto; grid-template-areas: "text total ctrl" "sub total ctrl"; }
.cart-checkout-row { display: flex; align-items: stretch; gap: .4rem; flex: 0 0 auto; }
.cart-checkout-row .pos-checkout { flex: 1 1 auto; width: auto; }
.cart-actions { display: flex; gap: .3rem; flex: 0 0 auto; }
.cart-actions:empty { display: none; }
.cart-actions button { width: auto; margin: 0; white-space: nowrap; }
dl.totals { display: grid; grid-template-columns: 1fr auto; gap: .1rem 1rem; margin: .35rem 0; }
dl.totals dt, dl.totals dd { margin: 0; }
dl.totals dd { text-align: right; font-variant-numeric: tabular-nums; }
.cart-summary { font-size: .92rem; }
.cart-total-label, .cart-total { font-size: 1.2rem; font-weight: 700; }
.discount-label { display: flex; align-items: center; gap: .5rem; margin: 0; white-space: nowrap; }
dl.totals dd[data-testid="cart-discount"] { align-self: center; }
/* #28: what a promotion (or another plugin's adjustment) takes off, under the subtotal. A long label wraps to two
   lines at most and never pushes its amount (or the total below) out of the cart. */
dl.totals .adjustment-label {
  min-width: 0; overflow: hidden; overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2;
  line-clamp: 2; color: var(--pico-ins-color, #1d7a3a);
}
dl.totals .adjustment-amount { white-space: nowrap; color: var(--pico-ins-color, #1d7a3a); }
.discount-label input { width: 5.5rem; margin: 0; padding: .1rem .4rem; height: auto; }
.pos-checkout { width: 100%; margin: 0; flex: 0 0 auto; }
.pos-cart-bar { display: none; }
/* Beside the products: the page does not scroll, the cards and the cart lines do. */
@media (min-width: 900px) {
  .pos-layout { height: calc(100dvh - var(--kedai-header-h, 3.5rem) - 2.5rem); min-height: 26rem; }
  .pos-results { flex: 1 1 auto; min-height: 0; overflow-y: auto; }
}
/* Phone: the cart is a sheet opened from a bar at the bottom. */
@media (max-width: 899px) {
  .pos-layout { grid-template-columns: 1fr; }
  .pos-screen { padding-bottom: 4rem; }
  .pos-cart { display: none; }
  .pos-cart.pos-cart-open { display: flex; position: fixed; inset: 0; z-index: 900; border-radius: 0; border: 0; }
  .pos-cart-close { display: inline-block; }
  .pos-cart-bar { display: block; position: fixed; left: .5rem; right: .5rem; bottom: .5rem; z-index: 800; width: auto; margin: 0; font-weight: 700; box-shadow: 0 4px 14px rgb(0 0 0 / .25); }
  .pos-grid { grid-template-columns: repeat(auto-fill, minmax(10.5rem, 1fr)); }
}
.sale-complete { display: grid; grid-template-columns: auto 1fr; gap: .3rem 1.5rem; font-size: 1.15rem; margin: 0 0 1rem; }
.sale-complete dt { margin: 0; color: var(--pico-muted-color); }
.sale-complete dd { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
.change-due { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; flex-wrap: wrap; margin: 0; padding: .75rem 1rem; border-radius: .5rem; background: #ecfdf5; border: 1px solid #86efac; color: #065f46; }
.change-due-label { font-size: 1.3rem; font-weight: 700; letter-spacing: .04em; }
.change-due-amount { font-size: 2.75rem; font-weight: 800; font-variant-numeric: tabular-nums; line-height: 1.1; }
table.shortcuts td, table.shortcuts th { padding: .35rem .5rem; }
table.shortcuts kbd { white-space: nowrap; }
.pos-note { color: var(--pico-muted-color); }
.customer-picker { margin-bottom: .75rem; }
.customer-choice { display: flex; flex-wrap: wrap; gap: 1rem; margin-bottom: .5rem; }
.customer-results { list-style: none; padding: 0; margin: 0 0 .5rem; max-height: 14rem; overflow-y: auto; }
.customer-results li { list-style: none; margin: 0 0 .25rem; }
.customer-results button { width: 100%; text-align: left; padding: .35rem .6rem; margin: 0; }
.customer-search-row { display: flex; flex-wrap: wrap; gap: 0 .5rem; align-items: flex-start; }
.customer-search-row input { flex: 1 1 14rem; }
.customer-join { flex: 0 0 auto; width: auto; min-height: 44px; margin: 0 0 .4rem; white-space: nowrap; }
.join-customer .join-title { margin: 0 0 .25rem; }
.customer-phone { color: var(--pico-muted-color); font-variant-numeric: tabular-nums; }
.join-customer .join-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 0 .75rem; }
@media (max-width: 700px) { .join-customer .join-fields { grid-template-columns: 1fr; } }
.join-customer .join-actions { display: flex; gap: .5rem; justify-content: flex-end; margin-bottom: .5rem; }
.join-customer .join-actions button, .join-existing button { width: auto; min-height: 44px; margin: 0; }
.method-choice { display: inline-flex; align-items: center; gap: .3rem; margin-right: 1.25rem; }
.quick-cash { display: flex; flex-wrap: wrap; gap: .4rem; margin-bottom: .5rem; }
.quick-cash button { width: auto; padding: .2rem .6rem; margin: 0; }
.credit-warning { border-left: 4px solid var(--pico-del-color, #c62828); padding: .5rem .75rem; background: rgba(198, 40, 40, .08); }
.credit-warning p { margin: .2rem 0; color: var(--pico-del-color, #c62828); }
.error-text { color: var(--pico-del-color, #c62828); }
.paynow-qr { text-align: center; margin: .5rem 0 1rem; }
.paynow-qr img { border: 1px solid var(--pico-muted-border-color); border-radius: .3rem; background: #fff; }
.paynow-qr-wait { width: 200px; height: 200px; margin: 0 auto; display: flex; align-items: center; justify-content: center; }
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
