-- Plugin tenders (#29): a payment's method is any method a plugin declares in its manifest `tenders` (GIFT_CARD,
-- LOYALTY_POINTS), not 001's fixed list. The CHECK names the rule (an upper-case code; CREDIT and MIXED are
-- invoice methods, never a payment's), so a later plugin needs no migration; checkout refuses a method no plugin
-- of the app declares. SQLite cannot alter a CHECK, so the table is rebuilt (SQLite's generalized ALTER TABLE):
-- core/migrate.ts runs this with foreign keys off and checks them all before the COMMIT (credit_notes_application
-- points at sales_payment(id): every id is kept). DROP TABLE drops the table's triggers before its rows, so no
-- trigger fires on the copy; legacy_alter_table keeps the RENAME from re-checking triggers and views of other
-- plugins that name sales_payment (it is gone for that moment); nothing names sales_payment_new.
PRAGMA defer_foreign_keys = ON;
PRAGMA legacy_alter_table = ON;
CREATE TABLE sales_payment_new (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  method TEXT NOT NULL CHECK (length(method) BETWEEN 2 AND 40 AND method GLOB '[A-Z]*' AND NOT method GLOB '*[^A-Z0-9_]*'
    AND method NOT IN ('CREDIT', 'MIXED')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reference TEXT,
  paid_at TEXT NOT NULL,
  created_by INTEGER REFERENCES core_user (id),
  customer_payment_id INTEGER REFERENCES sales_customer_payment (id),
  till TEXT
);
INSERT INTO sales_payment_new (id, invoice_id, method, amount_cents, reference, paid_at, created_by, customer_payment_id, till)
SELECT id, invoice_id, method, amount_cents, reference, paid_at, created_by, customer_payment_id, till FROM sales_payment ORDER BY id;
DROP TABLE sales_payment;
ALTER TABLE sales_payment_new RENAME TO sales_payment;
PRAGMA legacy_alter_table = OFF;

CREATE INDEX sales_payment_invoice ON sales_payment (invoice_id, id);
CREATE INDEX sales_payment_paid_at ON sales_payment (paid_at);
CREATE INDEX sales_payment_customer_payment ON sales_payment (customer_payment_id) WHERE customer_payment_id IS NOT NULL;
CREATE INDEX sales_payment_till ON sales_payment (till, id) WHERE till IS NOT NULL;

-- 001's immutability and 006's paid_cents / status triggers, as they were.
CREATE TRIGGER sales_payment_no_update BEFORE UPDATE ON sales_payment BEGIN
  SELECT RAISE(ABORT, 'sales_payment rows are immutable');
END;

CREATE TRIGGER sales_payment_after_insert AFTER INSERT ON sales_payment BEGIN
  UPDATE sales_invoice SET
    paid_cents = (SELECT sum(p.amount_cents) FROM sales_payment p WHERE p.invoice_id = new.invoice_id) - rounding_cents,
    payment_status = CASE
      WHEN payment_status = 'VOID' THEN 'VOID'
      WHEN (SELECT sum(p.amount_cents) FROM sales_payment p WHERE p.invoice_id = new.invoice_id) >= grand_total_cents + rounding_cents THEN 'PAID'
      ELSE 'PARTIAL' END
  WHERE id = new.invoice_id;
END;

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
