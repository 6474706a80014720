-- Every time a cash drawer was kicked open (#25): by a cash sale's first receipt (invoice_id, at most once per sale)
-- or on purpose without a sale (POST /api/drawer/open, with a reason). Listed on the shift's X/Z report.
CREATE TABLE ledger_drawer_opening (
  id INTEGER PRIMARY KEY,
  till TEXT,
  shift_id INTEGER,
  invoice_id INTEGER UNIQUE,
  reason TEXT NOT NULL,
  user_id INTEGER REFERENCES core_user (id),
  at TEXT NOT NULL
);
CREATE INDEX ledger_drawer_opening_shift ON ledger_drawer_opening (shift_id) WHERE shift_id IS NOT NULL;
