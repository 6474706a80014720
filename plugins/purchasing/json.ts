// Rows -> the JSON shapes of schemas.ts (cents become dollars).
import { toDollars } from '../../core/money.js';
import type { HistoryRow, OrderLineRow, OrderRow, ReceiptLineRow, ReceiptRow, SupplierRow } from './repo.js';
import type { OrderChange, PurchaseOrder, PurchaseOrderSummary, Supplier } from './schemas.js';

/** A supplier as the API shows it. */
export function supplierJson(r: SupplierRow): Supplier {
  return { id: r.id, name: r.name, contact: r.contact, phone: r.phone, email: r.email, uen: r.uen, created_at: r.created_at, updated_at: r.updated_at };
}

/** A purchase order's header as listed. */
export function orderSummaryJson(o: OrderRow): PurchaseOrderSummary {
  return {
    id: o.id,
    number: o.number,
    business_date: o.business_date,
    status: o.status,
    supplier: { id: o.supplier_id, name: o.supplier_name },
    notes: o.notes,
    expected_on: o.expected_on,
    total: toDollars(o.total_cents),
    qty_ordered: o.qty_ordered,
    qty_received: o.qty_received,
    created_at: o.created_at,
    created_by: o.created_by_username,
  };
}

/** One receipt with its lines. */
export function receiptJson(r: ReceiptRow, lines: ReceiptLineRow[]): PurchaseOrder['receipts'][number] {
  return {
    id: r.id,
    received_at: r.received_at,
    received_by: r.received_by_username,
    lines: lines
      .filter((l) => l.receipt_id === r.id)
      .map((l) => ({
        product_id: l.product_id,
        qty: l.qty,
        unit_cost: toDollars(l.unit_cost_cents),
        cost_before: toDollars(l.cost_before_cents),
        cost_after: toDollars(l.cost_after_cents),
      })),
  };
}

/** A purchase order with its lines and receipts. */
export function orderJson(
  o: OrderRow,
  lines: OrderLineRow[],
  receipts: ReceiptRow[],
  receiptLines: ReceiptLineRow[],
  history: HistoryRow[] = [],
): PurchaseOrder {
  return {
    ...orderSummaryJson(o),
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      sku: l.sku,
      item_name: l.item_name,
      size: l.size,
      qty_ordered: l.qty_ordered,
      qty_received: l.qty_received,
      unit_cost: toDollars(l.unit_cost_cents),
      line_total: toDollars(l.qty_ordered * l.unit_cost_cents),
    })),
    receipts: receipts.map((r) => receiptJson(r, receiptLines)),
    history: history.map((h) => ({ id: h.id, at: h.changed_at, user: h.changed_by_username, changes: JSON.parse(h.changes) as OrderChange[] })),
  };
}
