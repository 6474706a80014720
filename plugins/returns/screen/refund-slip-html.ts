// #26.3 the refund slip as a self-contained 80 mm HTML page (the browser's print when no LAN printer is set): the
// same facts as the ESC/POS slip (returns' slip/escpos-slip.ts), from the same model (GET /api/returns/:id/slip).
import { money } from '../../../ui/format.js';
import { escapeHtml, line, PAPER_CSS, row } from '../../../ui/paper-html.js';
import type { RefundSlip } from '../schemas.js';

const esc = escapeHtml;
const p = line;

const CSS = `${PAPER_CSS}
.title { font-size: 18px; font-weight: 700; margin-top: 2mm }
.slip + .slip { margin-top: 6mm; padding-top: 4mm; border-top: 2px dashed #000 }
.bars svg { display: block; width: 62mm; height: 14mm; margin: 2mm auto 1mm }
.code { font-size: 15px; font-weight: 700; letter-spacing: 1px }`;

/** The shop's heading and a slip's title. */
function heading(s: RefundSlip, title: string, reprint: boolean): string {
  return `<div class="c">${p(s.shop.name, 'shop')}${p(s.shop.address)}${p(s.shop.phone && `Tel: ${s.shop.phone}`)}${p(title, 'title')}${reprint ? p('** REPRINT **') : ''}</div>`;
}

/** The refund slip page, and the credit note's slip after it when the refund made one. */
export function refundSlipHtml(s: RefundSlip, options: { reprint?: boolean } = {}): string {
  const reprint = options.reprint === true;
  const lines = s.lines
    .map(
      (l) =>
        `<tr><td colspan="2">${esc([l.description, l.size && `(Size ${l.size})`].filter(Boolean).join(' '))}</td></tr>` +
        row(`  ${l.qty} x returned: ${l.reason}`, money(l.amount)),
    )
    .join('');
  const how = [
    s.paid_out !== null ? row(`Refunded by ${s.method_text}${s.reference ? ` (ref ${s.reference})` : ''}`, money(s.paid_out)) : '',
    s.credit_note ? row(`Credit note ${s.credit_note.number}`, money(s.credit_note.amount)) : '',
  ].join('');
  const refund = `<section class="slip">${heading(s, s.title, reprint)}<hr>
${p(`Invoice: ${s.invoice.number}`)}${p(`Sold: ${s.invoice.date_text}`)}${p(`Date: ${s.date_text}`)}${p(s.cashier && `Cashier: ${s.cashier}`)}${p(s.approved_by && `Approved by: ${s.approved_by}`)}${s.without_receipt ? p('Returned without receipt') : ''}
<hr><table>${lines}</table><hr><table>${row('REFUND', money(s.total), 'total')}${row('Includes GST', money(s.gst))}${how}</table>
${p('Please keep this slip', 'c')}</section>`;
  const n = s.credit_note;
  // The barcode's SVG comes from the server (bwip-js over the note's own code): bars only, no text or script.
  const note = n
    ? `<section class="slip">${heading(s, 'CREDIT NOTE', reprint)}<hr>
${p(`Credit note: ${n.number}`)}${p(`For invoice: ${s.invoice.number}`)}${p(`Issued: ${s.date_text}`)}
<hr><table>${row('Amount', money(n.amount), 'total')}${n.available !== n.amount ? row('Available', money(n.available)) : ''}</table>${p(n.expires ? `Expires: ${n.expires}` : 'No expiry')}
${n.redemption_code ? `${p('Redeem at the till with this code:', 'c')}<div class="bars">${n.barcode_svg ?? ''}</div>${p(n.redemption_code, 'c code')}` : p('Code: ask the shop (not shown on copies)', 'c')}
${p('Whoever holds this slip can spend the note', 'c')}</section>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refund ${esc(s.invoice.number)}</title><style>${CSS}</style></head><body>${refund}${note}</body></html>`;
}
