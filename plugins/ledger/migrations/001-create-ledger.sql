-- The ledger (#25, docs/money.md): every movement of value is one immutable row, signed as the shop sees it
-- (+ received from a customer or put into a drawer, - given back or taken out). Every money figure (a shift's
-- X/Z, end-of-day, the sales report's methods, expected cash) is computed from these rows by figures.ts.
-- invoice_id, credit_note_id and shift_id name rows of other plugins' tables; the ledger sits below them all,
-- so they are plain integers here (their owners write the rows in the same transaction as their own).
CREATE TABLE ledger_entry (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('SALE_PAYMENT', 'ON_ACCOUNT', 'CN_REDEEM', 'ROUNDING', 'CUSTOMER_PAYMENT', 'REFUND',
    'VOID_REFUND', 'CN_ISSUE', 'FLOAT', 'PAY_IN', 'PAY_OUT')),
  method TEXT NOT NULL CHECK (method IN ('CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER', 'CREDIT', 'CREDIT_NOTE')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
  till TEXT,
  shift_id INTEGER,
  -- NULL: a till's drawer (or no drawer for non-cash); 'BACK_OFFICE': cash paid from the back office.
  drawer TEXT CHECK (drawer IS NULL OR drawer = 'BACK_OFFICE'),
  invoice_id INTEGER,
  credit_note_id INTEGER,
  -- 1 for the rows that settle a sale at checkout: they add up to its grand total + rounding.
  at_sale INTEGER NOT NULL DEFAULT 0 CHECK (at_sale IN (0, 1)),
  user_id INTEGER REFERENCES core_user (id),
  at TEXT NOT NULL,
  business_date TEXT NOT NULL CHECK (business_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  reference TEXT,
  -- Signs follow the kind, so a writer cannot book money the wrong way round.
  CHECK (CASE kind
    WHEN 'ROUNDING' THEN 1
    WHEN 'REFUND' THEN amount_cents < 0
    WHEN 'VOID_REFUND' THEN amount_cents < 0
    WHEN 'CN_ISSUE' THEN amount_cents < 0
    WHEN 'PAY_OUT' THEN amount_cents < 0
    ELSE amount_cents > 0 END),
  CHECK (at_sale = 0 OR kind IN ('SALE_PAYMENT', 'ON_ACCOUNT', 'CN_REDEEM', 'ROUNDING'))
);
CREATE INDEX ledger_entry_shift ON ledger_entry (shift_id, method) WHERE shift_id IS NOT NULL;
CREATE INDEX ledger_entry_invoice ON ledger_entry (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX ledger_entry_credit_note ON ledger_entry (credit_note_id) WHERE credit_note_id IS NOT NULL;

-- Immutable, but for one thing: a row with no shift may be given its shift once (the shifts plugin's migration
-- assigns the history written before the ledger existed to the shifts that were open then).
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

-- Invoices voided: their sale rows stay (the money came in that day) but no longer count as that day's sales.
CREATE TABLE ledger_void (
  invoice_id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  business_date TEXT NOT NULL
);

-- Which shift each till has open (kept by the shifts plugin through api.ts), so every writer only names its till.
CREATE TABLE ledger_drawer (
  till TEXT PRIMARY KEY,
  shift_id INTEGER NOT NULL UNIQUE
);

-- Running sums per shop-local day, kept by the triggers below in the writer's own transaction, so a yearly report
-- reads a few thousand rows. voided: at_sale rows of invoices voided since.
CREATE TABLE ledger_day (
  business_date TEXT NOT NULL,
  kind TEXT NOT NULL,
  method TEXT NOT NULL,
  at_sale INTEGER NOT NULL,
  voided INTEGER NOT NULL,
  back_office INTEGER NOT NULL,
  n INTEGER NOT NULL,
  cents INTEGER NOT NULL,
  PRIMARY KEY (business_date, kind, method, at_sale, voided, back_office)
) WITHOUT ROWID;

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
