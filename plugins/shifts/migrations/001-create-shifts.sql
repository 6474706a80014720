-- Shifts (till sessions): a till opens with a float, every cash movement at that till belongs to its open
-- shift (sales and refunds through sales' till column, pay-ins and pay-outs here), and it closes with the
-- cash counted by denomination. Money in integer cents.
CREATE TABLE shifts_shift (
  id INTEGER PRIMARY KEY,
  -- The till's name as its browser sends it (X-Kedai-Till), e.g. 'Till 1'.
  till TEXT NOT NULL CHECK (length(till) BETWEEN 1 AND 40),
  status TEXT NOT NULL CHECK (status IN ('OPEN', 'CLOSED')),
  opening_float_cents INTEGER NOT NULL CHECK (opening_float_cents >= 0),
  opened_at TEXT NOT NULL,
  opened_by INTEGER REFERENCES core_user (id),
  -- The newest sales ids when the shift opened: the till's rows above them are this shift's.
  from_invoice_id INTEGER NOT NULL,
  from_payment_id INTEGER NOT NULL,
  from_refund_id INTEGER NOT NULL,
  -- ... and up to these, set at close.
  to_invoice_id INTEGER,
  to_payment_id INTEGER,
  to_refund_id INTEGER,
  closed_at TEXT,
  closed_by INTEGER REFERENCES core_user (id),
  counted_cents INTEGER CHECK (counted_cents >= 0),
  expected_cents INTEGER,
  -- counted - expected: below 0 the drawer is short, above 0 it is over.
  variance_cents INTEGER CHECK (variance_cents = counted_cents - expected_cents),
  notes TEXT,
  CHECK ((status = 'OPEN') = (closed_at IS NULL)),
  CHECK (status = 'OPEN' OR (counted_cents IS NOT NULL AND expected_cents IS NOT NULL AND to_payment_id IS NOT NULL))
);
-- One open shift per till.
CREATE UNIQUE INDEX shifts_shift_open_till ON shifts_shift (till) WHERE status = 'OPEN';
CREATE INDEX shifts_shift_opened ON shifts_shift (opened_at, id);

-- Cash put into or taken out of the drawer during a shift, with the reason.
CREATE TABLE shifts_cash_movement (
  id INTEGER PRIMARY KEY,
  shift_id INTEGER NOT NULL REFERENCES shifts_shift (id),
  kind TEXT NOT NULL CHECK (kind IN ('PAY_IN', 'PAY_OUT')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL CHECK (length(reason) >= 1),
  created_at TEXT NOT NULL,
  created_by INTEGER REFERENCES core_user (id)
);
CREATE INDEX shifts_cash_movement_shift ON shifts_cash_movement (shift_id, id);

-- The close's count: how many of each note and coin (denomination in cents).
CREATE TABLE shifts_count (
  shift_id INTEGER NOT NULL REFERENCES shifts_shift (id),
  denomination_cents INTEGER NOT NULL CHECK (denomination_cents > 0),
  qty INTEGER NOT NULL CHECK (qty >= 0),
  PRIMARY KEY (shift_id, denomination_cents)
);

CREATE TRIGGER shifts_cash_movement_no_update BEFORE UPDATE ON shifts_cash_movement BEGIN
  SELECT RAISE(ABORT, 'shifts_cash_movement rows are immutable');
END;
CREATE TRIGGER shifts_shift_closed_no_update BEFORE UPDATE ON shifts_shift WHEN old.status = 'CLOSED' BEGIN
  SELECT RAISE(ABORT, 'a closed shift is kept as it was counted');
END;
