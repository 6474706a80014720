// SQL for the purchasing tables, prepared once per connection.
import type { Db } from '../../core/db.js';
import { byKey, pageRows, perDb, searchIn, whereOf } from '../../core/repo-support.js';
import type { PurchaseOrderStatus } from './schemas.js';

export interface NewSupplier {
  name: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  uen: string | null;
}
export interface SupplierRow extends NewSupplier {
  id: number;
  created_at: string;
  updated_at: string;
}

export interface NewOrder {
  number: string;
  business_date: string;
  seq: number;
  supplier_id: number;
  status: PurchaseOrderStatus;
  notes: string | null;
  expected_on: string | null;
  total_cents: number;
  created_by: number | null;
  created_at: string;
}
/** A purchasing_order row with its supplier's name, creator and line totals joined. */
export interface OrderRow extends NewOrder {
  id: number;
  updated_at: string;
  supplier_name: string;
  created_by_username: string | null;
  qty_ordered: number;
  qty_received: number;
}

export interface OrderLineRow {
  id: number;
  order_id: number;
  product_id: number;
  qty_ordered: number;
  qty_received: number;
  unit_cost_cents: number;
  sku: string | null;
  item_name: string;
  size: string | null;
}

/** One saved edit; `changes` is the JSON text of OrderChange[]. */
export interface HistoryRow {
  id: number;
  changed_at: string;
  changed_by_username: string | null;
  changes: string;
}

export interface ReceiptRow {
  id: number;
  order_id: number;
  received_at: string;
  received_by_username: string | null;
}
export interface ReceiptLineRow {
  receipt_id: number;
  product_id: number;
  qty: number;
  unit_cost_cents: number;
  cost_before_cents: number;
  cost_after_cents: number;
}

const ORDER_SELECT = `SELECT o.*, s.name AS supplier_name, u.username AS created_by_username,
    (SELECT ifnull(sum(qty_ordered), 0) FROM purchasing_order_line WHERE order_id = o.id) AS qty_ordered,
    (SELECT ifnull(sum(qty_received), 0) FROM purchasing_order_line WHERE order_id = o.id) AS qty_received
  FROM purchasing_order o JOIN purchasing_supplier s ON s.id = o.supplier_id LEFT JOIN core_user u ON u.id = o.created_by`;

/** The purchasing repository for one connection. */
export const purchasingRepo = perDb((db: Db) => {
  const s = {
    getSupplier: db.prepare('SELECT * FROM purchasing_supplier WHERE id = ?'),
    insertSupplier: db.prepare(`INSERT INTO purchasing_supplier (name, contact, phone, email, uen, created_at, updated_at)
      VALUES (@name, @contact, @phone, @email, @uen, @now, @now)`),
    updateSupplier: db.prepare(`UPDATE purchasing_supplier SET name = @name, contact = @contact, phone = @phone, email = @email, uen = @uen,
      updated_at = @now WHERE id = @id`),
    getOrder: db.prepare(`${ORDER_SELECT} WHERE o.id = ?`),
    nextSeq: db.prepare('SELECT ifnull(max(seq), 0) + 1 FROM purchasing_order WHERE business_date = ?').pluck(),
    insertOrder:
      db.prepare(`INSERT INTO purchasing_order (number, business_date, seq, supplier_id, status, notes, expected_on, total_cents, created_by, created_at, updated_at)
      VALUES (@number, @business_date, @seq, @supplier_id, @status, @notes, @expected_on, @total_cents, @created_by, @created_at, @created_at)`),
    updateHeader: db.prepare(`UPDATE purchasing_order SET notes = @notes, expected_on = @expected_on, total_cents = @total_cents, updated_at = @now
      WHERE id = @id`),
    updateLine: db.prepare('UPDATE purchasing_order_line SET qty_ordered = @qty_ordered, unit_cost_cents = @unit_cost_cents WHERE id = @id'),
    deleteLine: db.prepare('DELETE FROM purchasing_order_line WHERE id = ?'),
    insertHistory: db.prepare(`INSERT INTO purchasing_order_history (order_id, changed_by, changed_at, changes)
      VALUES (@order_id, @changed_by, @changed_at, @changes)`),
    history: db.prepare(`SELECT h.id, h.changed_at, u.username AS changed_by_username, h.changes FROM purchasing_order_history h
      LEFT JOIN core_user u ON u.id = h.changed_by WHERE h.order_id = ? ORDER BY h.id`),
    getStyle: db.prepare('SELECT id, item_name FROM inventory_style WHERE id = ?'),
    allStyles: db.prepare('SELECT id, brand FROM inventory_style ORDER BY id'),
    styleSupplier: db.prepare(`SELECT ss.style_id, s.id, s.name FROM purchasing_style_supplier ss JOIN purchasing_supplier s ON s.id = ss.supplier_id
      WHERE ss.style_id = ?`),
    styleSuppliersOf: db.prepare(`SELECT ss.style_id, s.id, s.name FROM purchasing_style_supplier ss JOIN purchasing_supplier s ON s.id = ss.supplier_id
      WHERE ss.style_id IN (SELECT value FROM json_each(?))`),
    setStyleSupplier: db.prepare(`INSERT INTO purchasing_style_supplier (style_id, supplier_id, updated_at) VALUES (@style_id, @supplier_id, @now)
      ON CONFLICT (style_id) DO UPDATE SET supplier_id = excluded.supplier_id, updated_at = excluded.updated_at`),
    clearStyleSupplier: db.prepare('DELETE FROM purchasing_style_supplier WHERE style_id = ?'),
    // Units still expected per product: lines of OPEN and PARTIAL orders, less what came in (never below 0).
    onOrder: db.prepare(`SELECT l.product_id, sum(max(l.qty_ordered - l.qty_received, 0)) AS qty
      FROM purchasing_order_line l INDEXED BY purchasing_order_line_product JOIN purchasing_order o ON o.id = l.order_id
      WHERE l.product_id IN (SELECT value FROM json_each(?)) AND o.status IN ('OPEN', 'PARTIAL') GROUP BY l.product_id`),
    insertLine: db.prepare(`INSERT INTO purchasing_order_line (order_id, product_id, qty_ordered, unit_cost_cents)
      VALUES (@order_id, @product_id, @qty_ordered, @unit_cost_cents)`),
    lines: db.prepare(`SELECT l.*, p.sku, p.item_name, p.size FROM purchasing_order_line l JOIN inventory_product p ON p.id = l.product_id
      WHERE l.order_id = ? ORDER BY l.id`),
    addReceived: db.prepare('UPDATE purchasing_order_line SET qty_received = qty_received + @qty WHERE id = @id'),
    setStatus: db.prepare('UPDATE purchasing_order SET status = @status, updated_at = @now WHERE id = @id'),
    insertReceipt: db.prepare('INSERT INTO purchasing_receipt (order_id, received_by, received_at) VALUES (@order_id, @received_by, @received_at)'),
    insertReceiptLine:
      db.prepare(`INSERT INTO purchasing_receipt_line (receipt_id, order_line_id, product_id, qty, unit_cost_cents, cost_before_cents, cost_after_cents)
      VALUES (@receipt_id, @order_line_id, @product_id, @qty, @unit_cost_cents, @cost_before_cents, @cost_after_cents)`),
    receipts: db.prepare(`SELECT r.id, r.order_id, r.received_at, u.username AS received_by_username FROM purchasing_receipt r
      LEFT JOIN core_user u ON u.id = r.received_by WHERE r.order_id = ? ORDER BY r.id`),
    receiptLines: db.prepare(`SELECT rl.receipt_id, rl.product_id, rl.qty, rl.unit_cost_cents, rl.cost_before_cents, rl.cost_after_cents
      FROM purchasing_receipt_line rl JOIN purchasing_receipt r ON r.id = rl.receipt_id WHERE r.order_id = ? ORDER BY rl.id`),
  };
  const supplierList = byKey((where: string) => ({
    page: db.prepare(`SELECT * FROM purchasing_supplier ${where} ORDER BY name, id LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) FROM purchasing_supplier ${where}`).pluck(),
  }));
  const orderList = byKey((where: string) => ({
    page: db.prepare(`${ORDER_SELECT} ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) FROM purchasing_order o ${where}`).pluck(),
  }));

  return {
    getSupplier: (id: number) => s.getSupplier.get(id) as SupplierRow | undefined,
    insertSupplier: (v: NewSupplier, now: string) => Number(s.insertSupplier.run({ ...v, now }).lastInsertRowid),
    updateSupplier: (id: number, v: NewSupplier, now: string) => s.updateSupplier.run({ ...v, id, now }),
    /** One page of suppliers by name; `search` matches name, contact, phone, email or UEN. */
    listSuppliers(search: string | undefined, limit: number, offset: number): { rows: SupplierRow[]; total: number } {
      const w = whereOf([searchIn(search, ['name', 'contact', 'phone', 'email', 'uen'])]);
      const st = supplierList(w.sql);
      const total = st.count.get(w.params) as number;
      return { rows: pageRows<SupplierRow>(st.page, w.params, total, limit, offset), total };
    },
    getOrder: (id: number) => s.getOrder.get(id) as OrderRow | undefined,
    nextSeq: (businessDate: string) => s.nextSeq.get(businessDate) as number,
    insertOrder: (v: NewOrder) => Number(s.insertOrder.run(v).lastInsertRowid),
    insertLine: (v: { order_id: number; product_id: number; qty_ordered: number; unit_cost_cents: number }) => s.insertLine.run(v),
    lines: (orderId: number) => s.lines.all(orderId) as OrderLineRow[],
    updateHeader: (v: { id: number; notes: string | null; expected_on: string | null; total_cents: number; now: string }) => s.updateHeader.run(v),
    updateLine: (id: number, qty_ordered: number, unit_cost_cents: number) => s.updateLine.run({ id, qty_ordered, unit_cost_cents }),
    deleteLine: (id: number) => s.deleteLine.run(id),
    insertHistory: (v: { order_id: number; changed_by: number | null; changed_at: string; changes: string }) => s.insertHistory.run(v),
    history: (orderId: number) => s.history.all(orderId) as HistoryRow[],
    getStyle: (id: number) => s.getStyle.get(id) as { id: number; item_name: string } | undefined,
    /** Every style (the demo seed gives each a supplier). */
    allStyles: () => s.allStyles.all() as { id: number; brand: string | null }[],
    styleSupplier: (styleId: number) => s.styleSupplier.get(styleId) as { style_id: number; id: number; name: string } | undefined,
    /** The default supplier of each given style that has one. */
    styleSuppliersOf: (styleIds: number[]) => s.styleSuppliersOf.all(JSON.stringify(styleIds)) as { style_id: number; id: number; name: string }[],
    setStyleSupplier: (styleId: number, supplierId: number, now: string) => s.setStyleSupplier.run({ style_id: styleId, supplier_id: supplierId, now }),
    clearStyleSupplier: (styleId: number) => s.clearStyleSupplier.run(styleId),
    /** Units still expected per product on OPEN and PARTIAL orders (products with none are absent). */
    onOrder: (productIds: number[]) =>
      new Map((s.onOrder.all(JSON.stringify(productIds)) as { product_id: number; qty: number }[]).map((r) => [r.product_id, r.qty])),
    addReceived: (lineId: number, qty: number) => s.addReceived.run({ id: lineId, qty }),
    setStatus: (id: number, status: PurchaseOrderStatus, now: string) => s.setStatus.run({ id, status, now }),
    insertReceipt: (v: { order_id: number; received_by: number | null; received_at: string }) => Number(s.insertReceipt.run(v).lastInsertRowid),
    insertReceiptLine: (v: ReceiptLineRow & { order_line_id: number }) => s.insertReceiptLine.run(v),
    receipts: (orderId: number) => s.receipts.all(orderId) as ReceiptRow[],
    receiptLines: (orderId: number) => s.receiptLines.all(orderId) as ReceiptLineRow[],
    /** One page of orders (newest first) filtered by status and supplier. */
    listOrders(f: { status?: PurchaseOrderStatus; supplierId?: number }, limit: number, offset: number): { rows: OrderRow[]; total: number } {
      const w = whereOf([
        f.status && ['o.status = @status', { status: f.status }],
        f.supplierId !== undefined && ['o.supplier_id = @supplierId', { supplierId: f.supplierId }],
      ]);
      const st = orderList(w.sql);
      const total = st.count.get(w.params) as number;
      return { rows: pageRows<OrderRow>(st.page, w.params, total, limit, offset), total };
    },
  };
});
export type PurchasingRepo = ReturnType<typeof purchasingRepo>;
