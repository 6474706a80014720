// The customer's statement of outstanding invoices: each unpaid invoice with its date, due date, age in
// days and the amount still owed, and the total due.
import type { ShopSettings } from '../../../core/settings.js';
import type { CreditCustomer, InvoiceRow } from '../repo.js';
import { LEFT, RIGHT, rule, tableLayout, type Column } from './layout.js';
import { dateText, money, renderPdf } from './render.js';

export interface StatementData {
  customer: CreditCustomer;
  invoices: InvoiceRow[];
  shop: ShopSettings;
  /** Shop-local date the statement is made (YYYY-MM-DD). */
  today: string;
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
const { tableHeader, ensureSpace } = tableLayout(COLS, { label: TOTAL_LABEL, value: TOTAL_VALUE });

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Renders the outstanding-invoices statement as an A4 PDF. */
export function statementPdf(data: StatementData): Promise<Buffer> {
  const { customer: c, invoices, shop, today } = data;
  return renderPdf({ size: 'A4', margin: 50, info: { Title: `Statement ${c.name}` } }, (doc) => {
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(16).text(shop.shop_name, LEFT, top, { width: 280 });
    doc.font('Helvetica').fontSize(9);
    for (const line of [shop.address, shop.phone && `Tel: ${shop.phone}`, shop.email]) if (line) doc.text(line, { width: 280 });
    doc.text(`GST Reg No: ${shop.gst_reg_no || '-'}`, { width: 280 });
    const shopBottom = doc.y;
    doc.font('Helvetica-Bold').fontSize(16).text('Statement of Account', 300, top, { width: 245, align: 'right' });
    doc.font('Helvetica').fontSize(10).text('Outstanding Invoices', 300, top + 22, { width: 245, align: 'right' });
    doc.text(`As at ${dateText(today)}`, 300, top + 36, { width: 245, align: 'right' });
    doc.y = Math.max(shopBottom, top + 50) + 16;

    doc.font('Helvetica-Bold').fontSize(10).text('Customer', LEFT, doc.y);
    doc.font('Helvetica');
    for (const line of [c.name, c.company, c.billing_address, c.phone, c.email]) if (line) doc.text(line, LEFT, doc.y, { width: 300 });
    doc.text(`Credit limit ${money(c.credit_limit_cents)}, terms ${c.credit_terms_days} days`, LEFT, doc.y);
    doc.y += 14;

    tableHeader(doc);
    let total = 0;
    let anyOverdue = false;
    doc.font('Helvetica').fontSize(9);
    if (invoices.length === 0) doc.text('No outstanding invoices.', LEFT, doc.y);
    for (const inv of invoices) {
      ensureSpace(doc, 14, true);
      const outstanding = inv.grand_total_cents - inv.paid_cents;
      total += outstanding;
      const overdue = inv.due_date !== null && inv.due_date < today;
      anyOverdue ||= overdue;
      const y = doc.y;
      const values = [
        inv.number, dateText(inv.business_date), inv.due_date ? `${dateText(inv.due_date)}${overdue ? ' *' : ''}` : '-',
        String(daysBetween(inv.business_date, today)), money(inv.grand_total_cents), money(outstanding),
      ];
      doc.font('Helvetica').fontSize(9);
      COLS.forEach((col, i) => doc.text(values[i], col.x, y, { width: col.w, align: col.align }));
      doc.y = y + 14;
    }
    rule(doc, doc.y);
    doc.y += 8;
    const y = doc.y;
    // Not totalRow: the statement's total takes no page break of its own and more space below.
    doc.font('Helvetica-Bold').fontSize(11).text('Total Due:', TOTAL_LABEL.x, y, { width: TOTAL_LABEL.w, align: 'right' });
    doc.text(money(total), TOTAL_VALUE.x, y, { width: TOTAL_VALUE.w, align: 'right' });
    doc.y = y + 24;
    const note = `${anyOverdue ? '* past due. ' : ''}Please quote the invoice numbers with your payment.`;
    doc.font('Helvetica').fontSize(8).text(note, LEFT, doc.y, { width: RIGHT - LEFT });
  });
}
