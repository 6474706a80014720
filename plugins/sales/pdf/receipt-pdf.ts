// The 80 mm thermal receipt (226 pt wide, as tall as its content): the same tax invoice facts in one
// narrow column. Drawn twice: once on a very tall page to measure, then on a page of that height.
import type { InvoicePdfData } from './invoice-data.js';
import { dateTimeText, gstLabel, money, renderPdf, type Doc } from '../../../core/pdf/render.js';
import { methodText } from './method-text.js';
import { amountDueCents, outstandingCents } from '../amount-due.js';
import { includedGstText, linesSubtotalCents } from '../pricing.js';
import { drawText, type Style } from '../../../core/pdf/text.js';
import { drawPayNowCentred } from './paynow-block.js';
import { billedToLines, documentTitle, NOT_A_TAX_INVOICE, taxInvoiceKind } from '../tax-invoice.js';
import { code128Png } from '../../../core/pdf/barcode.js';
import { printedAdjustments, printedLine } from '../adjustments-print.js';

export const RECEIPT_WIDTH = 226;
const M = 10;
const W = RECEIPT_WIDTH - 2 * M;

function center(doc: Doc, text: string, style: Style = 'regular', size = 8) {
  drawText(doc, text, M, doc.y, { width: W, size, style, align: 'center' });
}

/** A label (wrapping in its box) and its amount on the right. */
function pair(doc: Doc, label: string, value: string, bold = false) {
  const y = doc.y;
  const o = { size: bold ? 10 : 8, style: bold ? 'bold' : 'regular' } as const;
  doc.y = Math.max(drawText(doc, label, M, y, { ...o, width: W - 74 }), drawText(doc, value, M + W - 70, y, { ...o, width: 70, align: 'right' }));
}

function dashes(doc: Doc) {
  const y = doc.y + 3;
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.5)
    .dash(2, { space: 2 })
    .strokeColor('#000000')
    .stroke()
    .undash();
  doc.y = y + 5;
}

/** Draws the receipt from the top; returns where the content ends. */
// codeBars: the sections' codes (#29) as Code128 PNGs, by value, drawn before (bwip-js is async, drawing is not).
function drawReceipt(doc: Doc, data: InvoicePdfData, bars: Buffer, codeBars: Map<string, Buffer>): number {
  const { invoice: inv, lines, payments, shop, timeZone } = data;
  doc.y = M;
  center(doc, shop.shop_name, 'bold', 11);
  if (shop.address) center(doc, shop.address);
  if (shop.phone) center(doc, `Tel: ${shop.phone}`);
  center(doc, `GST Reg No: ${shop.gst_reg_no || '-'}`);
  doc.y += 3;
  const kind = taxInvoiceKind(inv);
  center(doc, documentTitle(kind, 'receipt'), 'bold', 10);
  if (kind === 'NONE') center(doc, NOT_A_TAX_INVOICE);
  center(doc, inv.number);
  center(doc, dateTimeText(inv.created_at, timeZone));
  if (inv.created_by_username) center(doc, `Served by ${inv.created_by_username}`);
  // A full tax invoice (#17.7) names the buyer in full; a simplified one only the customer, if any.
  if (inv.full_tax_invoice) {
    doc.y += 2;
    center(doc, 'Bill To:', 'bold');
    const buyer = { name: inv.customer_name, company: inv.customer_company, address: inv.customer_billing_address, uen: inv.customer_uen ?? null };
    for (const text of billedToLines(buyer)) center(doc, text);
  } else if (inv.customer_id !== null || inv.customer_company) {
    center(doc, [inv.customer_name, inv.customer_company].filter(Boolean).join(', '));
  }
  if (inv.due_date) center(doc, `Due ${inv.due_date}`);
  if (inv.payment_status === 'VOID') center(doc, 'VOID', 'bold', 12);
  dashes(doc);

  for (const l of lines) {
    drawText(doc, [l.description, l.size && `(${l.size})`].filter(Boolean).join(' '), M, doc.y, { width: W, size: 8 });
    // #30: the item's code (its barcode, else its SKU), as on its box's label.
    const code = l.barcode || l.sku;
    if (code) drawText(doc, `  ${code}`, M, doc.y, { width: W, size: 7 });
    // #28.2: the line before its adjustments, with only the cashier's discount; the adjustments print under the lines.
    const printed = printedLine(l);
    pair(
      doc,
      `  ${l.qty} x ${money(l.unit_price_cents)}${printed.ownDiscountCents ? ` less ${money(printed.ownDiscountCents)}` : ''}`,
      money(printed.amountCents),
    );
  }
  for (const a of printedAdjustments(data.adjustments)) pair(doc, a.label, money(a.amountCents));
  dashes(doc);
  const inclusive = inv.prices_include_gst === 1;
  pair(doc, 'Subtotal', money(linesSubtotalCents(inv)));
  if (inv.invoice_discount_cents > 0) pair(doc, `Discount ${Number((inv.invoice_discount_bps / 100).toFixed(2))}%`, `-${money(inv.invoice_discount_cents)}`);
  // A sale of only untaxed items (#29: a gift card) is not a tax invoice: no GST rows, no "includes GST".
  const noGst = taxInvoiceKind(inv) === 'NONE';
  if (!inclusive && !noGst) {
    pair(doc, 'Total excl. GST', money(inv.subtotal_cents - inv.invoice_discount_cents));
    pair(doc, gstLabel(inv.tax_rate_bps), money(inv.tax_total_cents));
  }
  pair(doc, 'TOTAL', money(inv.grand_total_cents), true);
  // GST-inclusive prices: the GST inside the total, in place of the added GST line.
  if (inclusive && !noGst) pair(doc, includedGstText(inv.tax_total_cents, inv.tax_rate_bps), '');
  if (inv.rounding_cents) {
    // 5-cent cash rounding: the total stays exact; the customer pays the amount due.
    pair(doc, 'Rounding', money(inv.rounding_cents));
    pair(doc, 'Amount due', money(amountDueCents(inv)), true);
  }
  // Other plugins' blocks (an exchange: the pairs that came back and what they were worth).
  for (const sec of data.sections ?? []) {
    dashes(doc);
    drawText(doc, sec.title, M, doc.y, { width: W, size: 8, style: 'bold' });
    for (const l of sec.lines) {
      drawText(doc, [l.name, l.size && `(${l.size})`].filter(Boolean).join(' '), M, doc.y, { width: W, size: 8 });
      pair(doc, `  ${l.qty} x ${sec.qtyLabel ?? 'returned'}`, money(l.amountCents));
    }
    if (sec.lines.length > 0) pair(doc, sec.totalLabel ?? 'Returned total', money(sec.totalCents));
    for (const n of sec.notes ?? []) pair(doc, n.label, n.value);
    // #29: a code the till scans back (a gift card's): its Code128, the text under it.
    for (const b of sec.barcodes ?? []) {
      doc.y += 4;
      doc.image(codeBars.get(b.value)!, M + 20, doc.y, { width: W - 40, height: 30 });
      doc.y += 32;
      center(doc, b.label);
    }
  }
  dashes(doc);
  for (const p of payments) pair(doc, `${methodText(p.method)}${p.reference ? ` ${p.reference}` : ''}`, money(p.amount_cents));
  if (inv.tendered_cents !== null && inv.change_cents > 0) {
    pair(doc, 'Cash tendered', money(inv.tendered_cents));
    pair(doc, 'Change', money(inv.change_cents));
  }
  const outstanding = outstandingCents(inv);
  if (outstanding > 0 && inv.payment_status !== 'VOID') pair(doc, 'Amount outstanding', money(outstanding), true);
  if (data.payNow) {
    doc.y += 6;
    drawPayNowCentred(doc, data.payNow, M, W);
  }
  if (shop.receipt_footer) {
    doc.y += 6;
    center(doc, shop.receipt_footer, 'italic', 8);
  }
  // The number as Code128: the till's Return dialog scans it (#26.3).
  doc.y += 6;
  doc.image(bars, M + 20, doc.y, { width: W - 40, height: 30 });
  doc.y += 32;
  center(doc, inv.number);
  return doc.y + M;
}

/** Renders the 80 mm receipt PDF, its page height fitted to the content. */
export async function receiptPdf(data: InvoicePdfData): Promise<Buffer> {
  let height = 0;
  const bars = await code128Png(data.invoice.number, { includeText: false, height: 10 });
  const codeBars = new Map<string, Buffer>();
  for (const b of (data.sections ?? []).flatMap((sec) => sec.barcodes ?? []))
    codeBars.set(b.value, await code128Png(b.value, { includeText: false, height: 10 }));
  // Measuring pass: the content never reaches the bottom of a 14,000 pt page (200 lines at most).
  await renderPdf({ size: [RECEIPT_WIDTH, 14_000], margin: M }, (doc) => {
    height = drawReceipt(doc, data, bars, codeBars);
  });
  return renderPdf({ size: [RECEIPT_WIDTH, Math.ceil(height)], margin: M, info: { Title: `Receipt ${data.invoice.number}` } }, (doc) => {
    drawReceipt(doc, data, bars, codeBars);
  });
}
