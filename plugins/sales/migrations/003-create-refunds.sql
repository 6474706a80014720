-- Money paid back. Voiding an invoice that has payments pays them back by the method they came in, as
-- rows here in the void's own transaction: the payments stay where they were (on the day received, in
-- every report), and the refund is money out on the day of the void, so every day's drawer stays true.
CREATE TABLE sales_refund (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  method TEXT NOT NULL CHECK (method IN ('CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL,
  refunded_at TEXT NOT NULL,
  created_by INTEGER REFERENCES core_user (id)
);
CREATE INDEX sales_refund_invoice ON sales_refund (invoice_id);
CREATE INDEX sales_refund_refunded_at ON sales_refund (refunded_at);

CREATE TRIGGER sales_refund_no_update BEFORE UPDATE ON sales_refund BEGIN
  SELECT RAISE(ABORT, 'sales_refund rows are immutable');
END;

-- Invoices voided before refunds were recorded: their payments were handed back at the void.
INSERT INTO sales_refund (invoice_id, method, amount_cents, reason, refunded_at, created_by)
SELECT i.id, p.method, sum(p.amount_cents), ifnull(i.void_reason, 'Void'), i.voided_at, i.voided_by
FROM sales_invoice i JOIN sales_payment p ON p.invoice_id = i.id
WHERE i.payment_status = 'VOID' AND p.method <> 'CREDIT_NOTE'
GROUP BY i.id, p.method
ORDER BY i.id, p.method;
