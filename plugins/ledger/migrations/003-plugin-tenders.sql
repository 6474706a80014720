-- Plugin tenders (#29): a row's method is any upper-case code (a plugin's tender: GIFT_CARD, LOYALTY_POINTS), and
-- two kinds for them: TENDER_REDEEM (+, the value a plugin tender paid, at the sale or later: like CN_REDEEM, not
-- money, never in a drawer) and TENDER_REFUND (-, value put back on the tender when goods it paid come back: like
-- CN_ISSUE). CREDIT_NOTE keeps CN_REDEEM / CN_ISSUE. The table is rebuilt to change its CHECKs (see sales 012):
-- every row and id kept; DROP TABLE drops the immutability triggers before its rows, so none fires; the triggers
-- and indexes are made again as 001 made them. ledger_void_day (on ledger_void) reads ledger_entry: it is dropped
-- and made again around the RENAME so nothing names a missing table.
PRAGMA defer_foreign_keys = ON;
DROP TRIGGER ledger_void_day;
CREATE TABLE ledger_entry_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('SALE_PAYMENT', 'ON_ACCOUNT', 'CN_REDEEM', 'ROUNDING', 'CUSTOMER_PAYMENT', 'REFUND',
    'VOID_REFUND', 'CN_ISSUE', 'FLOAT', 'PAY_IN', 'PAY_OUT', 'TENDER_REDEEM', 'TENDER_REFUND')),
  method TEXT NOT NULL CHECK (length(method) BETWEEN 2 AND 40 AND method GLOB '[A-Z]*' AND NOT method GLOB '*[^A-Z0-9_]*'),
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
  till TEXT,
  shift_id INTEGER,
  drawer TEXT CHECK (drawer IS NULL OR drawer = 'BACK_OFFICE'),
  invoice_id INTEGER,
  credit_note_id INTEGER,
  at_sale INTEGER NOT NULL DEFAULT 0 CHECK (at_sale IN (0, 1)),
  user_id INTEGER REFERENCES core_user (id),
  at TEXT NOT NULL,
  business_date TEXT NOT NULL CHECK (business_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  reference TEXT,
  CHECK (CASE kind
    WHEN 'ROUNDING' THEN 1
    WHEN 'REFUND' THEN amount_cents < 0
    WHEN 'VOID_REFUND' THEN amount_cents < 0
    WHEN 'CN_ISSUE' THEN amount_cents < 0
    WHEN 'TENDER_REFUND' THEN amount_cents < 0
    WHEN 'PAY_OUT' THEN amount_cents < 0
    ELSE amount_cents > 0 END),
  -- The core methods keep their kinds; a plugin's tender only redeems or is refunded.
  CHECK (method IN ('CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER', 'CREDIT', 'CREDIT_NOTE') OR kind IN ('TENDER_REDEEM', 'TENDER_REFUND')),
  CHECK (at_sale = 0 OR kind IN ('SALE_PAYMENT', 'ON_ACCOUNT', 'CN_REDEEM', 'ROUNDING', 'TENDER_REDEEM'))
);
INSERT INTO ledger_entry_new SELECT id, kind, method, amount_cents, till, shift_id, drawer, invoice_id, credit_note_id, at_sale, user_id, at,
  business_date, reference FROM ledger_entry ORDER BY id;
DROP TABLE ledger_entry;
ALTER TABLE ledger_entry_new RENAME TO ledger_entry;

CREATE INDEX ledger_entry_shift ON ledger_entry (shift_id, method) WHERE shift_id IS NOT NULL;
CREATE INDEX ledger_entry_invoice ON ledger_entry (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX ledger_entry_credit_note ON ledger_entry (credit_note_id) WHERE credit_note_id IS NOT NULL;

CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE OF id, kind, method, amount_cents, till, drawer, invoice_id, credit_note_id,
  at_sale, user_id, at, business_date, reference ON ledger_entry BEGIN
  SELECT RAISE(ABORT, 'ledger rows are immutable');
END;
CREATE TRIGGER ledger_entry_shift_once BEFORE UPDATE OF shift_id ON ledger_entry WHEN old.shift_id IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'ledger rows are immutable');
END;
CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry BEGIN
  SELECT RAISE(ABORT, 'ledger rows are immutable');
END;

CREATE TRIGGER ledger_entry_day AFTER INSERT ON ledger_entry BEGIN
  INSERT INTO ledger_day VALUES (new.business_date, new.kind, new.method, new.at_sale,
    new.at_sale = 1 AND EXISTS (SELECT 1 FROM ledger_void v WHERE v.invoice_id = new.invoice_id), new.drawer IS NOT NULL, 1, new.amount_cents)
  ON CONFLICT (business_date, kind, method, at_sale, voided, back_office) DO UPDATE SET n = n + 1, cents = cents + excluded.cents;
END;

CREATE TRIGGER ledger_void_day AFTER INSERT ON ledger_void BEGIN
  UPDATE ledger_day SET n = ledger_day.n - s.n, cents = ledger_day.cents - s.cents
  FROM (SELECT business_date, kind, method, drawer IS NOT NULL AS back_office, count(*) AS n, sum(amount_cents) AS cents
    FROM ledger_entry WHERE invoice_id = new.invoice_id AND at_sale = 1 GROUP BY 1, 2, 3, 4) AS s
  WHERE ledger_day.business_date = s.business_date AND ledger_day.kind = s.kind AND ledger_day.method = s.method
    AND ledger_day.at_sale = 1 AND ledger_day.voided = 0 AND ledger_day.back_office = s.back_office;
  INSERT INTO ledger_day (business_date, kind, method, at_sale, voided, back_office, n, cents)
  SELECT business_date, kind, method, 1, 1, drawer IS NOT NULL, count(*), sum(amount_cents)
  FROM ledger_entry WHERE invoice_id = new.invoice_id AND at_sale = 1 GROUP BY 1, 2, 3, 6
  ON CONFLICT (business_date, kind, method, at_sale, voided, back_office) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
