-- Replaces the customers plugin's empty seam views with ones over sales_invoice.
-- Only open (UNPAID/PARTIAL) invoices can owe anything; VOID invoices never count.
DROP VIEW IF EXISTS customers_balance;
CREATE VIEW customers_balance AS
SELECT
  customer_id,
  SUM(grand_total_cents - paid_cents) AS outstanding_cents,
  MAX(CASE WHEN overdue_from IS NOT NULL AND overdue_from <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') THEN 1 ELSE 0 END) AS overdue
FROM sales_invoice
WHERE payment_status IN ('UNPAID', 'PARTIAL') AND customer_id IS NOT NULL
GROUP BY customer_id;

DROP VIEW IF EXISTS customers_open_invoice;
CREATE VIEW customers_open_invoice AS
SELECT
  customer_id,
  id AS invoice_id,
  number,
  created_at AS date,
  due_date,
  grand_total_cents,
  grand_total_cents - paid_cents AS outstanding_cents
FROM sales_invoice
WHERE payment_status IN ('UNPAID', 'PARTIAL') AND customer_id IS NOT NULL;
