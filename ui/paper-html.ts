// The 80 mm paper's HTML parts shared by the browser-printed receipt and refund slip: escaping, a line, a
// label/amount row and the page's base CSS (80 mm paper prints about 72 mm; the page is as tall as its content,
// as Chrome honours `size: 80mm auto`).

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A paragraph of `text` (nothing when empty), with an optional class. */
export const line = (text: string | null | undefined, cls = '') => (text ? `<p${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</p>` : '');

/** A table row: the label left, the value right. */
export const row = (label: string, value: string, cls = '') =>
  `<tr${cls ? ` class="${cls}"` : ''}><td>${escapeHtml(label)}</td><td class="num">${escapeHtml(value)}</td></tr>`;

/** The paper, type and table rules every slip uses; each page appends its own. */
export const PAPER_CSS = `@page { size: 80mm auto; margin: 0 }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0; background: #fff; color: #000 }
body { width: 80mm; padding: 3mm 4mm; font: 11px/1.35 "DejaVu Sans Mono", "Courier New", monospace }
p { margin: 0 }
.c { text-align: center }
.shop { font-size: 15px; font-weight: 700 }
hr { border: 0; border-top: 1px dashed #000; margin: 2mm 0 }
table { width: 100%; border-collapse: collapse }
td { padding: 0; vertical-align: top }
td.num { text-align: right; white-space: nowrap; padding-left: 2mm }
.total td { font-size: 15px; font-weight: 700; padding-top: 1mm }`;
