// The A4 GST credit note: 'Credit Note', its number and date, the shop (name, address, GST reg no), the
// customer, the reason, the original tax invoice (number and date), the lines credited, the amount
// excluding GST, the GST credited and the total, then where the note has been applied, and the redemption
// code that spends it (#25), as text and as a Code128 barcode the till's scanner reads.
import type { ShopSettings } from '../../../core/settings.js';
import { LEFT, RIGHT, block, documentHeading, itemDescription, tableLayout, type Column } from '../../../core/pdf/layout.js';
import { dateText, dateTimeText, money, renderPdf } from '../../../core/pdf/render.js';
import { drawText } from '../../../core/pdf/text.js';
import { code128Png } from '../../../core/pdf/barcode.js';
import type { InvoiceRow } from '../../sales/api.js';
import type { ApplicationRow, CreditNoteLineRow, CreditNoteRow } from '../repo.js';
import { formatRedemptionCode } from '../../../core/bearer-code.js';

export interface CreditNotePdfData {
  note: CreditNoteRow;
  lines: CreditNoteLineRow[];
  applications: ApplicationRow[];
  invoice: InvoiceRow;
  shop: ShopSettings;
  timeZone: string;
}

const COLS: Column[] = [
  { x: 50, w: 245, align: 'left', title: 'Description' },
  { x: 295, w: 40, align: 'right', title: 'Qty' },
  { x: 335, w: 80, align: 'right', title: 'Excl. GST' },
  { x: 415, w: 60, align: 'right', title: 'GST' },
  { x: 475, w: 70, align: 'right', title: 'Total' },
];
const { ensureSpace, table, totalRow, listTitle, listRow } = tableLayout(COLS, { label: { x: 280, w: 185 }, value: { x: 465, w: 80 } });

/** Renders the credit note as an A4 PDF. */
export async function creditNotePdf(data: CreditNotePdfData): Promise<Buffer> {
  const { note, lines, applications, invoice, shop, timeZone } = data;
  // The bars carry the code as stored (what a scanner types); the text beside them is grouped for reading.
  const code = note.redemption_code;
  const bars = code ? await code128Png(code, { includeText: false, height: 12 }) : null;
  return renderPdf({ size: 'A4', margin: 50, info: { Title: `Credit Note ${note.number}`, Author: shop.shop_name } }, (doc) => {
    documentHeading(
      doc,
      shop,
      'Credit Note',
      [
        ['Credit Note No:', note.number],
        ['Date:', dateText(note.business_date)],
        ['Original Invoice:', invoice.number],
        ['Invoice Date:', dateText(invoice.business_date)],
        ['Status:', note.status],
      ],
      { x: 310, w: 110 },
    );

    drawText(doc, 'Credit To', LEFT, doc.y, { width: 300, size: 10, style: 'bold' });
    block(doc, [
      invoice.customer_name,
      invoice.customer_company,
      invoice.customer_billing_address,
      invoice.customer_uen && `UEN: ${invoice.customer_uen}`,
      invoice.customer_phone,
      invoice.customer_email,
    ]);
    doc.y += 8;
    for (const [label, text] of [
      ['Reason:', note.reason],
      ['Notes:', note.notes],
    ] as const) {
      if (!text) continue;
      const y = doc.y;
      drawText(doc, label, LEFT, y, { width: 50, size: 10, style: 'bold' });
      drawText(doc, text, LEFT + 50, y, { width: RIGHT - LEFT - 50, size: 10 });
    }
    doc.y += 12;

    table(
      doc,
      lines.map((l) => [itemDescription(l), String(l.qty), money(l.amount_cents), money(l.tax_cents), money(l.amount_cents + l.tax_cents)]),
    );

    const rate = invoice.tax_rate_bps / 100;
    totalRow(doc, 'Amount excl. GST:', money(note.subtotal_cents));
    totalRow(doc, `GST credited (${Number(rate.toFixed(2))}%):`, money(note.tax_cents));
    totalRow(doc, 'Total credit (incl. GST):', money(note.amount_cents), true);
    totalRow(doc, 'Applied:', money(note.applied_cents));
    totalRow(doc, 'Available:', money(note.amount_cents - note.applied_cents));

    if (applications.length > 0) {
      doc.y += 8;
      listTitle(doc, 'Applied To');
      for (const a of applications) {
        listRow(doc, `${dateTimeText(a.applied_at, timeZone)}  ${a.invoice_number}${a.notes ? ` (${a.notes})` : ''}`, money(a.amount_cents));
      }
    }

    if (code && bars) {
      doc.y += 16;
      ensureSpace(doc, 80, false);
      const top = doc.y;
      let y = drawText(doc, 'Redemption code', LEFT, top, { width: 280, size: 10, style: 'bold' });
      y = drawText(doc, formatRedemptionCode(code), LEFT, y + 2, { width: 280, size: 16, style: 'bold' });
      const use =
        note.customer_id === null
          ? 'Scan the barcode or type this code at the till to use this credit note. Whoever holds this code can spend it: keep it safe.'
          : `Scan the barcode or type this code at the till. For ${invoice.customer_name}'s purchases only.`;
      y = drawText(doc, use, LEFT, y + 4, { width: 280, size: 8 });
      doc.image(bars, 345, top, { fit: [200, 60], align: 'right' });
      doc.y = Math.max(y, top + 60);
    }

    doc.y += 20;
    ensureSpace(doc, 30, false);
    drawText(doc, `This credit note adjusts tax invoice ${invoice.number} dated ${dateText(invoice.business_date)}.`, LEFT, doc.y, {
      width: RIGHT - LEFT,
      size: 9,
      style: 'italic',
      align: 'center',
    });
  });
}
