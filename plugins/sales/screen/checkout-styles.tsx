// Layout of the checkout modal: a compact body that scrolls and a sticky footer, so 'Complete Checkout' stays in
// view on a 1024x768 or 1366x768 till whatever the modal holds (customer results, PayNow QR, approval prompt).

const css = `
dialog.modal > article:has(.checkout-body) { padding-top: 0; padding-bottom: 0; }
dialog.modal > article:has(.checkout-body) > header { position: sticky; top: 0; z-index: 2; margin-bottom: .5rem; padding-top: .75rem; padding-bottom: .75rem; }
dialog.modal > article:has(.checkout-body) > footer {
  position: sticky; bottom: 0; z-index: 2; margin-top: .5rem; padding-top: .75rem; padding-bottom: .75rem;
  background: var(--pico-card-sectioning-background-color, #fbfcfc); box-shadow: 0 -1px 0 var(--pico-muted-border-color);
}
.checkout-body fieldset { margin-bottom: .6rem; }
.checkout-body label, .checkout-body input, .checkout-body select { margin-bottom: .4rem; }
.checkout-body input:not([type=radio]):not([type=checkbox]), .checkout-body select { padding-top: .35rem; padding-bottom: .35rem; height: auto; }
.checkout-summary .totals { display: grid; grid-template-columns: auto auto auto auto; gap: .1rem .75rem; margin: 0 0 .5rem; }
.checkout-summary .totals dt, .checkout-summary .totals dd { margin: 0; }
.checkout-summary .totals dd { text-align: right; }
.checkout-summary .totals .adjustment-label { max-width: 16rem; }
.checkout-grand { font-size: 1.35rem; }
.cash-row { display: grid; grid-template-columns: minmax(8rem, 12rem) 1fr; gap: .75rem; align-items: end; }
.quick-cash button kbd { margin-left: .35rem; font-size: .7rem; padding: 0 .25rem; }
.checkout-change { font-size: 1.1rem; }
.checkout-discount summary { margin-bottom: .4rem; }
.discount-editor { display: grid; grid-template-columns: 5rem minmax(6rem, 10rem) 1fr; gap: .5rem; align-items: end; }
.buyer-fields .buyer-grid { display: grid; grid-template-columns: 2fr 1fr; gap: 0 .75rem; }
.buyer-fields .buyer-address { grid-column: 1 / -1; }
.line-discount { display: inline-flex; align-items: center; gap: .25rem; }
.line-discount select, .line-discount input { width: auto; margin: 0; padding: .1rem .3rem; height: auto; font-size: .8rem; }
.line-discount input { width: 4.5rem; }
.line-discount-toggle { padding: .1rem .45rem; margin: 0; width: auto; font-size: .75rem; }
`;

/** The <style> element for the checkout modal and the discount editors. */
export function CheckoutStyles() {
  return <style>{css}</style>;
}
