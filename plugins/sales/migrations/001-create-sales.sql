-- Sales: invoices (with a snapshot of the customer and of every line, so later edits to products or
-- customers never change a printed invoice), payments received, and customer payments that are
-- spread over several invoices. Money in integer cents, rates in basis points.
CREATE TABLE sales_invoice (
  id INTEGER PRIMARY KEY,
  -- INV-<yyyymmdd>-<seq>, seq counted per shop-local business day with no gaps.
  number TEXT NOT NULL UNIQUE,
  business_date TEXT NOT NULL CHECK (business_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  -- NULL for a walk-in sale.
  customer_id INTEGER REFERENCES customers_customer (id),
  customer_name TEXT NOT NULL,
  customer_phone TEXT,
  customer_email TEXT,
  customer_company TEXT,
  customer_billing_address TEXT,
  -- The name/company a walk-in asked to have printed.
  walk_in_company_name TEXT,
  -- Sum of line totals (after line discounts).
  subtotal_cents INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  line_discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (line_discount_cents >= 0),
  invoice_discount_bps INTEGER NOT NULL DEFAULT 0 CHECK (invoice_discount_bps BETWEEN 0 AND 10000),
  invoice_discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (invoice_discount_cents >= 0 AND invoice_discount_cents <= subtotal_cents),
  -- line + invoice discounts, as the invoice shows them.
  discount_total_cents INTEGER NOT NULL CHECK (discount_total_cents = line_discount_cents + invoice_discount_cents),
  tax_rate_bps INTEGER NOT NULL CHECK (tax_rate_bps BETWEEN 0 AND 10000),
  -- GST computed once on (subtotal - invoice discount), half-up.
  tax_total_cents INTEGER NOT NULL CHECK (tax_total_cents >= 0),
  grand_total_cents INTEGER NOT NULL CHECK (grand_total_cents = subtotal_cents - invoice_discount_cents + tax_total_cents),
  -- Sum of sales_payment.amount_cents, kept by the triggers below (never written by hand).
  paid_cents INTEGER NOT NULL DEFAULT 0 CHECK (paid_cents >= 0 AND paid_cents <= grand_total_cents),
  payment_status TEXT NOT NULL CHECK (payment_status IN ('PAID', 'UNPAID', 'PARTIAL', 'VOID')),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('CASH', 'NETS', 'PAYNOW', 'CREDIT', 'MIXED')),
  -- Credit sales: the shop-local due date, and the UTC instant the invoice becomes overdue (start of the next local day).
  due_date TEXT,
  overdue_from TEXT,
  -- Cash handed over at the till and the change given back (cash sales only).
  tendered_cents INTEGER CHECK (tendered_cents IS NULL OR tendered_cents >= 0),
  change_cents INTEGER NOT NULL DEFAULT 0 CHECK (change_cents >= 0),
  -- The client's Idempotency-Key and a hash of its request: a retry returns this invoice.
  idempotency_key TEXT UNIQUE,
  request_hash TEXT,
  created_by INTEGER REFERENCES core_user (id),
  created_at TEXT NOT NULL,
  void_reason TEXT,
  voided_at TEXT,
  voided_by INTEGER REFERENCES core_user (id),
  -- Also the index for date-range queries (reports, list filters).
  UNIQUE (business_date, seq),
  CHECK ((payment_status = 'VOID') = (voided_at IS NOT NULL))
);
CREATE INDEX sales_invoice_created ON sales_invoice (created_at, id);
CREATE INDEX sales_invoice_status ON sales_invoice (payment_status, created_at);
CREATE INDEX sales_invoice_customer ON sales_invoice (customer_id, created_at) WHERE customer_id IS NOT NULL;

-- One row per product sold: what was sold, at what price and cost, frozen at sale time.
CREATE TABLE sales_invoice_line (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  line_no INTEGER NOT NULL CHECK (line_no >= 1),
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  sku TEXT,
  description TEXT NOT NULL,
  size TEXT,
  category TEXT,
  qty INTEGER NOT NULL CHECK (qty >= 1),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  -- Cost at sale time, for gross profit reports.
  unit_cost_cents INTEGER NOT NULL CHECK (unit_cost_cents >= 0),
  discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0 AND discount_cents <= qty * unit_price_cents),
  line_total_cents INTEGER NOT NULL CHECK (line_total_cents = qty * unit_price_cents - discount_cents),
  UNIQUE (invoice_id, line_no)
);
CREATE INDEX sales_invoice_line_product ON sales_invoice_line (product_id);

-- A payment a customer made to settle several credit invoices; its parts are sales_payment rows.
CREATE TABLE sales_customer_payment (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers_customer (id),
  method TEXT NOT NULL CHECK (method IN ('CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reference TEXT,
  paid_at TEXT NOT NULL,
  created_by INTEGER REFERENCES core_user (id),
  created_at TEXT NOT NULL
);
CREATE INDEX sales_customer_payment_customer ON sales_customer_payment (customer_id, paid_at);

-- Money received against one invoice (at the till, later, from a customer payment, or a credit note).
CREATE TABLE sales_payment (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  method TEXT NOT NULL CHECK (method IN ('CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER', 'CREDIT_NOTE')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reference TEXT,
  paid_at TEXT NOT NULL,
  created_by INTEGER REFERENCES core_user (id),
  customer_payment_id INTEGER REFERENCES sales_customer_payment (id)
);
CREATE INDEX sales_payment_invoice ON sales_payment (invoice_id, id);
CREATE INDEX sales_payment_paid_at ON sales_payment (paid_at);
CREATE INDEX sales_payment_customer_payment ON sales_payment (customer_payment_id) WHERE customer_payment_id IS NOT NULL;

-- Any writer of sales_payment (this plugin, credit notes later) keeps the invoice's paid amount and
-- status right; the CHECK on paid_cents refuses over-payment even if a writer forgot to look.
CREATE TRIGGER sales_payment_after_insert AFTER INSERT ON sales_payment BEGIN
  UPDATE sales_invoice SET
    paid_cents = paid_cents + new.amount_cents,
    payment_status = CASE
      WHEN payment_status = 'VOID' THEN 'VOID'
      WHEN paid_cents + new.amount_cents >= grand_total_cents THEN 'PAID'
      ELSE 'PARTIAL' END
  WHERE id = new.invoice_id;
END;

CREATE TRIGGER sales_payment_after_delete AFTER DELETE ON sales_payment BEGIN
  UPDATE sales_invoice SET
    paid_cents = paid_cents - old.amount_cents,
    payment_status = CASE
      WHEN payment_status = 'VOID' THEN 'VOID'
      WHEN paid_cents - old.amount_cents >= grand_total_cents THEN 'PAID'
      WHEN paid_cents - old.amount_cents > 0 THEN 'PARTIAL'
      ELSE 'UNPAID' END
  WHERE id = old.invoice_id;
END;

CREATE TRIGGER sales_payment_no_update BEFORE UPDATE ON sales_payment BEGIN
  SELECT RAISE(ABORT, 'sales_payment rows are immutable');
END;
