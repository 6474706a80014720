// The PayNow QR an unpaid invoice, receipt or statement carries for what is still owed (paynow's api.ts makes it):
// the QR, 'Scan to pay with PayNow', the amount and the reference the payer's bank sends back.
import type { Db } from '../../../core/db.js';
import { dateText, money, type Doc } from '../../../core/pdf/render.js';
import { drawText } from '../../../core/pdf/text.js';
import { payNowImageFor, type PayNowImage } from '../../paynow/api.js';
import type { InvoiceRow } from '../repo.js';

export const SCAN_TO_PAY = 'Scan to pay with PayNow';

/** The QR for an invoice's outstanding amount (reference: its number), or null when paid, void, or no UEN is set. */
export function invoicePayNow(db: Db, inv: InvoiceRow, timeZone: string): Promise<PayNowImage | null> {
  const outstanding = inv.grand_total_cents - inv.paid_cents;
  if (inv.payment_status === 'VOID' || outstanding <= 0) return Promise.resolve(null);
  return payNowImageFor(db, { amountCents: outstanding, reference: inv.number, timeZone, dueDate: inv.due_date });
}

/** The QR for a customer's total due on a statement (reference `STMT-<customer id>`), or null when nothing is due. */
export function statementPayNow(db: Db, customerId: number, totalDueCents: number, timeZone: string): Promise<PayNowImage | null> {
  return payNowImageFor(db, { amountCents: totalDueCents, reference: `STMT-${customerId}`, timeZone });
}

/** Starts a new page when `height` does not fit below doc.y. */
function keepTogether(doc: Doc, height: number) {
  if (doc.y + height <= doc.page.height - doc.page.margins.bottom) return;
  doc.addPage();
  doc.y = doc.page.margins.top;
}

/** A4: the QR (`size` pt) at x with the words beside it; doc.y moves below the block. */
export function drawPayNowBeside(doc: Doc, pn: PayNowImage, x: number, size = 110) {
  keepTogether(doc, size + 4);
  const top = doc.y;
  doc.image(pn.png, x, top, { width: size, height: size });
  const tx = x + size + 10;
  let y = drawText(doc, SCAN_TO_PAY, tx, top + 14, { width: 260, size: 12, style: 'bold' }) + 2;
  y = drawText(doc, `Amount: ${money(pn.amountCents)}`, tx, y, { width: 260, size: 11, style: 'bold' });
  y = drawText(doc, `Reference: ${pn.reference}`, tx, y, { width: 260, size: 9 });
  drawText(doc, `Valid until ${dateText(pn.expiry)}`, tx, y, { width: 260, size: 9 });
  doc.y = top + size + 4;
}

/** 80 mm receipt: the words, then the QR centred in a column of `width` starting at x. */
export function drawPayNowCentred(doc: Doc, pn: PayNowImage, x: number, width: number, size = 130) {
  const centre = { width, align: 'center' } as const;
  doc.y = drawText(doc, SCAN_TO_PAY, x, doc.y, { ...centre, size: 9, style: 'bold' });
  doc.image(pn.png, x + (width - size) / 2, doc.y + 2, { width: size, height: size });
  doc.y += size + 4;
  doc.y = drawText(doc, `${money(pn.amountCents)}  Ref ${pn.reference}`, x, doc.y, { ...centre, size: 8 });
}
