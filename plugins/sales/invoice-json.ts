// Invoice rows -> the API's invoice JSON (contract: docs/api.md): dollars, customer snapshot, totals.
import { toDollars } from '../../core/money.js';
import { amountDueCents, amountPaidCents, outstandingCents } from './amount-due.js';
import { linesSubtotalCents } from './pricing.js';
import { taxInvoiceKind } from './tax-invoice.js';
import type { AdjustmentRow, InvoiceLineRow, InvoiceRow, PaymentRow, RefundRow } from './repo.js';
import type { Invoice, InvoiceAdjustment, InvoiceLine, InvoicePayment, InvoiceSummary } from './schemas.js';

/** The list row: everything but items and payments. */
export function invoiceSummaryJson(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    date: row.created_at,
    business_date: row.business_date,
    due_date: row.due_date,
    payment_status: row.payment_status,
    payment_method: row.payment_method,
    customer: {
      id: row.customer_id,
      name: row.customer_name,
      phone: row.customer_phone,
      email: row.customer_email,
      company: row.customer_company,
      billing_address: row.customer_billing_address,
      uen: row.customer_uen ?? null,
    },
    tax_invoice: taxInvoiceKind(row),
    // The lines' sum in both modes (an inclusive invoice stores it less its GST: pricing.ts storedSubtotalCents).
    subtotal: toDollars(linesSubtotalCents(row)),
    discount_total: toDollars(row.discount_total_cents),
    invoice_discount: toDollars(row.invoice_discount_cents),
    invoice_discount_percent: row.invoice_discount_bps / 100,
    tax_rate: row.tax_rate_bps / 10_000,
    tax_total: toDollars(row.tax_total_cents),
    grand_total: toDollars(row.grand_total_cents),
    rounding: toDollars(row.rounding_cents ?? 0),
    amount_due: toDollars(amountDueCents(row)),
    prices_include_gst: row.prices_include_gst === 1,
    amount_paid: toDollars(amountPaidCents(row)),
    outstanding: toDollars(outstandingCents(row)),
    tendered: row.tendered_cents === null ? null : toDollars(row.tendered_cents),
    change: toDollars(row.change_cents),
    created_by: row.created_by_username,
    discount_approved_by: row.discount_approved_by_username ?? null,
    discount_reason: row.discount_reason ?? null,
    void_reason: row.void_reason,
    voided_at: row.voided_at,
    void_approved_by: row.void_approved_by_username ?? null,
  };
}

/** One invoice line. */
export function lineJson(l: InvoiceLineRow): InvoiceLine {
  return {
    id: l.id,
    product_id: l.product_id,
    description: l.description,
    size: l.size,
    qty: l.qty,
    unit_price: toDollars(l.unit_price_cents),
    discount: toDollars(l.discount_cents),
    line_total: toDollars(l.line_total_cents),
    adjustment: toDollars(l.adjustment_cents ?? 0),
    product: { sku: l.sku },
  };
}

/** The source whose ref_id the contract names promotion_id (#28.6); other sources' ids stay in ref_id only. */
const PROMOTION_SOURCE = 'promotions';

/** One adjustment (its rows added up), as every receipt, invoice and the till list it. */
export function adjustmentJson(a: AdjustmentRow): InvoiceAdjustment {
  return {
    source: a.source,
    code: a.code,
    label: a.label,
    amount: toDollars(a.amount_cents),
    units: a.units,
    ref_id: a.ref_id,
    promotion_id: a.source === PROMOTION_SOURCE ? a.ref_id : null,
    charge: a.amount_cents > 0,
  };
}

/** One payment received against the invoice. */
export function paymentJson(p: PaymentRow): InvoicePayment {
  return {
    id: p.id,
    method: p.method,
    amount: toDollars(p.amount_cents),
    reference: p.reference,
    date: p.paid_at,
    created_by: p.created_by_username,
  };
}

/** Money paid back when the invoice was voided. */
export function refundJson(r: RefundRow): Invoice['refunds'][number] {
  return { id: r.id, method: r.method, amount: toDollars(r.amount_cents), reason: r.reason, date: r.refunded_at, created_by: r.created_by_username };
}

/** The full invoice: summary, items, payments and refunds (a voided invoice's payments paid back). */
export function invoiceJson(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  payments: PaymentRow[],
  refunds: RefundRow[] = [],
  adjustments: AdjustmentRow[] = [],
): Invoice {
  return {
    ...invoiceSummaryJson(row),
    items: lines.map(lineJson),
    adjustments: adjustments.map(adjustmentJson),
    payments: payments.map(paymentJson),
    refunds: refunds.map(refundJson),
    amount_refunded: toDollars(refunds.reduce((s, r) => s + r.amount_cents, 0)),
  };
}
