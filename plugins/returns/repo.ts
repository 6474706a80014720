// SQL for the returns table (and the invoice reads returns needs), prepared once per connection.
import type { Db } from '../../core/db.js';
import type { InvoiceLineRow, InvoiceRow } from '../sales/api.js';
import { byKey, pageRows, perDb, searchIn, whereOf } from '../../core/repo-support.js';
import type { ReturnReason } from './return-reasons.js';

export type ReturnStatus = 'PENDING' | 'APPROVED' | 'COMPLETED' | 'REJECTED';

/** A returns_return row with the invoice, product and credit note facts the list shows. */
export interface ReturnRow {
  id: string;
  invoice_id: number;
  invoice_line_id: number;
  product_id: number;
  original_qty: number;
  returned_qty: number;
  reason: ReturnReason;
  refund_cents: number;
  tax_cents: number;
  status: ReturnStatus;
  notes: string | null;
  credit_note_id: number | null;
  refund_method: 'CREDIT_NOTE' | 'CASH' | 'NETS' | 'PAYNOW';
  refund_reference: string | null;
  refund_id: number | null;
  business_date: string;
  created_by: number | null;
  created_at: string;
  /** The manager who approved a return outside the refund policy (migration 005), else null. */
  approved_by: number | null;
  /** 1 when the cashier ticked 'No receipt'. */
  without_receipt: number;
  /** The first row's id, shared by every row of one return request (its refund slip). */
  batch_id: string;
  /** When a cash refund's slip opened the drawer (once). */
  drawer_opened_at: string | null;
  invoice_number: string;
  customer_id: number | null;
  customer_name: string;
  item_name: string;
  sku: string | null;
  size: string | null;
  credit_note_number: string | null;
  credit_note_status: string | null;
  created_by_username: string | null;
  approved_by_username: string | null;
}

export type NewReturn = Omit<
  ReturnRow,
  | 'invoice_number'
  | 'customer_id'
  | 'customer_name'
  | 'item_name'
  | 'sku'
  | 'size'
  | 'credit_note_number'
  | 'credit_note_status'
  | 'created_by_username'
  | 'approved_by_username'
  | 'drawer_opened_at'
>;

/** An invoice line with how much of it has been returned so far. */
export interface ReturnableLineRow extends InvoiceLineRow {
  returned_qty: number;
}

/** A pair an exchange took back, as the new sale's receipt lists it. */
export interface ExchangedRow {
  name: string;
  size: string | null;
  sku: string | null;
  qty: number;
  refund_cents: number;
  invoice_number: string;
}

export interface ReturnFilter {
  status?: ReturnStatus;
  search?: string;
}

/** The tiles of the Returns screen, over the returns a filter matches. */
export interface ReturnSummary {
  total: number;
  refund_cents: number;
  pending: number;
  approved: number;
  completed: number;
  rejected: number;
  /** refund_cents by refund_method (only the methods used). */
  by_method: Record<string, number>;
}

const RETURN_SELECT = `SELECT r.*, i.number AS invoice_number, i.customer_id AS customer_id, i.customer_name AS customer_name,
    coalesce(p.item_name, l.description) AS item_name, coalesce(p.sku, l.sku) AS sku, l.size AS size,
    n.number AS credit_note_number, n.status AS credit_note_status, u.username AS created_by_username,
    a.username AS approved_by_username
  FROM returns_return r
  JOIN sales_invoice i ON i.id = r.invoice_id
  JOIN sales_invoice_line l ON l.id = r.invoice_line_id
  LEFT JOIN inventory_product p ON p.id = r.product_id
  LEFT JOIN credit_notes_note n ON n.id = r.credit_note_id
  LEFT JOIN core_user u ON u.id = r.created_by
  LEFT JOIN core_user a ON a.id = r.approved_by`;

// Rejected returns gave nothing back, so they do not use up the line.
const RETURNED_OF_LINE = `(SELECT ifnull(sum(r.returned_qty), 0) FROM returns_return r WHERE r.invoice_line_id = l.id AND r.status <> 'REJECTED')`;

function prepare(db: Db) {
  return {
    insert: db.prepare(`INSERT INTO returns_return (id, invoice_id, invoice_line_id, product_id, original_qty, returned_qty, reason,
        refund_cents, tax_cents, status, notes, credit_note_id, refund_method, refund_reference, refund_id, business_date, created_by, created_at,
        approved_by, without_receipt, batch_id)
      VALUES (@id, @invoice_id, @invoice_line_id, @product_id, @original_qty, @returned_qty, @reason, @refund_cents, @tax_cents,
        @status, @notes, @credit_note_id, @refund_method, @refund_reference, @refund_id, @business_date, @created_by, @created_at,
        @approved_by, @without_receipt, @batch_id)`),
    byId: db.prepare(`${RETURN_SELECT} WHERE r.id = ?`),
    batch: db.prepare(`${RETURN_SELECT} WHERE r.batch_id = (SELECT batch_id FROM returns_return WHERE id = ?) ORDER BY l.line_no, r.rowid`),
    markDrawer: db.prepare('UPDATE returns_return SET drawer_opened_at = @at WHERE batch_id = @batch AND drawer_opened_at IS NULL'),
    unmarkDrawer: db.prepare('UPDATE returns_return SET drawer_opened_at = NULL WHERE batch_id = ?'),
    lines: db.prepare(`SELECT l.*, ${RETURNED_OF_LINE} AS returned_qty FROM sales_invoice_line l WHERE l.invoice_id = ? ORDER BY l.line_no`),
    hasReturns: db.prepare(`SELECT 1 FROM returns_return WHERE invoice_id = ? AND status <> 'REJECTED' LIMIT 1`),
    markExchanged: db.prepare('UPDATE returns_return SET exchange_invoice_id = ? WHERE id = ?'),
    exchangedFor: db.prepare(`SELECT l.description AS name, l.size, l.sku, r.returned_qty AS qty, r.refund_cents, i.number AS invoice_number
      FROM returns_return r JOIN sales_invoice_line l ON l.id = r.invoice_line_id JOIN sales_invoice i ON i.id = r.invoice_id
      WHERE r.exchange_invoice_id = ? AND r.status <> 'REJECTED' ORDER BY l.line_no, r.rowid`),
  };
}

/** The returns repository for a connection (statements prepared on first use, then shared). */
export const returnsRepo = perDb((db: Db) => {
  const s = prepare(db);
  const listStatements = byKey((where: string) => {
    const from = `FROM returns_return r JOIN sales_invoice i ON i.id = r.invoice_id JOIN sales_invoice_line l ON l.id = r.invoice_line_id
      LEFT JOIN inventory_product p ON p.id = r.product_id ${where}`;
    return {
      page: db.prepare(`${RETURN_SELECT} ${where} ORDER BY r.created_at DESC, r.rowid DESC LIMIT @limit OFFSET @offset`),
      summary: db.prepare(`SELECT count(*) AS total, ifnull(sum(r.refund_cents), 0) AS refund_cents,
          ifnull(sum(r.status = 'PENDING'), 0) AS pending, ifnull(sum(r.status = 'APPROVED'), 0) AS approved,
          ifnull(sum(r.status = 'COMPLETED'), 0) AS completed, ifnull(sum(r.status = 'REJECTED'), 0) AS rejected ${from}`),
      byMethod: db.prepare(`SELECT r.refund_method AS method, sum(r.refund_cents) AS cents ${from} GROUP BY r.refund_method ORDER BY r.refund_method`),
    };
  });
  const invoiceStatements = byKey((where: string) => ({
    page: db.prepare(`SELECT i.*, NULL AS created_by_username FROM sales_invoice i ${where}
      ORDER BY i.created_at DESC, i.id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) FROM sales_invoice i ${where}`).pluck(),
  }));

  const whereFor = (f: ReturnFilter) =>
    whereOf([f.status && ['r.status = @status', { status: f.status }], searchIn(f.search, ['i.number', 'i.customer_name', 'l.description', 'p.item_name'])]);

  return {
    insert: (v: NewReturn) => void s.insert.run(v),
    get: (id: string) => s.byId.get(id) as ReturnRow | undefined,
    /** The invoice's lines with the quantity returned so far on each. */
    linesWithReturned: (invoiceId: number) => s.lines.all(invoiceId) as ReturnableLineRow[],
    hasReturns: (invoiceId: number) => s.hasReturns.get(invoiceId) !== undefined,
    /** Names the exchange's new sale on its return rows (the new receipt lists them). */
    markExchanged: (returnId: string, invoiceId: number) => void s.markExchanged.run(invoiceId, returnId),
    /** The pairs an exchange took back against the sale `invoiceId`, with the invoice they were bought on. */
    exchangedFor: (invoiceId: number) => s.exchangedFor.all(invoiceId) as ExchangedRow[],
    /** Every row of the return request that row `id` belongs to (its refund slip), in invoice line order. */
    batchOf: (id: string) => s.batch.all(id) as ReturnRow[],
    /** Marks a batch's drawer opened; false when an earlier print already opened it. */
    markDrawerOpened: (batchId: string, at: string) => s.markDrawer.run({ batch: batchId, at }).changes > 0,
    /** Takes the mark back (the printer never took the slip), so a retry may open the drawer. */
    unmarkDrawerOpened: (batchId: string) => void s.unmarkDrawer.run(batchId),
    /** One page of returns matching the filter (newest first), the total matching and the screen's tiles. */
    list(f: ReturnFilter, limit: number, offset: number): { rows: ReturnRow[]; total: number; summary: ReturnSummary } {
      const w = whereFor(f);
      const st = listStatements(w.sql);
      const byMethod = st.byMethod.all(w.params) as { method: string; cents: number }[];
      const summary = {
        ...(st.summary.get(w.params) as Omit<ReturnSummary, 'by_method'>),
        by_method: Object.fromEntries(byMethod.map((m) => [m.method, m.cents])),
      };
      return { rows: pageRows<ReturnRow>(st.page, w.params, summary.total, limit, offset), total: summary.total, summary };
    },
    /** Non-VOID invoices with something left to return, newest first (search: number or customer name). */
    returnableInvoices(search: string | undefined, limit: number, offset: number): { rows: InvoiceRow[]; total: number } {
      const { sql, params } = whereOf([
        ["i.payment_status <> 'VOID'", {}],
        [`EXISTS (SELECT 1 FROM sales_invoice_line l WHERE l.invoice_id = i.id AND l.qty > ${RETURNED_OF_LINE})`, {}],
        searchIn(search, ['i.number', 'i.customer_name']),
      ]);
      const st = invoiceStatements(sql);
      const total = st.count.get(params) as number;
      return { rows: pageRows<InvoiceRow>(st.page, params, total, limit, offset), total };
    },
  };
});
