// The receipt model: the stored invoice and the shop's details as the 80 mm receipt shows them. Built once on
// the server, so the ESC/POS printer and the browser's print say exactly the same thing.
import { toDollars } from '../../../core/money.js';
import { dateTimeText, gstLabel } from '../../../core/pdf/format.js';
import type { ShopSettings } from '../../../core/settings.js';
import type { ReceiptSection, ReceiptSectionSource } from '../../../core/plugin.js';
import type { Db } from '../../../core/db.js';
import { amountDueCents, outstandingCents } from '../amount-due.js';
import { methodText } from '../pdf/method-text.js';
import { includedGstText, linesSubtotalCents } from '../pricing.js';
import { printedAdjustments, printedLine } from '../adjustments-print.js';
import { taxInvoiceKind } from '../tax-invoice.js';
import type { AdjustmentRow, InvoiceLineRow, InvoiceRow, PaymentRow } from '../repo.js';
import type { Receipt } from '../schemas.js';

export interface ReceiptSource {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  /** The invoice's adjustments (repo.adjustments), printed between the lines and the Subtotal. */
  adjustments: AdjustmentRow[];
  payments: PaymentRow[];
  shop: ShopSettings;
  timeZone: string;
  /** Other plugins' blocks for this invoice (pluginHooks.receiptSections, read by receiptSectionsOf). */
  sections?: ReceiptSection[];
}

/** #17.7: a full tax invoice names its buyer (the snapshot taken at the sale); a simplified one names nobody. */
function taxInvoiceOf(inv: InvoiceRow): Pick<Receipt, 'tax_invoice' | 'buyer'> {
  const kind = taxInvoiceKind(inv);
  if (kind !== 'FULL') return { tax_invoice: kind, buyer: null };
  return {
    tax_invoice: 'FULL',
    buyer: { name: inv.customer_name, company: inv.customer_company, address: inv.customer_billing_address, uen: inv.customer_uen ?? null },
  };
}

/** The receipt of one invoice. */
export function buildReceipt({ invoice: inv, lines, adjustments, payments, shop, timeZone, sections = [] }: ReceiptSource): Receipt {
  const inclusive = inv.prices_include_gst === 1;
  const beforeGst = inv.grand_total_cents - inv.tax_total_cents;
  const subtotal = linesSubtotalCents(inv);
  // Whatever form the sale-level discount took (% or $), it is what separates the lines from the discounted total
  // (before GST is added; or the total itself when the prices include GST).
  const discount = Math.max(0, subtotal - (inclusive ? inv.grand_total_cents : beforeGst));
  const percent = inv.invoice_discount_bps > 0 ? ` ${Number((inv.invoice_discount_bps / 100).toFixed(2))}%` : '';
  const customer = inv.customer_id !== null || inv.customer_company ? [inv.customer_name, inv.customer_company].filter(Boolean).join(', ') : null;
  return {
    invoice_id: inv.id,
    number: inv.number,
    date: inv.created_at,
    date_text: dateTimeText(inv.created_at, timeZone),
    status: inv.payment_status,
    shop: {
      name: shop.shop_name,
      address: shop.address,
      phone: shop.phone,
      gst_reg_no: shop.gst_reg_no,
      uen: shop.uen,
      footer: shop.receipt_footer,
    },
    served_by: inv.created_by_username,
    customer,
    ...taxInvoiceOf(inv),
    due_date: inv.due_date,
    lines: lines.map((l) => {
      const printed = printedLine(l);
      return {
        name: l.description,
        size: l.size,
        sku: l.sku,
        code: l.barcode || l.sku || null,
        qty: l.qty,
        unit_price: toDollars(l.unit_price_cents),
        discount: toDollars(l.discount_cents),
        line_total: toDollars(l.line_total_cents),
        adjustment: toDollars(l.adjustment_cents ?? 0),
        own_discount: toDollars(printed.ownDiscountCents),
        amount: toDollars(printed.amountCents),
      };
    }),
    adjustments: printedAdjustments(adjustments).map((a) => ({ label: a.label, amount: toDollars(a.amountCents) })),
    subtotal: toDollars(subtotal),
    discount: toDollars(discount),
    discount_label: `Discount${percent}`,
    total_before_gst: toDollars(beforeGst),
    gst_label: gstLabel(inv.tax_rate_bps),
    gst: toDollars(inv.tax_total_cents),
    total: toDollars(inv.grand_total_cents),
    rounding: toDollars(inv.rounding_cents ?? 0),
    amount_due: toDollars(amountDueCents(inv)),
    gst_included: inclusive ? includedGstText(inv.tax_total_cents, inv.tax_rate_bps) : null,
    payments: payments.map((p) => ({ method: methodText(p.method), reference: p.reference, amount: toDollars(p.amount_cents) })),
    tendered: inv.tendered_cents === null ? null : toDollars(inv.tendered_cents),
    change: toDollars(inv.change_cents),
    outstanding: toDollars(outstandingCents(inv)),
    cash_sale: payments.some((p) => p.method === 'CASH' && p.customer_payment_id === null && p.paid_at === inv.created_at) || inv.tendered_cents !== null,
    sections: sections.map((sec) => ({
      title: sec.title,
      lines: sec.lines.map((l) => ({ name: l.name, size: l.size, sku: l.sku, qty: l.qty, amount: toDollars(l.amountCents) })),
      total: toDollars(sec.totalCents),
      ...(sec.notes ? { notes: sec.notes } : {}),
      // A return's wording unless the section says its own (a gift card sold is not "returned").
      qty_label: sec.qtyLabel ?? 'returned',
      total_label: sec.totalLabel ?? 'Returned total',
      barcodes: (sec.barcodes ?? []).map((b) => ({ value: b.value, label: b.label })),
    })),
  };
}

/** The sections every plugin's receiptSections hook gives for an invoice (a plugin with nothing to say gives null). */
export function receiptSectionsOf(db: Db, sources: readonly ReceiptSectionSource[], invoiceId: number): ReceiptSection[] {
  return sources.map((source) => source(db, invoiceId)).filter((s): s is ReceiptSection => s !== null);
}
