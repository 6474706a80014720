-- 5-cent cash rounding (#17.2): what a cash sale's amount due was rounded by (signed: -2..+2 cents). The customer
-- owes amount due = grand_total_cents + rounding_cents; grand_total_cents and tax_total_cents stay exact.
ALTER TABLE sales_invoice ADD COLUMN rounding_cents INTEGER NOT NULL DEFAULT 0 CHECK (rounding_cents BETWEEN -2 AND 2);

-- 001's CHECK (paid_cents <= grand_total_cents) cannot change without rebuilding sales_invoice, and a rebuild drops
-- the reports plugin's triggers on it in existing databases. So paid_cents counts the payments toward the exact
-- grand total: the sum of the payments minus the rounding (a rounded-down $10.02 paid with $10.00 is paid 10.02; a
-- rounded-up $10.03 paid with $10.05 is paid 10.03). Then grand_total_cents - paid_cents is what is still owed
-- (amount due - payments), so the balance views of 002 and every outstanding check stay right as they are, and the
-- status is PAID exactly when the payments reach the amount due. The money received is paid_cents + rounding_cents.
DROP TRIGGER sales_payment_after_insert;
CREATE TRIGGER sales_payment_after_insert AFTER INSERT ON sales_payment BEGIN
  UPDATE sales_invoice SET
    paid_cents = (SELECT sum(p.amount_cents) FROM sales_payment p WHERE p.invoice_id = new.invoice_id) - rounding_cents,
    payment_status = CASE
      WHEN payment_status = 'VOID' THEN 'VOID'
      WHEN (SELECT sum(p.amount_cents) FROM sales_payment p WHERE p.invoice_id = new.invoice_id) >= grand_total_cents + rounding_cents THEN 'PAID'
      ELSE 'PARTIAL' END
  WHERE id = new.invoice_id;
END;

DROP TRIGGER sales_payment_after_delete;
CREATE TRIGGER sales_payment_after_delete AFTER DELETE ON sales_payment BEGIN
  UPDATE sales_invoice SET
    paid_cents = ifnull((SELECT sum(p.amount_cents) FROM sales_payment p WHERE p.invoice_id = old.invoice_id) - rounding_cents, 0),
    payment_status = CASE
      WHEN payment_status = 'VOID' THEN 'VOID'
      WHEN ifnull((SELECT sum(p.amount_cents) FROM sales_payment p WHERE p.invoice_id = old.invoice_id), 0) >= grand_total_cents + rounding_cents THEN 'PAID'
      WHEN EXISTS (SELECT 1 FROM sales_payment p WHERE p.invoice_id = old.invoice_id) THEN 'PARTIAL'
      ELSE 'UNPAID' END
  WHERE id = old.invoice_id;
END;

-- The reports' rounding_total reads only the rounded invoices of a period (a covering, partial index).
CREATE INDEX sales_invoice_rounding ON sales_invoice (business_date, payment_method, payment_status, rounding_cents) WHERE rounding_cents <> 0;
