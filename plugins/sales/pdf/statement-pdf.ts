// The customer's statement of outstanding invoices: each unpaid invoice with its date, due date, age in
// days and the amount still owed, and the total due (with a PayNow QR for it).
import type { ShopSettings } from '../../../core/settings.js';
import type { CreditCustomer, InvoiceRow } from '../repo.js';
import { LEFT, RIGHT, block, rule, tableLayout, type Column } from '../../../core/pdf/layout.js';
import { dateText, money, renderPdf } from '../../../core/pdf/render.js';
import { drawText } from '../../../core/pdf/text.js';
import type { PayNowImage } from '../../paynow/api.js';
import { drawPayNowBeside } from './paynow-block.js';

export interface StatementData {
  customer: CreditCustomer;
  invoices: InvoiceRow[];
  shop: ShopSettings;
  /** Shop-local date the statement is made (YYYY-MM-DD). */
  today: string;
  /** The PayNow QR for the total due (paynow-block.ts statementPayNow); none when nothing is due or no UEN. */
  payNow?: PayNowImage | null;
}

const COLS: Column[] = [
  { title: 'Invoice No', x: 50, w: 120, align: 'left' },
  { title: 'Date', x: 170, w: 75, align: 'left' },
  { title: 'Due Date', x: 245, w: 75, align: 'left' },
  { title: 'Age (days)', x: 320, w: 55, align: 'right' },
  { title: 'Total', x: 375, w: 80, align: 'right' },
  { title: 'Outstanding', x: 455, w: 90, align: 'right' },
];
const TOTAL_LABEL = { x: 300, w: 150 };
const TOTAL_VALUE = { x: 455, w: 90 };
const { tableHeader, ensureSpace, row } = tableLayout(COLS, { label: TOTAL_LABEL, value: TOTAL_VALUE });

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Renders the outstanding-invoices statement as an A4 PDF. */
export function statementPdf(data: StatementData): Promise<Buffer> {
  const { customer: c, invoices, shop, today } = data;
  return renderPdf({ size: 'A4', margin: 50, info: { Title: `Statement ${c.name}` } }, (doc) => {
    const top = doc.y;
    let y = drawText(doc, shop.shop_name, LEFT, top, { width: 240, size: 16, style: 'bold' });
    for (const line of [shop.address, shop.phone && `Tel: ${shop.phone}`, shop.email]) if (line) y = drawText(doc, line, LEFT, y, { width: 240, size: 9 });
    const shopBottom = drawText(doc, `GST Reg No: ${shop.gst_reg_no || '-'}`, LEFT, y, { width: 240, size: 9 });
    const right = { width: 245, align: 'right' } as const;
    let ry = drawText(doc, 'Statement of Account', 300, top, { ...right, size: 16, style: 'bold' }) + 2;
    ry = drawText(doc, 'Outstanding Invoices', 300, ry, { ...right, size: 10 });
    ry = drawText(doc, `As at ${dateText(today)}`, 300, ry, { ...right, size: 10 });
    doc.y = Math.max(shopBottom, ry) + 16;

    drawText(doc, 'Customer', LEFT, doc.y, { width: 300, size: 10, style: 'bold' });
    block(doc, [c.name, c.company, c.billing_address, c.phone, c.email, `Credit limit ${money(c.credit_limit_cents)}, terms ${c.credit_terms_days} days`]);
    doc.y += 14;

    tableHeader(doc);
    let total = 0;
    let anyOverdue = false;
    if (invoices.length === 0) drawText(doc, 'No outstanding invoices.', LEFT, doc.y, { width: RIGHT - LEFT, size: 9 });
    for (const inv of invoices) {
      const outstanding = inv.grand_total_cents - inv.paid_cents;
      total += outstanding;
      const overdue = inv.due_date !== null && inv.due_date < today;
      anyOverdue ||= overdue;
      row(doc, [
        inv.number,
        dateText(inv.business_date),
        inv.due_date ? `${dateText(inv.due_date)}${overdue ? ' *' : ''}` : '-',
        String(daysBetween(inv.business_date, today)),
        money(inv.grand_total_cents),
        money(outstanding),
      ]);
    }
    rule(doc, doc.y);
    doc.y += 8;
    // Not totalRow: the statement's total has more space below.
    ensureSpace(doc, 40, false);
    const ty = doc.y;
    const bold = { size: 11, style: 'bold', align: 'right' } as const;
    drawText(doc, 'Total Due:', TOTAL_LABEL.x, ty, { ...bold, width: TOTAL_LABEL.w });
    drawText(doc, money(total), TOTAL_VALUE.x, ty, { ...bold, width: TOTAL_VALUE.w });
    doc.y = ty + 24;
    const note = `${anyOverdue ? '* past due. ' : ''}Please quote the invoice numbers with your payment.`;
    doc.y = drawText(doc, note, LEFT, doc.y, { width: RIGHT - LEFT, size: 8 });
    if (data.payNow) {
      doc.y += 16;
      drawPayNowBeside(doc, data.payNow, LEFT);
    }
  });
}
