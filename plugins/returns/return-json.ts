// Return rows -> the API's return JSON, and the returnable invoice (lines with what is left to return).
import { toDollars } from '../../core/money.js';
import { linesSubtotalCents, type InvoiceRow } from '../sales/api.js';
import { lineShares } from './refund.js';
import type { ReturnableLineRow, ReturnRow } from './repo.js';
import type { MoneyRefundResult } from './actions/create-return.js';
import type { MoneyRefund, Return, ReturnableInvoice } from './schemas.js';

/** One return as listed. */
export function returnJson(r: ReturnRow): Return {
  return {
    id: r.id,
    invoice_id: r.invoice_id,
    invoice: { id: r.invoice_id, number: r.invoice_number, customer: { id: r.customer_id, name: r.customer_name } },
    invoice_line_id: r.invoice_line_id,
    product_id: r.product_id,
    product: { id: r.product_id, item_name: r.item_name, sku: r.sku, size: r.size },
    original_qty: r.original_qty,
    returned_qty: r.returned_qty,
    refund_amount: toDollars(r.refund_cents),
    tax_amount: toDollars(r.tax_cents),
    status: r.status,
    reason: r.reason,
    return_reason: r.reason,
    notes: r.notes,
    refund_method: r.refund_method,
    refund_reference: r.refund_reference,
    credit_note_id: r.credit_note_id,
    creditNote: r.credit_note_id === null ? null : { id: r.credit_note_id, number: r.credit_note_number, status: r.credit_note_status },
    business_date: r.business_date,
    created_at: r.created_at,
    created_by: r.created_by_username,
    approved_by: r.approved_by_username,
    without_receipt: r.without_receipt === 1,
  };
}

/**
 * An invoice for the Process Return modal. Each line carries its share of the invoice (after the invoice
 * discount: refund_net, its GST: refund_tax) so the modal can show the exact refund the server will give.
 */
export function returnableInvoiceJson(inv: InvoiceRow, lines: ReturnableLineRow[]): ReturnableInvoice {
  const shares = lineShares(inv, lines);
  return {
    id: inv.id,
    number: inv.number,
    date: inv.created_at,
    business_date: inv.business_date,
    payment_status: inv.payment_status,
    customer: { id: inv.customer_id, name: inv.customer_name },
    customer_name: inv.customer_name,
    subtotal: toDollars(linesSubtotalCents(inv)),
    invoice_discount: toDollars(inv.invoice_discount_cents),
    tax_total: toDollars(inv.tax_total_cents),
    grand_total: toDollars(inv.grand_total_cents),
    items: lines.map((l) => {
      const share = shares.get(l.id)!;
      return {
        id: l.id,
        product_id: l.product_id,
        description: l.description,
        item_name: l.description,
        sku: l.sku,
        product: { sku: l.sku },
        size: l.size,
        qty: l.qty,
        returned_qty: l.returned_qty,
        returnable_qty: l.qty - l.returned_qty,
        unit_price: toDollars(l.unit_price_cents),
        discount: toDollars(l.discount_cents),
        line_total: toDollars(l.line_total_cents),
        refund_net: toDollars(share.netCents),
        refund_tax: toDollars(share.taxCents),
        refund_total: toDollars(share.netCents + share.taxCents),
      };
    }),
  };
}

/** Money paid back for a return (null when it became a credit note). */
export function moneyRefundJson(r: MoneyRefundResult | null): MoneyRefund | null {
  if (!r) return null;
  return {
    method: r.method,
    reference: r.reference,
    amount: toDollars(r.amountCents),
    paid_out: toDollars(r.paidOutCents),
    rounding: toDollars(r.roundingCents),
  };
}
