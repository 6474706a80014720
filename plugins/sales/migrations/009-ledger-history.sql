-- The ledger (#25) starts with the history: every sale's settlement, later payment, refund and void written before
-- it existed becomes its rows, so every report and drawer reads one source from the first day. Rows of later
-- payments and refunds are dated in Singapore time (the shop's zone; SQL here knows no other).
-- Sale payments (money), per invoice and method; CASH is the exact part (its rounding is its own row).
INSERT INTO ledger_entry (kind, method, amount_cents, till, invoice_id, at_sale, user_id, at, business_date, reference)
SELECT 'SALE_PAYMENT', p.method, sum(p.amount_cents) - CASE WHEN p.method = 'CASH' THEN i.rounding_cents ELSE 0 END,
  i.till, i.id, 1, i.created_by, i.created_at, i.business_date, i.number
FROM sales_invoice i JOIN sales_payment p ON p.invoice_id = i.id
WHERE p.customer_payment_id IS NULL AND p.paid_at = i.created_at AND p.method <> 'CREDIT_NOTE'
GROUP BY i.id, p.method
HAVING sum(p.amount_cents) - CASE WHEN p.method = 'CASH' THEN i.rounding_cents ELSE 0 END <> 0
ORDER BY i.id, p.method;

INSERT INTO ledger_entry (kind, method, amount_cents, till, invoice_id, at_sale, user_id, at, business_date, reference)
SELECT 'ROUNDING', 'CASH', rounding_cents, till, id, 1, created_by, created_at, business_date, number
FROM sales_invoice WHERE rounding_cents <> 0 ORDER BY id;

-- Credit notes tendered at the sale.
INSERT INTO ledger_entry (kind, method, amount_cents, till, invoice_id, at_sale, user_id, at, business_date, reference)
SELECT 'CN_REDEEM', 'CREDIT_NOTE', p.amount_cents, i.till, i.id, 1, p.created_by, p.paid_at, i.business_date, p.reference
FROM sales_invoice i JOIN sales_payment p ON p.invoice_id = i.id
WHERE p.customer_payment_id IS NULL AND p.paid_at = i.created_at AND p.method = 'CREDIT_NOTE'
ORDER BY p.id;

-- What each sale left on the customer's account.
INSERT INTO ledger_entry (kind, method, amount_cents, till, invoice_id, at_sale, user_id, at, business_date, reference)
SELECT 'ON_ACCOUNT', 'CREDIT', owed, till, id, 1, created_by, created_at, business_date, number FROM (
  SELECT i.*, i.grand_total_cents + i.rounding_cents - ifnull((SELECT sum(p.amount_cents) FROM sales_payment p
    WHERE p.invoice_id = i.id AND p.customer_payment_id IS NULL AND p.paid_at = i.created_at), 0) AS owed
  FROM sales_invoice i WHERE i.customer_id IS NOT NULL)
WHERE owed > 0 ORDER BY id;

-- Later payments: money, and credit notes applied.
INSERT INTO ledger_entry (kind, method, amount_cents, till, invoice_id, at_sale, user_id, at, business_date, reference)
SELECT CASE WHEN p.method = 'CREDIT_NOTE' THEN 'CN_REDEEM' ELSE 'CUSTOMER_PAYMENT' END, p.method, p.amount_cents, p.till, p.invoice_id, 0,
  p.created_by, p.paid_at, date(p.paid_at, '+8 hours'), ifnull(p.reference, i.number)
FROM sales_payment p JOIN sales_invoice i ON i.id = p.invoice_id
WHERE NOT (p.customer_payment_id IS NULL AND p.paid_at = i.created_at)
ORDER BY p.id;

-- Money paid back: at a void (the refund at the void's instant), or for a return.
INSERT INTO ledger_entry (kind, method, amount_cents, till, invoice_id, at_sale, user_id, at, business_date, reference)
SELECT CASE WHEN i.payment_status = 'VOID' AND r.refunded_at = i.voided_at THEN 'VOID_REFUND' ELSE 'REFUND' END, r.method, -r.amount_cents,
  r.till, r.invoice_id, 0, r.created_by, r.refunded_at, date(r.refunded_at, '+8 hours'), r.reason
FROM sales_refund r JOIN sales_invoice i ON i.id = r.invoice_id
ORDER BY r.id;

-- A void also took off the account what was still owed; and the voided sales no longer count as sales.
INSERT INTO ledger_entry (kind, method, amount_cents, till, invoice_id, at_sale, user_id, at, business_date, reference)
SELECT 'VOID_REFUND', 'CREDIT', -(grand_total_cents - paid_cents), till, id, 0, voided_by, voided_at, date(voided_at, '+8 hours'), number || ' void'
FROM sales_invoice WHERE payment_status = 'VOID' AND grand_total_cents - paid_cents > 0 ORDER BY id;

INSERT INTO ledger_void (invoice_id, at, business_date)
SELECT id, voided_at, date(voided_at, '+8 hours') FROM sales_invoice WHERE payment_status = 'VOID';
