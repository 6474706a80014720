// SQL for the sales tables, prepared once per connection (the checkout path runs these on every sale).
import type { Db } from '../../core/db.js';
import { byKey, containsPattern, pageRows, perDb, whereOf } from '../../core/repo-support.js';
import { DEFAULT_SETTINGS } from '../../core/settings.js';

export type PaymentStatus = 'PAID' | 'UNPAID' | 'PARTIAL' | 'VOID';
export type InvoiceMethod = 'CASH' | 'NETS' | 'PAYNOW' | 'CREDIT' | 'MIXED';
export type MoneyMethod = 'CASH' | 'NETS' | 'PAYNOW' | 'BANK_TRANSFER';
/** A payment's method: money, a credit note, or another plugin's tender (#29: GIFT_CARD, LOYALTY_POINTS, ...). */
export type PaymentMethod = MoneyMethod | 'CREDIT_NOTE' | (string & {});

/** A sales_invoice row (the columns written at checkout plus what payments and voids move on later), with the creator's username joined. */
export interface InvoiceRow extends NewInvoice {
  id: number;
  paid_cents: number;
  void_reason: string | null;
  voided_at: string | null;
  voided_by: number | null;
  created_by_username: string | null;
  /** The approver's username (joined), for the invoice JSON. */
  discount_approved_by_username?: string | null;
  /** The ADMIN who approved a cashier's void at the till (#26.4), and their username (joined). */
  void_approved_by?: number | null;
  void_approved_by_username?: string | null;
}

/** A sale of a till's open shift as its Receipts list shows it: the invoice, how it was paid and what was paid back. */
export interface TillSaleRow extends InvoiceRow {
  /** The methods paid with, comma-separated in the order received (NULL when nothing was paid). */
  methods: string | null;
  refunded_cents: number;
}

export interface InvoiceLineRow {
  id: number;
  invoice_id: number;
  line_no: number;
  product_id: number;
  sku: string | null;
  description: string;
  size: string | null;
  category: string | null;
  qty: number;
  unit_price_cents: number;
  unit_cost_cents: number;
  discount_cents: number;
  line_total_cents: number;
  /** The adjustments' part of discount_cents (signed, 0 or negative): the sum of its sales_invoice_adjustment rows. */
  adjustment_cents: number;
  /** The product's barcode as it is now (#30: an EAN-13 from the brand or generated), read with the lines; null: none. */
  barcode?: string | null;
}

/** One adjustment of an invoice as rendered: its rows (one per line it touched) added up. */
export interface AdjustmentRow {
  source: string;
  code: string;
  label: string;
  ref_id: number | null;
  units: number;
  amount_cents: number;
}

/** One row of sales_invoice_adjustment: an adjustment's share on one line. */
export type NewAdjustmentShare = AdjustmentRow & { invoice_id: number; line_id: number | null };

export interface PaymentRow {
  id: number;
  invoice_id: number;
  method: PaymentMethod;
  amount_cents: number;
  reference: string | null;
  paid_at: string;
  created_by: number | null;
  customer_payment_id: number | null;
  created_by_username: string | null;
}

/** Columns of a new invoice (paid_cents and status are moved on by the payment trigger). */
export interface NewInvoice {
  number: string;
  business_date: string;
  seq: number;
  customer_id: number | null;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  customer_company: string | null;
  customer_billing_address: string | null;
  walk_in_company_name: string | null;
  subtotal_cents: number;
  line_discount_cents: number;
  invoice_discount_bps: number;
  invoice_discount_cents: number;
  discount_total_cents: number;
  tax_rate_bps: number;
  tax_total_cents: number;
  grand_total_cents: number;
  payment_status: PaymentStatus;
  payment_method: InvoiceMethod;
  due_date: string | null;
  overdue_from: string | null;
  tendered_cents: number | null;
  change_cents: number;
  /** Signed cents the cash part was rounded by (#17.2 cash rounding); amount due = grand_total_cents + rounding_cents. */
  rounding_cents: number;
  idempotency_key: string | null;
  request_hash: string | null;
  created_by: number | null;
  created_at: string;
  /** The till it was rung up at (X-Kedai-Till), when the caller named one. */
  till?: string | null;
  /** The ADMIN who approved a discount above the staff limit (core_user id). */
  discount_approved_by: number | null;
  discount_reason: string | null;
  /** 1 when the lines were priced including GST (settings' prices_include_gst at the sale; migration 007). */
  prices_include_gst: number;
  /** #17.7: the buyer's UEN as printed (snapshot at the sale), and 1 for a full tax invoice (else simplified). */
  customer_uen?: string | null;
  full_tax_invoice?: number;
  /** #29: the untaxed charges' sum (invoice-level adjustment rows: a gift card sold), inside subtotal_cents (migration 012). */
  charges_cents?: number;
}

/** Money paid back on an invoice (at its void), by the method it came in. */
export interface RefundRow {
  id: number;
  invoice_id: number;
  method: MoneyMethod;
  amount_cents: number;
  reason: string;
  refunded_at: string;
  created_by: number | null;
  created_by_username: string | null;
}

export type NewLine = Omit<InvoiceLineRow, 'id' | 'adjustment_cents' | 'barcode'>;
/** A payment to record; `till` is the till it was taken at (X-Kedai-Till), when the caller named one. */
export type NewPayment = Omit<PaymentRow, 'id' | 'created_by_username'> & { till?: string | null };
/** A refund to record (at a void); `till` as for payments. */
export type NewRefund = Omit<RefundRow, 'id' | 'created_by_username'> & { till?: string | null };

export interface InvoiceFilter {
  status?: PaymentStatus;
  method?: InvoiceMethod;
  search?: string;
  from?: string;
  to?: string;
  customerId?: number;
}

/** A customer as checkout and payments need it: credit terms and the derived balance. */
export interface CreditCustomer {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  uen: string | null;
  billing_address: string | null;
  credit_limit_cents: number;
  credit_terms_days: number;
  outstanding_cents: number;
}

const INVOICE_SELECT = `SELECT i.*, u.username AS created_by_username, a.username AS discount_approved_by_username,
    va.username AS void_approved_by_username
  FROM sales_invoice i LEFT JOIN core_user u ON u.id = i.created_by LEFT JOIN core_user a ON a.id = i.discount_approved_by
    LEFT JOIN core_user va ON va.id = i.void_approved_by`;

function prepare(db: Db) {
  const s = {
    gstRate: db.prepare("SELECT value FROM core_setting WHERE key = 'gst_rate'").pluck(),
    moneyRules: db.prepare("SELECT key, value FROM core_setting WHERE key IN ('gst_rate', 'cash_rounding', 'prices_include_gst', 'require_open_shift')"),
    byId: db.prepare(`${INVOICE_SELECT} WHERE i.id = ?`),
    byKey: db.prepare(`SELECT id, number, request_hash, created_by, customer_id FROM sales_invoice WHERE idempotency_key = ?`),
    paidState: db.prepare('SELECT paid_cents, payment_status FROM sales_invoice WHERE id = ?'),
    nextSeq: db.prepare('SELECT ifnull(max(seq), 0) + 1 FROM sales_invoice WHERE business_date = ?').pluck(),
    insertInvoice: db.prepare(`INSERT INTO sales_invoice (number, business_date, seq, customer_id, customer_name, customer_phone,
        customer_email, customer_company, customer_billing_address, walk_in_company_name, subtotal_cents, line_discount_cents,
        invoice_discount_bps, invoice_discount_cents, discount_total_cents, tax_rate_bps, tax_total_cents, grand_total_cents,
        payment_status, payment_method, due_date, overdue_from, tendered_cents, change_cents, rounding_cents, idempotency_key, request_hash,
        created_by, created_at, till, discount_approved_by, discount_reason, prices_include_gst, charges_cents)
      VALUES (@number, @business_date, @seq, @customer_id, @customer_name, @customer_phone, @customer_email, @customer_company,
        @customer_billing_address, @walk_in_company_name, @subtotal_cents, @line_discount_cents, @invoice_discount_bps,
        @invoice_discount_cents, @discount_total_cents, @tax_rate_bps, @tax_total_cents, @grand_total_cents, @payment_status,
        @payment_method, @due_date, @overdue_from, @tendered_cents, @change_cents, @rounding_cents, @idempotency_key, @request_hash,
        @created_by, @created_at, @till, @discount_approved_by, @discount_reason, @prices_include_gst, @charges_cents)`),
    insertLine: db.prepare(`INSERT INTO sales_invoice_line (invoice_id, line_no, product_id, sku, description, size, category, qty,
        unit_price_cents, unit_cost_cents, discount_cents, line_total_cents)
      VALUES (@invoice_id, @line_no, @product_id, @sku, @description, @size, @category, @qty, @unit_price_cents,
        @unit_cost_cents, @discount_cents, @line_total_cents)`),
    insertPayment: db.prepare(`INSERT INTO sales_payment (invoice_id, method, amount_cents, reference, paid_at, created_by, customer_payment_id, till)
      VALUES (@invoice_id, @method, @amount_cents, @reference, @paid_at, @created_by, @customer_payment_id, @till)`),
    // Its own statement (not in the INSERT above), run only for a full tax invoice or a buyer's UEN.
    setTaxInvoice: db.prepare('UPDATE sales_invoice SET customer_uen = @customer_uen, full_tax_invoice = @full_tax_invoice WHERE id = @id'),
    lines: db.prepare(`SELECT l.*, coalesce((SELECT sum(a.amount_cents) FROM sales_invoice_adjustment a
        WHERE a.invoice_id = l.invoice_id AND a.line_id = l.id), 0) AS adjustment_cents,
        (SELECT p.barcode FROM inventory_product p WHERE p.id = l.product_id) AS barcode
      FROM sales_invoice_line l WHERE l.invoice_id = ? ORDER BY l.line_no`),
    adjustments: db.prepare(`SELECT source, code, label, ref_id, sum(units) AS units, sum(amount_cents) AS amount_cents
      FROM sales_invoice_adjustment WHERE invoice_id = ? GROUP BY source, code, label, ref_id ORDER BY min(id)`),
    // #29: the invoice's charges (invoice-level, positive rows) in the order written.
    chargeRows: db.prepare(`SELECT id, source, code, label, amount_cents FROM sales_invoice_adjustment
      WHERE invoice_id = ? AND line_id IS NULL AND amount_cents > 0 ORDER BY id`),
    insertAdjustment: db.prepare(`INSERT INTO sales_invoice_adjustment (invoice_id, line_id, source, code, label, ref_id, units, amount_cents)
      VALUES (@invoice_id, @line_id, @source, @code, @label, @ref_id, @units, @amount_cents)`),
    payments: db.prepare(`SELECT p.*, u.username AS created_by_username FROM sales_payment p
      LEFT JOIN core_user u ON u.id = p.created_by WHERE p.invoice_id = ? ORDER BY p.paid_at, p.id`),
    receivedByMethod: db.prepare(`SELECT method, sum(amount_cents) AS amount_cents FROM sales_payment
      WHERE invoice_id = ? AND method IN ('CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER') GROUP BY method ORDER BY min(id)`),
    insertRefund: db.prepare(`INSERT INTO sales_refund (invoice_id, method, amount_cents, reason, refunded_at, created_by, till)
      VALUES (@invoice_id, @method, @amount_cents, @reason, @refunded_at, @created_by, @till)`),
    refunds: db.prepare(`SELECT r.*, u.username AS created_by_username FROM sales_refund r
      LEFT JOIN core_user u ON u.id = r.created_by WHERE r.invoice_id = ? ORDER BY r.id`),
    hasMethod: db.prepare('SELECT 1 FROM sales_payment WHERE invoice_id = ? AND method = ? LIMIT 1'),
    hasStoredValue: db.prepare(`SELECT 1 FROM sales_payment WHERE invoice_id = ? AND method NOT IN ('CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER') LIMIT 1`),
    markVoid: db.prepare(`UPDATE sales_invoice SET payment_status = 'VOID', void_reason = @reason, voided_at = @now, voided_by = @userId,
      void_approved_by = @approvedBy WHERE id = @id AND payment_status <> 'VOID'`),
    // Index sales_invoice_till_created: the till's sales since its shift opened, newest first.
    tillSince: db.prepare(`SELECT i.*, u.username AS created_by_username, va.username AS void_approved_by_username,
        (SELECT group_concat(method, ',') FROM (SELECT p.method FROM sales_payment p WHERE p.invoice_id = i.id
          GROUP BY p.method ORDER BY min(p.id))) AS methods,
        (SELECT ifnull(sum(r.amount_cents), 0) FROM sales_refund r WHERE r.invoice_id = i.id) AS refunded_cents
      FROM sales_invoice i LEFT JOIN core_user u ON u.id = i.created_by LEFT JOIN core_user va ON va.id = i.void_approved_by
      WHERE i.till = @till AND i.created_at >= @since ORDER BY i.created_at DESC, i.id DESC LIMIT @limit`),
    customer: db.prepare(`SELECT c.id, c.name, c.phone, c.email, c.company, c.uen, c.billing_address, c.credit_limit_cents,
        c.credit_terms_days, ifnull(b.outstanding_cents, 0) AS outstanding_cents
      FROM customers_customer c LEFT JOIN customers_balance b ON b.customer_id = c.id WHERE c.id = ?`),
    openInvoices: db.prepare(`SELECT i.*, NULL AS created_by_username FROM sales_invoice i
      WHERE i.customer_id = ? AND i.payment_status IN ('UNPAID', 'PARTIAL') ORDER BY i.created_at, i.id`),
    insertCustomerPayment: db.prepare(`INSERT INTO sales_customer_payment (customer_id, method, amount_cents, reference, paid_at, created_by, created_at, till)
      VALUES (@customer_id, @method, @amount_cents, @reference, @paid_at, @created_by, @created_at, @till)`),
  };
  return s;
}

/** The sales repository for a connection (statements prepared on first use, then shared). */
export const salesRepo = perDb((db: Db) => {
  const s = prepare(db);
  const listStatements = byKey((where: string) => ({
    page: db.prepare(`${INVOICE_SELECT} ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare(`SELECT count(*) FROM sales_invoice i ${where}`).pluck(),
  }));

  const whereFor = (f: InvoiceFilter) => {
    const q = containsPattern(f.search);
    return whereOf([
      f.status && ['i.payment_status = @status', { status: f.status }],
      f.method && ['i.payment_method = @method', { method: f.method }],
      f.from && ['i.business_date >= @from', { from: f.from }],
      f.to && ['i.business_date <= @to', { to: f.to }],
      f.customerId && ['i.customer_id = @customerId', { customerId: f.customerId }],
      q && [
        `(i.number LIKE @q ESCAPE '\\' OR i.customer_name LIKE @q ESCAPE '\\' OR i.customer_company LIKE @q ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM sales_invoice_line l WHERE l.invoice_id = i.id AND (l.description LIKE @q ESCAPE '\\' OR l.sku LIKE @q ESCAPE '\\')))`,
        { q },
      ],
    ]);
  };

  return {
    /** The configured GST rate as a fraction (core_setting gst_rate, else the default 0.09); read on every sale. */
    gstRate(): number {
      const text = s.gstRate.get() as string | undefined;
      return text === undefined ? DEFAULT_SETTINGS.gst_rate : Number(JSON.parse(text));
    },
    /**
     * The shop's GST rate, 5-cent cash rounding and price mode (core_setting, else the defaults): one read per sale
     * (#27.4: reading the rate apart cost a second statement on every sale).
     */
    moneyRules(): { gstRate: number; cashRounding: boolean; pricesIncludeGst: boolean; requireOpenShift: boolean } {
      const stored = new Map((s.moneyRules.all() as { key: string; value: string }[]).map((r) => [r.key, JSON.parse(r.value) as unknown]));
      const flag = (key: string, fallback: boolean) => (stored.has(key) ? stored.get(key) === true : fallback);
      return {
        gstRate: stored.has('gst_rate') ? Number(stored.get('gst_rate')) : DEFAULT_SETTINGS.gst_rate,
        cashRounding: flag('cash_rounding', DEFAULT_SETTINGS.cash_rounding),
        pricesIncludeGst: flag('prices_include_gst', DEFAULT_SETTINGS.prices_include_gst),
        requireOpenShift: flag('require_open_shift', DEFAULT_SETTINGS.require_open_shift),
      };
    },
    get: (id: number) => s.byId.get(id) as InvoiceRow | undefined,
    /** The invoice stored under an Idempotency-Key, if any. */
    byIdempotencyKey: (key: string) =>
      s.byKey.get(key) as { id: number; number: string; request_hash: string | null; created_by: number | null; customer_id: number | null } | undefined,
    /** What the payment triggers made of an invoice: amount paid and status. */
    paidState: (id: number) => s.paidState.get(id) as { paid_cents: number; payment_status: PaymentStatus },
    /** Next number in the day's sequence; only meaningful inside the write transaction. */
    nextSeq: (businessDate: string) => s.nextSeq.get(businessDate) as number,
    insertInvoice: (v: NewInvoice) => Number(s.insertInvoice.run({ ...v, till: v.till ?? null, charges_cents: v.charges_cents ?? 0 }).lastInsertRowid),
    /** Records what kind of tax invoice the sale is and the buyer's UEN (#17.7). */
    setTaxInvoice: (id: number, v: { customer_uen: string | null; full_tax_invoice: number }) => {
      s.setTaxInvoice.run({ ...v, id });
    },
    insertLine: (v: NewLine) => Number(s.insertLine.run(v).lastInsertRowid),
    insertPayment: (v: NewPayment) => Number(s.insertPayment.run({ ...v, till: v.till ?? null }).lastInsertRowid),
    lines: (invoiceId: number) => s.lines.all(invoiceId) as InvoiceLineRow[],
    adjustments: (invoiceId: number) => s.adjustments.all(invoiceId) as AdjustmentRow[],
    chargeRows: (invoiceId: number) => s.chargeRows.all(invoiceId) as { id: number; source: string; code: string; label: string; amount_cents: number }[],
    insertAdjustment: (v: NewAdjustmentShare) => Number(s.insertAdjustment.run(v).lastInsertRowid),
    payments: (invoiceId: number) => s.payments.all(invoiceId) as PaymentRow[],
    /** Money received on an invoice by method (credit notes left out: they are not money). */
    receivedByMethod: (invoiceId: number) => s.receivedByMethod.all(invoiceId) as { method: RefundRow['method']; amount_cents: number }[],
    insertRefund: (v: NewRefund) => Number(s.insertRefund.run({ ...v, till: v.till ?? null }).lastInsertRowid),
    refunds: (invoiceId: number) => s.refunds.all(invoiceId) as RefundRow[],
    hasPaymentMethod: (invoiceId: number, method: PaymentMethod) => s.hasMethod.get(invoiceId, method) !== undefined,
    /** Whether a credit note or another plugin's tender (not money) paid part of the invoice. */
    hasStoredValuePayment: (invoiceId: number) => s.hasStoredValue.get(invoiceId) !== undefined,
    /** Marks an invoice VOID; false when it already was. */
    markVoid: (id: number, reason: string, userId: number | null, now: string, approvedBy: number | null = null) =>
      s.markVoid.run({ id, reason, userId, now, approvedBy }).changes === 1,
    /** The till's sales created at or after `since` (its open shift's), newest first, at most `limit`. */
    tillSince: (till: string, since: string, limit: number) => s.tillSince.all({ till, since, limit }) as TillSaleRow[],
    customer: (id: number) => s.customer.get(id) as CreditCustomer | undefined,
    /** A customer's UNPAID/PARTIAL invoices, oldest first. */
    openInvoices: (customerId: number) => s.openInvoices.all(customerId) as InvoiceRow[],
    insertCustomerPayment: (v: {
      customer_id: number;
      method: string;
      amount_cents: number;
      reference: string | null;
      paid_at: string;
      created_by: number | null;
      created_at: string;
      till?: string | null;
    }) => Number(s.insertCustomerPayment.run({ ...v, till: v.till ?? null }).lastInsertRowid),
    /** One page of invoices matching the filter, newest first, and the total matching. */
    list(f: InvoiceFilter, limit: number, offset: number): { rows: InvoiceRow[]; total: number } {
      const w = whereFor(f);
      const st = listStatements(w.sql);
      const total = st.count.get(w.params) as number;
      return { rows: pageRows<InvoiceRow>(st.page, w.params, total, limit, offset), total };
    },
  };
});

export type SalesRepo = ReturnType<typeof salesRepo>;
