// The 80 mm receipt as a self-contained HTML page (plain HTML + CSS, no app styles), printed by the browser
// through a hidden frame: a simplified tax invoice (IRAS) with the same facts as the ESC/POS receipt.
import { money } from '../../../ui/format.js';
import type { Receipt } from './types.js';
import { billedToLines, documentTitle, NOT_A_TAX_INVOICE } from '../tax-invoice.js';
import { escapeHtml, line, PAPER_CSS, row } from '../../../ui/paper-html.js';

const CSS = `${PAPER_CSS}
.title { font-weight: 700; margin-top: 2mm }
.void { font-size: 20px; font-weight: 700 }
.item td, .adjustment td { padding-top: 1mm }
.qty td:first-child { padding-left: 3mm }
.foot { margin-top: 3mm; font-style: italic }
.bill-to p + p { padding-left: 3mm }
.bars svg { display: block; width: 62mm; height: 12mm; margin: 3mm auto 1mm }`;

/** A full tax invoice (#17.7) names the buyer in full; a simplified one only the customer, if any. */
function billedTo(r: Receipt): string {
  if (!r.buyer) return line(r.customer && `Customer: ${r.customer}`);
  return `<div class="bill-to">${line('Bill To:')}${billedToLines(r.buyer)
    .map((l) => line(l))
    .join('')}</div>`;
}

/** The receipt page; `reprint` marks it a copy. The number's barcode (server-made SVG, bars only) closes it: a return scans it. */
export function receiptHtml(r: Receipt, options: { reprint?: boolean } = {}): string {
  const items = r.lines
    .map((l) =>
      [
        `<tr class="item"><td colspan="2">${escapeHtml([l.name, l.size && `(${l.size})`].filter(Boolean).join(' '))}</td></tr>`,
        // #30: the item's code (its barcode, else its SKU), as on its box's label.
        l.code ? `<tr class="code"><td colspan="2">${escapeHtml(l.code)}</td></tr>` : '',
        // #28.2: the line before its adjustments, with only the cashier's discount; the adjustments follow the lines.
        row(`${l.qty} x ${money(l.unit_price)}${l.own_discount ? ` less ${money(l.own_discount)}` : ''}`, money(l.amount), 'qty'),
      ].join(''),
    )
    .join('');
  const adjustments = r.adjustments.map((a) => row(a.label, money(a.amount), 'adjustment')).join('');
  const totals = [
    row('Subtotal', money(r.subtotal)),
    r.discount > 0 ? row(r.discount_label, `-${money(r.discount)}`) : '',
    // GST-inclusive prices: no added GST line; the GST inside the total is said under it.
    // A sale of only untaxed items (#29: a gift card) is not a tax invoice: no GST rows.
    r.gst_included || r.tax_invoice === 'NONE' ? '' : row('Total excl. GST', money(r.total_before_gst)),
    r.gst_included || r.tax_invoice === 'NONE' ? '' : row(r.gst_label, money(r.gst)),
    row('TOTAL', money(r.total), 'total'),
    // 5-cent cash rounding: the total stays exact; the customer pays the amount due.
    r.rounding !== 0 ? row('Rounding', money(r.rounding)) + row('Amount due', money(r.amount_due), 'total') : '',
  ].join('');
  // Other plugins' blocks (an exchange: the pairs that came back and what they were worth).
  const sections = r.sections
    .map(
      (sec) =>
        `<hr>${line(sec.title, 'title')}<table>${sec.lines
          .map((l) =>
            [
              `<tr class="item"><td colspan="2">${escapeHtml([l.name, l.size && `(${l.size})`].filter(Boolean).join(' '))}</td></tr>`,
              row(`${l.qty} x ${sec.qty_label}`, money(l.amount), 'qty'),
            ].join(''),
          )
          .join(
            '',
          )}${sec.lines.length > 0 ? row(sec.total_label, money(sec.total)) : ''}${(sec.notes ?? []).map((n) => row(n.label, n.value)).join('')}</table>${sec.barcodes
          // #29: a code the till scans back (a gift card's): the bars the server drew, the text under them.
          .map((b) => `${b.svg ? `<div class="bars">${b.svg}</div>` : ''}${line(b.label, 'c')}`)
          .join('')}`,
    )
    .join('');
  const paid = [
    ...r.payments.map((p) => row(`${p.method}${p.reference ? ` ${p.reference}` : ''}`, money(p.amount))),
    r.tendered !== null ? row('Cash tendered', money(r.tendered)) + row('Change', money(r.change)) : '',
    r.outstanding > 0 && r.status !== 'VOID' ? row('Amount outstanding', money(r.outstanding)) : '',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(r.number)}</title><style>${CSS}</style></head><body>
<div class="c">${line(r.shop.name, 'shop')}${line(r.shop.address)}${line(r.shop.phone && `Tel: ${r.shop.phone}`)}${line(`GST Reg No: ${r.shop.gst_reg_no || '-'}`)}
${line(documentTitle(r.tax_invoice, 'receipt').toUpperCase(), 'title')}${r.tax_invoice === 'NONE' ? line(NOT_A_TAX_INVOICE) : ''}${options.reprint ? line('** REPRINT **') : ''}${r.status === 'VOID' ? line('VOID', 'void') : ''}</div>
<hr>${line(`Invoice: ${r.number}`)}${line(`Date: ${r.date_text}`)}${line(r.served_by && `Served by: ${r.served_by}`)}${billedTo(r)}${line(r.due_date && `Due: ${r.due_date}`)}
<hr><table>${items}${adjustments}</table><hr><table>${totals}</table>${r.tax_invoice === 'NONE' ? '' : line(r.gst_included ?? 'Price payable includes GST', 'c')}${sections}
${paid ? `<hr><table>${paid}</table>` : ''}${line(r.shop.footer, 'c foot')}
${r.barcode_svg ? `<div class="bars">${r.barcode_svg}</div>${line(r.number, 'c')}` : ''}
</body></html>`;
}
