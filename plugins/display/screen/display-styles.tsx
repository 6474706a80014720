// Layout of the customer display, shipped inside its lazy chunk: big type read from 2 m (it scales with the
// screen's smaller side), light and high-contrast whatever the device's theme, sizes never cut, the PayNow QR as
// large as the screen allows. Landscape (a monitor, a tablet on its side): the lines beside the totals or payment.
// Portrait (a phone, a tablet upright): one column, the payment first.

const css = `
html:has(.cd), body:has(.cd) { background: #ffffff; }
.cd { --cd-ink: #111827; --cd-muted: #4b5563; --cd-line: #d1d5db; --cd-accent: #065f46; --cd-accent-bg: #ecfdf5;
  box-sizing: border-box; min-height: 100vh; min-height: 100dvh; height: 100vh; height: 100dvh; margin: 0; padding: .6em .9em;
  display: flex; flex-direction: column; gap: .5em; overflow: hidden;
  background: #ffffff; color: var(--cd-ink); color-scheme: light;
  font-size: clamp(18px, calc(2.4vmin + 8px), 40px); line-height: 1.25; font-variant-numeric: tabular-nums; }
.cd *, .cd *::before, .cd *::after { box-sizing: border-box; }
/* Pico's margins and colours off, without outweighing the rules below (:where adds nothing to specificity). */
.cd :where(h1, h2, p, dl, dt, dd, ul, figure) { margin: 0; color: inherit; }
.cd-head { display: flex; justify-content: space-between; align-items: baseline; gap: 1em; border-bottom: 2px solid var(--cd-line); padding-bottom: .3em; }
.cd-head-shop { font-weight: 700; font-size: 1.1em; }
.cd-head-till { color: var(--cd-muted); font-size: .7em; white-space: nowrap; }

/* Between sales: the shop's name and a welcome, centred. */
.cd-welcome { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; gap: .4em; }
.cd-welcome-hello { font-size: 1.5em; color: var(--cd-muted); }
.cd-shop { font-size: 2.6em; font-weight: 800; line-height: 1.1; overflow-wrap: anywhere; }
.cd-welcome-sub { font-size: .9em; color: var(--cd-muted); max-width: 30em; }

/* The sale: lines and, beside them, the totals or the payment. */
.cd-sale { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(0, 1.35fr) minmax(0, 1fr); gap: .8em; }
.cd-lines { min-height: 0; overflow-y: auto; }
.cd-lines ul { list-style: none; padding: 0; }
.cd-line { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: .1em .8em; padding: .45em 0; border-bottom: 1px solid var(--cd-line); list-style: none; }
.cd-line-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .1em .5em; }
.cd-line-name { font-weight: 700; overflow-wrap: anywhere; }
.cd-size { display: inline-block; white-space: nowrap; padding: 0 .4em; border-radius: .3em; background: #e5e7eb; font-weight: 700; }
.cd-line-sub { grid-column: 1; color: var(--cd-muted); font-size: .85em; }
.cd-line-sub small { font-size: .85em; }
.cd-line-discount { color: var(--cd-accent); white-space: nowrap; margin-left: .5em; }
.cd-line-total { grid-column: 2; grid-row: 1 / span 2; align-self: center; font-weight: 700; white-space: nowrap; text-align: right; }
/* #28: a promotion's line after the items, in the savings colour; a long label wraps, the amount keeps its place. */
.cd-adjustment { color: var(--cd-accent); font-weight: 700; }
.cd-adjustment-label { overflow-wrap: anywhere; min-width: 0; }
.cd-adjustment .cd-line-total { grid-row: 1; }
.cd-side { min-height: 0; overflow-y: auto; display: flex; flex-direction: column; gap: .6em; }
.cd-totals { display: grid; grid-template-columns: 1fr auto; gap: .2em 1em; align-items: baseline; }
.cd-totals dt { color: var(--cd-muted); }
.cd-totals dd { text-align: right; white-space: nowrap; }
.cd-total-row { display: flex; justify-content: space-between; align-items: baseline; gap: .5em; border-top: 3px solid var(--cd-ink); padding-top: .15em; font-weight: 800; }
.cd-total-row > span { font-size: 1.3em; }
.cd-total-row > strong { font-size: 1.9em; white-space: nowrap; line-height: 1.1; }
.cd-gst-included { color: var(--cd-muted); font-size: .85em; }
.cd-saving { color: var(--cd-accent); }

/* Paying: the method, the QR as large as fits, the amount due. */
.cd-pay { display: flex; flex-direction: column; align-items: center; gap: .35em; text-align: center; background: var(--cd-accent-bg); border-radius: .4em; padding: .5em; }
.cd-pay-method { font-weight: 800; font-size: 1.15em; }
.cd-qr { display: flex; flex-direction: column; align-items: center; gap: .2em; }
.cd-qr img { display: block; width: min(100%, 52vmin); height: auto; aspect-ratio: 1 / 1; background: #ffffff; image-rendering: pixelated; border: .35em solid #ffffff; }
.cd-qr figcaption { font-size: .75em; color: var(--cd-muted); overflow-wrap: anywhere; }
.cd-due-label { color: var(--cd-muted); }
.cd-due { font-size: 2.2em; font-weight: 800; line-height: 1.1; }
.cd-pay-note { font-size: .8em; color: var(--cd-muted); }
.cd-customer { margin-bottom: .6em; padding-bottom: .4em; border-bottom: 1px solid var(--cd-muted); }
.cd-customer-name { font-weight: 600; margin: 0; }
.cd-customer-badge { font-size: .85em; margin: .1em 0 0; }

/* After the sale: thank you, and the change in the largest type on the screen. */
.cd-thanks { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; gap: .4em; }
.cd-thanks h1 { font-size: 2.6em; font-weight: 800; color: var(--cd-accent); }
.cd-thanks-paid { font-size: 1.1em; color: var(--cd-muted); }
.cd-change { display: flex; flex-direction: column; align-items: center; background: var(--cd-accent-bg); border-radius: .4em; padding: .3em 1.2em; }
.cd-change-label { font-size: 1.1em; font-weight: 700; }
.cd-change-amount { font-size: 3.2em; font-weight: 800; line-height: 1.1; }

.cd-offline { position: fixed; right: .6em; bottom: .6em; padding: .2em .7em; border-radius: 1em; background: #7c2d12; color: #ffffff; font-size: .7em; }
.cd-connecting { flex: 1; display: flex; align-items: center; justify-content: center; color: var(--cd-muted); }

/* Pairing (no sign-in: only the code the till shows). */
.cd-pairing { align-items: center; justify-content: center; text-align: center; }
.cd-pairing h1 { font-size: 1.6em; }
.cd-pairing form { display: flex; flex-wrap: wrap; gap: .5em; justify-content: center; align-items: center; margin: .6em 0; }
.cd-pairing input.cd-code-input { width: 8.5em; margin: 0; font: 700 1.6em/1.2 ui-monospace, 'DejaVu Sans Mono', monospace; letter-spacing: .2em; text-align: center; text-transform: uppercase; padding: .2em .3em; height: auto; }
.cd-pairing button { width: auto; margin: 0; font-size: 1em; padding: .4em 1.2em; }
.cd-pairing .cd-error { color: #b91c1c; font-weight: 600; }
.cd-pairing .cd-hint { color: var(--cd-muted); font-size: .8em; max-width: 32em; }

@media (orientation: portrait) {
  .cd-sale { display: flex; flex-direction: column; }
  .cd-sale .cd-lines { flex: 1 1 auto; min-height: 3.5em; }
  .cd-sale .cd-side { flex: 0 0 auto; overflow: visible; }
  .cd-sale-paying .cd-side { order: -1; }
  .cd-qr img { width: min(100%, 76vw, 42vh); }
}
`;

/** The display's styles (a <style> in its own chunk). */
export function DisplayStyles() {
  return <style>{css}</style>;
}
