-- #25: every money figure (methods, collections, refunds, the drawer) now comes from the ledger's day sums
-- (plugins/ledger), so the reports' own sums of payments go: one source for money, no second count to drift.
-- The invoice and line totals stay (invoice count, GST, discounts, products).
-- IF EXISTS: sales 012 (#29) rebuilt sales_payment, dropping these with it, in a database upgraded past both.
DROP TRIGGER IF EXISTS reports_payment_insert;
DROP TRIGGER IF EXISTS reports_payment_delete;
DROP TABLE reports_day_till;
DROP TABLE reports_later_payment;

-- The invoice update trigger without its till-payment part.
DROP TRIGGER reports_invoice_update;
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
END;
