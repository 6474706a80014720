-- Customers with credit. Balances are never stored: they are derived from invoices through the views below.
CREATE TABLE customers_customer (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(trim(name)) > 0),
  phone TEXT,
  email TEXT,
  company TEXT,
  uen TEXT,
  billing_address TEXT,
  credit_limit_cents INTEGER NOT NULL DEFAULT 0 CHECK (credit_limit_cents >= 0),
  credit_terms_days INTEGER NOT NULL DEFAULT 0 CHECK (credit_terms_days BETWEEN 0 AND 365),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX customers_customer_name ON customers_customer (name COLLATE NOCASE, id);

-- Seam: empty until the sales plugin DROPs and recreates it over its invoices
-- (outstanding of non-VOID invoices; overdue = 1 when any unpaid invoice is past due).
CREATE VIEW customers_balance AS
  SELECT CAST(NULL AS INTEGER) AS customer_id, CAST(0 AS INTEGER) AS outstanding_cents, CAST(0 AS INTEGER) AS overdue
  WHERE 0;

-- Seam: the customer's unpaid invoices, empty until the sales plugin replaces it.
CREATE VIEW customers_open_invoice AS
  SELECT CAST(NULL AS INTEGER) AS customer_id, CAST(NULL AS INTEGER) AS invoice_id, CAST(NULL AS TEXT) AS number,
         CAST(NULL AS TEXT) AS date, CAST(NULL AS TEXT) AS due_date,
         CAST(0 AS INTEGER) AS grand_total_cents, CAST(0 AS INTEGER) AS outstanding_cents
  WHERE 0;
