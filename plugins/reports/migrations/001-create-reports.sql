-- Reports owns no business data. It keeps running totals of sales, so a yearly report over a million
-- invoice lines reads a few thousand summary rows instead (docs/api.md: under 1 s). The totals are kept
-- by triggers on the sales tables, in the writer's own transaction, so they can never lag or half-apply;
-- they are rebuilt from the sales tables at the end of this file. Every trigger applies "remove the
-- old row's contribution, add the new row's", so any change to a sales row keeps the totals exact.

-- Seam: credit notes issued, as reports reads them. Empty until the credit-notes plugin's migration
-- replaces it (DROP VIEW IF EXISTS reports_credit_note; CREATE VIEW reports_credit_note AS SELECT
-- business_date, amount_cents, tax_cents, status, number, source FROM credit_notes_note). IF NOT EXISTS,
-- because credit-notes does not depend on reports and may have migrated first.
CREATE VIEW IF NOT EXISTS reports_credit_note (business_date, amount_cents, tax_cents, status, number, source) AS
SELECT '', 0, 0, '', '', '' WHERE 0;

-- Invoice totals per shop-local day, invoice payment method and void flag.
CREATE TABLE reports_day_sales (
  business_date TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  voided INTEGER NOT NULL,
  n INTEGER NOT NULL,
  grand_cents INTEGER NOT NULL,
  tax_cents INTEGER NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  line_discount_cents INTEGER NOT NULL,
  invoice_discount_cents INTEGER NOT NULL,
  tendered_cents INTEGER NOT NULL,
  change_cents INTEGER NOT NULL,
  PRIMARY KEY (business_date, payment_method, voided)
) WITHOUT ROWID;

-- Payments taken at the till (same instant as the sale, not a customer payment) on live MIXED and CREDIT
-- invoices, per day: how a mixed sale was split, and the deposit paid on a credit sale.
-- n counts invoices (an invoice paid with two NETS cards counts once for NETS).
CREATE TABLE reports_day_till (
  business_date TEXT NOT NULL,
  invoice_method TEXT NOT NULL,
  method TEXT NOT NULL,
  n INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  PRIMARY KEY (business_date, invoice_method, method)
) WITHOUT ROWID;

-- Lines of live invoices per month, category ('' when none) and product name as sold.
CREATE TABLE reports_month_product (
  month TEXT NOT NULL,
  category TEXT NOT NULL,
  name TEXT NOT NULL,
  qty INTEGER NOT NULL,
  revenue_cents INTEGER NOT NULL,
  cost_cents INTEGER NOT NULL,
  PRIMARY KEY (month, category, name)
) WITHOUT ROWID;

-- Payments received after the sale (customer payments, payments on one invoice, credit notes applied).
CREATE TABLE reports_later_payment (
  payment_id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL,
  paid_at TEXT NOT NULL,
  method TEXT NOT NULL,
  amount_cents INTEGER NOT NULL
);
CREATE INDEX reports_later_payment_paid_at ON reports_later_payment (paid_at);

-- Invoices ----------------------------------------------------------------------------------------
CREATE TRIGGER reports_invoice_insert AFTER INSERT ON sales_invoice BEGIN
  INSERT INTO reports_day_sales VALUES (new.business_date, new.payment_method, new.payment_status = 'VOID', 1,
    new.grand_total_cents, new.tax_total_cents, new.subtotal_cents, new.line_discount_cents, new.invoice_discount_cents,
    ifnull(new.tendered_cents, 0), new.change_cents)
  ON CONFLICT (business_date, payment_method, voided) DO UPDATE SET
    n = n + 1, grand_cents = grand_cents + excluded.grand_cents, tax_cents = tax_cents + excluded.tax_cents,
    subtotal_cents = subtotal_cents + excluded.subtotal_cents, line_discount_cents = line_discount_cents + excluded.line_discount_cents,
    invoice_discount_cents = invoice_discount_cents + excluded.invoice_discount_cents,
    tendered_cents = tendered_cents + excluded.tendered_cents, change_cents = change_cents + excluded.change_cents;
END;

-- Payment status moves on with every payment (UNPAID -> PARTIAL -> PAID): only a void (or a change to
-- a summed column) matters here.
CREATE TRIGGER reports_invoice_update AFTER UPDATE ON sales_invoice
WHEN (old.payment_status = 'VOID') IS NOT (new.payment_status = 'VOID')
  OR old.business_date IS NOT new.business_date OR old.payment_method IS NOT new.payment_method
  OR old.created_at IS NOT new.created_at OR old.grand_total_cents IS NOT new.grand_total_cents
  OR old.tax_total_cents IS NOT new.tax_total_cents OR old.subtotal_cents IS NOT new.subtotal_cents
  OR old.line_discount_cents IS NOT new.line_discount_cents OR old.invoice_discount_cents IS NOT new.invoice_discount_cents
  OR old.tendered_cents IS NOT new.tendered_cents OR old.change_cents IS NOT new.change_cents
BEGIN
  UPDATE reports_day_sales SET
    n = n - 1, grand_cents = grand_cents - old.grand_total_cents, tax_cents = tax_cents - old.tax_total_cents,
    subtotal_cents = subtotal_cents - old.subtotal_cents, line_discount_cents = line_discount_cents - old.line_discount_cents,
    invoice_discount_cents = invoice_discount_cents - old.invoice_discount_cents,
    tendered_cents = tendered_cents - ifnull(old.tendered_cents, 0), change_cents = change_cents - old.change_cents
  WHERE business_date = old.business_date AND payment_method = old.payment_method AND voided = (old.payment_status = 'VOID');
  INSERT INTO reports_day_sales VALUES (new.business_date, new.payment_method, new.payment_status = 'VOID', 1,
    new.grand_total_cents, new.tax_total_cents, new.subtotal_cents, new.line_discount_cents, new.invoice_discount_cents,
    ifnull(new.tendered_cents, 0), new.change_cents)
  ON CONFLICT (business_date, payment_method, voided) DO UPDATE SET
    n = n + 1, grand_cents = grand_cents + excluded.grand_cents, tax_cents = tax_cents + excluded.tax_cents,
    subtotal_cents = subtotal_cents + excluded.subtotal_cents, line_discount_cents = line_discount_cents + excluded.line_discount_cents,
    invoice_discount_cents = invoice_discount_cents + excluded.invoice_discount_cents,
    tendered_cents = tendered_cents + excluded.tendered_cents, change_cents = change_cents + excluded.change_cents;

  -- The invoice's lines leave (old live) and come back (new live) in the month totals.
  INSERT INTO reports_month_product (month, category, name, qty, revenue_cents, cost_cents)
  SELECT substr(old.business_date, 1, 7), ifnull(l.category, ''), l.description, -l.qty, -l.line_total_cents, -l.qty * l.unit_cost_cents
  FROM sales_invoice_line l WHERE l.invoice_id = old.id AND old.payment_status <> 'VOID'
  ON CONFLICT (month, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_month_product (month, category, name, qty, revenue_cents, cost_cents)
  SELECT substr(new.business_date, 1, 7), ifnull(l.category, ''), l.description, l.qty, l.line_total_cents, l.qty * l.unit_cost_cents
  FROM sales_invoice_line l WHERE l.invoice_id = new.id AND new.payment_status <> 'VOID'
  ON CONFLICT (month, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;

  -- Same for its till payments.
  INSERT INTO reports_day_till (business_date, invoice_method, method, n, amount_cents)
  SELECT old.business_date, old.payment_method, p.method, -1, -sum(p.amount_cents)
  FROM sales_payment p
  WHERE p.invoice_id = old.id AND old.payment_status <> 'VOID' AND old.payment_method IN ('MIXED', 'CREDIT')
    AND p.customer_payment_id IS NULL AND p.paid_at = old.created_at AND p.method IN ('CASH', 'NETS', 'PAYNOW')
  GROUP BY p.method
  ON CONFLICT (business_date, invoice_method, method) DO UPDATE SET n = n + excluded.n, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO reports_day_till (business_date, invoice_method, method, n, amount_cents)
  SELECT new.business_date, new.payment_method, p.method, 1, sum(p.amount_cents)
  FROM sales_payment p
  WHERE p.invoice_id = new.id AND new.payment_status <> 'VOID' AND new.payment_method IN ('MIXED', 'CREDIT')
    AND p.customer_payment_id IS NULL AND p.paid_at = new.created_at AND p.method IN ('CASH', 'NETS', 'PAYNOW')
  GROUP BY p.method
  ON CONFLICT (business_date, invoice_method, method) DO UPDATE SET n = n + excluded.n, amount_cents = amount_cents + excluded.amount_cents;
END;

CREATE TRIGGER reports_invoice_delete AFTER DELETE ON sales_invoice BEGIN
  UPDATE reports_day_sales SET
    n = n - 1, grand_cents = grand_cents - old.grand_total_cents, tax_cents = tax_cents - old.tax_total_cents,
    subtotal_cents = subtotal_cents - old.subtotal_cents, line_discount_cents = line_discount_cents - old.line_discount_cents,
    invoice_discount_cents = invoice_discount_cents - old.invoice_discount_cents,
    tendered_cents = tendered_cents - ifnull(old.tendered_cents, 0), change_cents = change_cents - old.change_cents
  WHERE business_date = old.business_date AND payment_method = old.payment_method AND voided = (old.payment_status = 'VOID');
END;

-- Lines -------------------------------------------------------------------------------------------
CREATE TRIGGER reports_line_insert AFTER INSERT ON sales_invoice_line BEGIN
  INSERT INTO reports_month_product (month, category, name, qty, revenue_cents, cost_cents)
  SELECT substr(i.business_date, 1, 7), ifnull(new.category, ''), new.description, new.qty, new.line_total_cents, new.qty * new.unit_cost_cents
  FROM sales_invoice i WHERE i.id = new.invoice_id AND i.payment_status <> 'VOID'
  ON CONFLICT (month, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

CREATE TRIGGER reports_line_delete AFTER DELETE ON sales_invoice_line BEGIN
  INSERT INTO reports_month_product (month, category, name, qty, revenue_cents, cost_cents)
  SELECT substr(i.business_date, 1, 7), ifnull(old.category, ''), old.description, -old.qty, -old.line_total_cents, -old.qty * old.unit_cost_cents
  FROM sales_invoice i WHERE i.id = old.invoice_id AND i.payment_status <> 'VOID'
  ON CONFLICT (month, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

CREATE TRIGGER reports_line_update AFTER UPDATE ON sales_invoice_line BEGIN
  INSERT INTO reports_month_product (month, category, name, qty, revenue_cents, cost_cents)
  SELECT substr(i.business_date, 1, 7), ifnull(old.category, ''), old.description, -old.qty, -old.line_total_cents, -old.qty * old.unit_cost_cents
  FROM sales_invoice i WHERE i.id = old.invoice_id AND i.payment_status <> 'VOID'
  ON CONFLICT (month, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_month_product (month, category, name, qty, revenue_cents, cost_cents)
  SELECT substr(i.business_date, 1, 7), ifnull(new.category, ''), new.description, new.qty, new.line_total_cents, new.qty * new.unit_cost_cents
  FROM sales_invoice i WHERE i.id = new.invoice_id AND i.payment_status <> 'VOID'
  ON CONFLICT (month, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

-- Payments (immutable in sales; inserts and deletes) -----------------------------------------------
CREATE TRIGGER reports_payment_insert AFTER INSERT ON sales_payment BEGIN
  INSERT INTO reports_day_till (business_date, invoice_method, method, n, amount_cents)
  SELECT i.business_date, i.payment_method, new.method,
    NOT EXISTS (SELECT 1 FROM sales_payment o WHERE o.invoice_id = new.invoice_id AND o.id <> new.id AND o.method = new.method
      AND o.customer_payment_id IS NULL AND o.paid_at = new.paid_at),
    new.amount_cents
  FROM sales_invoice i
  WHERE i.id = new.invoice_id AND i.payment_status <> 'VOID' AND i.payment_method IN ('MIXED', 'CREDIT')
    AND new.customer_payment_id IS NULL AND new.paid_at = i.created_at AND new.method IN ('CASH', 'NETS', 'PAYNOW')
  ON CONFLICT (business_date, invoice_method, method) DO UPDATE SET n = n + excluded.n, amount_cents = amount_cents + excluded.amount_cents;
  INSERT INTO reports_later_payment (payment_id, invoice_id, paid_at, method, amount_cents)
  SELECT new.id, new.invoice_id, new.paid_at, new.method, new.amount_cents
  FROM sales_invoice i
  WHERE i.id = new.invoice_id AND NOT (new.customer_payment_id IS NULL AND new.paid_at = i.created_at AND new.method <> 'CREDIT_NOTE');
END;

CREATE TRIGGER reports_payment_delete AFTER DELETE ON sales_payment BEGIN
  INSERT INTO reports_day_till (business_date, invoice_method, method, n, amount_cents)
  SELECT i.business_date, i.payment_method, old.method,
    -(NOT EXISTS (SELECT 1 FROM sales_payment o WHERE o.invoice_id = old.invoice_id AND o.method = old.method
      AND o.customer_payment_id IS NULL AND o.paid_at = old.paid_at)),
    -old.amount_cents
  FROM sales_invoice i
  WHERE i.id = old.invoice_id AND i.payment_status <> 'VOID' AND i.payment_method IN ('MIXED', 'CREDIT')
    AND old.customer_payment_id IS NULL AND old.paid_at = i.created_at AND old.method IN ('CASH', 'NETS', 'PAYNOW')
  ON CONFLICT (business_date, invoice_method, method) DO UPDATE SET n = n + excluded.n, amount_cents = amount_cents + excluded.amount_cents;
  DELETE FROM reports_later_payment WHERE payment_id = old.id;
END;

-- Totals for the sales already recorded -----------------------------------------------------------
INSERT INTO reports_day_sales
SELECT business_date, payment_method, payment_status = 'VOID', count(*), sum(grand_total_cents), sum(tax_total_cents),
  sum(subtotal_cents), sum(line_discount_cents), sum(invoice_discount_cents), sum(ifnull(tendered_cents, 0)), sum(change_cents)
FROM sales_invoice GROUP BY 1, 2, 3;

INSERT INTO reports_day_till
SELECT i.business_date, i.payment_method, p.method, count(DISTINCT i.id), sum(p.amount_cents)
FROM sales_invoice i JOIN sales_payment p ON p.invoice_id = i.id
WHERE i.payment_status <> 'VOID' AND i.payment_method IN ('MIXED', 'CREDIT')
  AND p.customer_payment_id IS NULL AND p.paid_at = i.created_at AND p.method IN ('CASH', 'NETS', 'PAYNOW')
GROUP BY 1, 2, 3;

INSERT INTO reports_month_product
SELECT substr(i.business_date, 1, 7), ifnull(l.category, ''), l.description, sum(l.qty), sum(l.line_total_cents), sum(l.qty * l.unit_cost_cents)
FROM sales_invoice i JOIN sales_invoice_line l ON l.invoice_id = i.id
WHERE i.payment_status <> 'VOID'
GROUP BY 1, 2, 3;

INSERT INTO reports_later_payment (payment_id, invoice_id, paid_at, method, amount_cents)
SELECT p.id, p.invoice_id, p.paid_at, p.method, p.amount_cents
FROM sales_payment p JOIN sales_invoice i ON i.id = p.invoice_id
WHERE NOT (p.customer_payment_id IS NULL AND p.paid_at = i.created_at AND p.method <> 'CREDIT_NOTE');
