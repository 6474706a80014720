// The receipt as ESC/POS bytes for an 80 mm Epson-compatible printer (48 columns of font A), written with
// node-thermal-printer: text, totals, a QR code of the invoice number, the cut and (cash sales) the drawer kick.
import { formatMoney, toCents } from '../../../core/money.js';
import type { Receipt } from '../schemas.js';
import { billedToLines, documentTitle, NOT_A_TAX_INVOICE } from '../tax-invoice.js';
import type { ThermalPrinter } from 'node-thermal-printer';

const WIDTH = 48;

/**
 * ESC p 0 25 250: pulse drawer pin 2 for 50 ms on, 500 ms off. node-thermal-printer's openCashDrawer() sends
 * ESC p m without the two pulse times, so the printer eats the next two bytes as times (drawers then open
 * every other time: lsongdev/node-escpos#151); the full five-byte command is sent instead.
 */
export const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

/**
 * A section's Code 128 (#29): module width 2 dots (a 13-character gift card code is 378 of the 576 dots of 80 mm), 80
 * dots high, no printer text (the label prints under it). The Epson driver takes a width in dots; the package's
 * typings still say "SMALL" | "MEDIUM" | "LARGE", hence the cast.
 */
const BARCODE = { width: 2, height: 80, hriPos: 0 } as unknown as Parameters<ThermalPrinter['code128']>[1];

const money = (dollars: number) => formatMoney(toCents(dollars));

/** Plain printable ASCII: accents dropped, other scripts as '?' (the printer's code page has no CJK or Tamil). */
export function printable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** `left` and `right` on one line, the left side wrapped to leave room for the right (the refund slip uses it too). */
export function pair(left: string, right: string): string {
  const room = WIDTH - right.length - 1;
  const words = printable(left).split(' ');
  const rows: string[] = [];
  let row = '';
  for (const w of words) {
    if (row && `${row} ${w}`.length > room) {
      rows.push(row);
      row = w;
    } else row = row ? `${row} ${w}` : w;
  }
  rows.push(row);
  const last = rows.pop()!.slice(0, room);
  return [...rows, last.padEnd(WIDTH - right.length) + right].join('\n');
}

/** The receipt's bytes; `options.drawer` appends the drawer kick after the cut. node-thermal-printer loads at the first (#27.5). */
export async function escposReceipt(r: Receipt, options: { drawer: boolean; reprint?: boolean }): Promise<Buffer> {
  const { ThermalPrinter, PrinterTypes } = (await import('node-thermal-printer')).default;
  const p = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: 'tcp://127.0.0.1:9100', width: WIDTH });
  const line = (text = '') => p.println(printable(text));
  p.add(Buffer.from([0x1b, 0x40])); // ESC @: start from the printer's defaults
  p.alignCenter();
  p.bold(true);
  p.setTextDoubleHeight();
  line(r.shop.name);
  p.setTextNormal();
  p.bold(false);
  if (r.shop.address) line(r.shop.address);
  if (r.shop.phone) line(`Tel: ${r.shop.phone}`);
  line(`GST Reg No: ${r.shop.gst_reg_no || '-'}`);
  p.newLine();
  p.bold(true);
  line(documentTitle(r.tax_invoice, 'receipt').toUpperCase());
  p.bold(false);
  if (r.tax_invoice === 'NONE') line(NOT_A_TAX_INVOICE);
  if (options.reprint) line('** REPRINT **');
  if (r.status === 'VOID') {
    p.setTextDoubleHeight();
    line('VOID');
    p.setTextNormal();
  }
  p.alignLeft();
  line(`Invoice: ${r.number}`);
  line(`Date:    ${r.date_text}`);
  if (r.served_by) line(`Served by: ${r.served_by}`);
  // A full tax invoice (#17.7) names the buyer in full; a simplified one only the customer, if any.
  if (r.buyer) {
    line('Bill To:');
    for (const text of billedToLines(r.buyer)) line(`  ${text}`);
  } else if (r.customer) line(`Customer: ${r.customer}`);
  if (r.due_date) line(`Due: ${r.due_date}`);
  p.drawLine();
  for (const l of r.lines) {
    line(pair([l.name, l.size && `(${l.size})`].filter(Boolean).join(' '), ''));
    // #30: the item's code (its barcode, else its SKU), as on its box's label.
    if (l.code) line(`  ${l.code}`);
    // #28.2: the line before its adjustments, with only the cashier's discount; the adjustments print under the lines.
    line(pair(`  ${l.qty} x ${money(l.unit_price)}${l.own_discount ? ` less ${money(l.own_discount)}` : ''}`, money(l.amount)));
  }
  for (const a of r.adjustments) line(pair(a.label, money(a.amount)));
  p.drawLine();
  line(pair('Subtotal', money(r.subtotal)));
  if (r.discount > 0) line(pair(r.discount_label, `-${money(r.discount)}`));
  // A sale of only untaxed items (#29: a gift card) is not a tax invoice: no GST rows, no "includes GST".
  const noGst = r.tax_invoice === 'NONE';
  if (!r.gst_included && !noGst) {
    line(pair('Total excl. GST', money(r.total_before_gst)));
    line(pair(r.gst_label, money(r.gst)));
  }
  p.bold(true);
  p.setTextDoubleHeight();
  line(pair('TOTAL', money(r.total)));
  p.setTextNormal();
  p.bold(false);
  if (r.rounding !== 0) {
    // 5-cent cash rounding: the total stays exact; the customer pays the amount due.
    line(pair('Rounding', money(r.rounding)));
    p.bold(true);
    line(pair('Amount due', money(r.amount_due)));
    p.bold(false);
  }
  // GST-inclusive prices: the GST inside the total, in place of the added GST line.
  if (!noGst) line(r.gst_included ?? 'Price payable includes GST');
  // Other plugins' blocks (an exchange: the pairs that came back and what they were worth).
  for (const sec of r.sections) {
    p.drawLine();
    p.bold(true);
    line(sec.title);
    p.bold(false);
    for (const l of sec.lines) {
      line(pair([l.name, l.size && `(${l.size})`].filter(Boolean).join(' '), ''));
      line(pair(`  ${l.qty} x ${sec.qty_label}`, money(l.amount)));
    }
    if (sec.lines.length > 0) line(pair(sec.total_label, money(sec.total)));
    for (const n of sec.notes ?? []) line(pair(n.label, n.value));
    // #29: a code the till scans back (a gift card's), by the printer's own Code 128 (GS k 73), its text under it.
    for (const b of sec.barcodes) {
      p.alignCenter();
      p.code128(printable(b.value), BARCODE);
      line(b.label);
      p.alignLeft();
    }
  }
  p.drawLine();
  for (const pay of r.payments) line(pair(`${pay.method}${pay.reference ? ` ${pay.reference}` : ''}`, money(pay.amount)));
  if (r.tendered !== null) {
    line(pair('Cash tendered', money(r.tendered)));
    line(pair('Change', money(r.change)));
  }
  if (r.outstanding > 0 && r.status !== 'VOID') line(pair('Amount outstanding', money(r.outstanding)));
  p.newLine();
  p.alignCenter();
  if (r.shop.footer) line(r.shop.footer);
  p.printQR(r.number, { cellSize: 4, correction: 'M', model: 2 });
  line(r.number);
  p.cut();
  if (options.drawer) p.add(DRAWER_KICK);
  return p.getBuffer();
}
