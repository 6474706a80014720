// The refund slip as ESC/POS bytes for the 80 mm receipt printer (48 columns): the refund, a cut, then the
// credit-note slip (its redemption code as a Code128 barcode, which the till's scanner reads back) and a cut;
// a cash refund's first print ends with the drawer kick.
import { formatMoney, toCents } from '../../../core/money.js';
import { DRAWER_KICK, escposPair, escposText } from '../../sales/api.js';
import type { RefundSlip } from '../schemas.js';

const WIDTH = 48;
/** GS k m=73: Code128 (node-thermal-printer adds the {B code set prefix). */
const CODE128 = 73;
const money = (dollars: number) => formatMoney(toCents(dollars));

/** The slip's bytes; `drawer` appends the kick, `reprint` marks the copy. node-thermal-printer loads at the first (#27.5). */
export async function escposRefundSlip(s: RefundSlip, options: { drawer: boolean; reprint?: boolean }): Promise<Buffer> {
  const { ThermalPrinter, PrinterTypes } = (await import('node-thermal-printer')).default;
  const p = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: 'tcp://127.0.0.1:9100', width: WIDTH });
  const line = (text = '') => p.println(escposText(text));
  const pair = (left: string, right: string) => p.println(escposPair(left, right));
  const heading = (title: string) => {
    p.alignCenter();
    p.bold(true);
    p.setTextDoubleHeight();
    line(s.shop.name);
    p.setTextNormal();
    p.bold(false);
    if (s.shop.address) line(s.shop.address);
    if (s.shop.phone) line(`Tel: ${s.shop.phone}`);
    p.newLine();
    p.bold(true);
    p.setTextDoubleHeight();
    line(title);
    p.setTextNormal();
    p.bold(false);
    if (options.reprint) line('** REPRINT **');
    p.alignLeft();
  };

  p.add(Buffer.from([0x1b, 0x40])); // ESC @: the printer's defaults
  heading(s.title);
  line(`Invoice: ${s.invoice.number}`);
  line(`Sold:    ${s.invoice.date_text}`);
  line(`Date:    ${s.date_text}`);
  if (s.cashier) line(`Cashier: ${s.cashier}`);
  if (s.approved_by) line(`Approved by: ${s.approved_by}`);
  if (s.without_receipt) line('Returned without receipt');
  p.drawLine();
  for (const l of s.lines) {
    line([l.description, l.size && `(Size ${l.size})`].filter(Boolean).join(' '));
    pair(`  ${l.qty} x returned: ${l.reason}`, money(l.amount));
  }
  p.drawLine();
  p.bold(true);
  p.setTextDoubleHeight();
  pair('REFUND', money(s.total));
  p.setTextNormal();
  p.bold(false);
  line(`Includes GST ${money(s.gst)}`);
  if (s.paid_out !== null) pair(`Refunded by ${s.method_text}${s.reference ? ` (ref ${s.reference})` : ''}`, money(s.paid_out));
  if (s.credit_note) pair(`Credit note ${s.credit_note.number}`, money(s.credit_note.amount));
  p.newLine();
  p.alignCenter();
  line('Please keep this slip');
  p.cut();

  const note = s.credit_note;
  if (note) {
    heading('CREDIT NOTE');
    line(`Credit note: ${note.number}`);
    line(`For invoice: ${s.invoice.number}`);
    line(`Issued:      ${s.date_text}`);
    p.drawLine();
    p.bold(true);
    p.setTextDoubleHeight();
    pair('Amount', money(note.amount));
    p.setTextNormal();
    p.bold(false);
    if (note.available !== note.amount) pair('Available', money(note.available));
    line(note.expires ? `Expires: ${note.expires}` : 'No expiry');
    p.newLine();
    p.alignCenter();
    if (note.redemption_code) {
      line('Redeem at the till with this code:');
      // GS k 73 {B <code> (Code128, code set B): the scanner types the code back, as the PDF's bars do.
      p.printBarcode(note.redemption_code, CODE128, { width: 2, height: 80, hriPos: 0 });
      p.newLine();
      p.bold(true);
      line(note.redemption_code);
      p.bold(false);
    } else line('Code: ask the shop (not shown on copies)');
    line('Whoever holds this slip can spend the note');
    p.cut();
  }
  if (options.drawer) p.add(DRAWER_KICK);
  return p.getBuffer();
}
