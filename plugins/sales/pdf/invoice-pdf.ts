// The A4 Singapore tax invoice: 'Tax Invoice', the shop's name, address and GST registration number,
// the invoice number and date, the customer, lines (qty, unit price, amount), the subtotal without GST,
// the GST at its rate, the total with GST, payments and what is still outstanding (with a PayNow QR for it).
import type { InvoicePdfData } from './invoice-data.js';
import { LEFT, RIGHT, block, documentHeading, itemDescription, tableLayout, type Column } from '../../../core/pdf/layout.js';
import { dateText, dateTimeText, gstLabel, money, renderPdf } from '../../../core/pdf/render.js';
import { methodText } from './method-text.js';
import { amountDueCents, amountPaidCents, outstandingCents } from '../amount-due.js';
import { includedGstText, linesSubtotalCents } from '../pricing.js';
import { drawText } from '../../../core/pdf/text.js';
import { drawPayNowBeside } from './paynow-block.js';
import { printedAdjustments, printedLine } from '../adjustments-print.js';
import { documentTitle, NOT_A_TAX_INVOICE, taxInvoiceKind } from '../tax-invoice.js';

const COLS: Column[] = [
  { x: 50, w: 215, align: 'left', title: 'Description' },
  { x: 265, w: 40, align: 'right', title: 'Qty' },
  { x: 305, w: 80, align: 'right', title: 'Unit Price' },
  { x: 385, w: 70, align: 'right', title: 'Discount' },
  { x: 455, w: 90, align: 'right', title: 'Amount' },
];
const { ensureSpace, table, totalRow, listTitle, listRow } = tableLayout(COLS, { label: { x: 300, w: 150 }, value: { x: 455, w: 90 } });

/** Renders the tax invoice as an A4 PDF. */
export function invoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const { invoice: inv, lines, payments, shop, timeZone } = data;
  // #29: a sale of only untaxed charges (a gift card) is an invoice, not a tax invoice.
  const kind = taxInvoiceKind(inv);
  const title = documentTitle(kind, 'invoice');
  return renderPdf({ size: 'A4', margin: 50, info: { Title: `${title} ${inv.number}`, Author: shop.shop_name } }, (doc) => {
    // Shop (left) and invoice facts (right).
    const facts: [string, string][] = [
      ['Invoice No:', inv.number],
      ['Date:', dateText(inv.business_date)],
      ['Time:', dateTimeText(inv.created_at, timeZone).slice(-5)],
    ];
    if (inv.due_date) facts.push(['Due Date:', dateText(inv.due_date)]);
    facts.push(['Status:', inv.payment_status]);
    documentHeading(doc, shop, title, facts, { x: 330, w: 90 });
    if (kind === 'NONE') {
      drawText(doc, NOT_A_TAX_INVOICE, LEFT, doc.y, { width: 300, size: 9 });
      doc.y += 14;
    }

    // Bill to.
    drawText(doc, 'Bill To', LEFT, doc.y, { width: 300, size: 10, style: 'bold' });
    // The UEN (#17.7): a full tax invoice to a business names it.
    block(doc, [
      inv.customer_name,
      inv.customer_company,
      inv.customer_billing_address,
      inv.customer_uen && `UEN: ${inv.customer_uen}`,
      inv.customer_phone,
      inv.customer_email,
    ]);
    doc.y += 14;

    if (inv.payment_status === 'VOID') {
      drawText(doc, `VOID${inv.void_reason ? `: ${inv.void_reason}` : ''}`, LEFT, doc.y, { width: RIGHT - LEFT, size: 14, style: 'bold', color: '#c00000' });
      doc.y += 8;
    }

    // Lines, each before its adjustments (#28.2) with only the cashier's discount; then a row per adjustment
    // (label, signed amount in the Amount column), so the Amount column adds up to the Subtotal.
    table(doc, [
      ...lines.map((l) => {
        const printed = printedLine(l);
        return [
          itemDescription(l),
          String(l.qty),
          money(l.unit_price_cents),
          printed.ownDiscountCents ? `-${money(printed.ownDiscountCents)}` : '',
          money(printed.amountCents),
        ];
      }),
      ...printedAdjustments(data.adjustments).map((a) => [a.label, '', '', '', money(a.amountCents)]),
    ]);

    // Totals: GST once on the discounted subtotal (added to it, or inside it when the prices include GST).
    const inclusive = inv.prices_include_gst === 1;
    totalRow(doc, 'Subtotal:', money(linesSubtotalCents(inv)));
    if (inv.invoice_discount_cents > 0) {
      // A dollar discount (#16) has no percent to show.
      const pct = inv.invoice_discount_bps > 0 ? ` (${Number((inv.invoice_discount_bps / 100).toFixed(2))}%)` : '';
      totalRow(doc, `Discount${pct}:`, `-${money(inv.invoice_discount_cents)}`);
    }
    if (kind === 'NONE') {
      // Only untaxed items (#29: a gift card): not a tax invoice, so no GST rows.
      totalRow(doc, 'Total:', money(inv.grand_total_cents), true);
    } else if (inclusive) {
      totalRow(doc, 'Total incl. GST:', money(inv.grand_total_cents), true);
      // In place of the added GST line; the amount before GST stays, as a full tax invoice needs it.
      doc.y = drawText(doc, includedGstText(inv.tax_total_cents, inv.tax_rate_bps), 300, doc.y, { width: 245, size: 9, align: 'right' }) + 2;
      totalRow(doc, 'Total excl. GST:', money(inv.subtotal_cents - inv.invoice_discount_cents));
    } else {
      totalRow(doc, 'Total excl. GST:', money(inv.subtotal_cents - inv.invoice_discount_cents));
      totalRow(doc, `${gstLabel(inv.tax_rate_bps)}:`, money(inv.tax_total_cents));
      totalRow(doc, 'Total incl. GST:', money(inv.grand_total_cents), true);
    }
    if (inv.rounding_cents) {
      // 5-cent cash rounding: the total stays exact; the customer pays the amount due.
      totalRow(doc, 'Rounding:', money(inv.rounding_cents));
      totalRow(doc, 'Amount Due:', money(amountDueCents(inv)), true);
    }
    if (inv.discount_total_cents > 0) totalRow(doc, 'Total discount given:', money(inv.discount_total_cents));

    // Payments and what is left.
    doc.y += 8;
    listTitle(doc, 'Payments');
    if (payments.length === 0)
      drawText(doc, inv.payment_method === 'CREDIT' ? 'On credit: no payments received yet' : 'No payments', LEFT, doc.y, { width: 380, size: 9 });
    for (const p of payments) {
      listRow(doc, `${dateTimeText(p.paid_at, timeZone)}  ${methodText(p.method)}${p.reference ? ` (${p.reference})` : ''}`, money(p.amount_cents));
    }
    if (inv.tendered_cents !== null && inv.change_cents > 0) {
      drawText(doc, `Cash tendered ${money(inv.tendered_cents)}, change ${money(inv.change_cents)}`, LEFT, doc.y, { width: 380, size: 9 });
    }
    doc.y += 6;
    totalRow(doc, 'Amount Paid:', money(amountPaidCents(inv)));
    totalRow(doc, 'Amount Outstanding:', money(outstandingCents(inv)), true);
    if (data.payNow) {
      doc.y += 12;
      drawPayNowBeside(doc, data.payNow, LEFT);
    }

    if (shop.receipt_footer) {
      doc.y += 16;
      ensureSpace(doc, 30, false);
      drawText(doc, shop.receipt_footer, LEFT, doc.y, { width: RIGHT - LEFT, size: 9, style: 'italic', align: 'center' });
    }
  });
}
