-- Credit notes: money the shop owes a customer against one invoice (from a return, or issued by hand),
-- the lines it credits (GST shown separately, as a Singapore credit note must), and where it was spent.
-- Money in integer cents. Layout: docs/api.md, "Returns and credit notes" (the reports plugin reads these tables).
CREATE TABLE credit_notes_note (
  id INTEGER PRIMARY KEY,
  -- CN-<yyyymmdd>-<seq>, seq counted per shop-local business day with no gaps.
  number TEXT NOT NULL UNIQUE,
  business_date TEXT NOT NULL CHECK (business_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  -- The invoice's customer (NULL for a walk-in sale).
  customer_id INTEGER REFERENCES customers_customer (id),
  source TEXT NOT NULL CHECK (source IN ('RETURN', 'MANUAL')),
  reason TEXT NOT NULL,
  notes TEXT,
  -- Excluding GST, the GST credited, and their sum (the total credited).
  subtotal_cents INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  tax_cents INTEGER NOT NULL CHECK (tax_cents >= 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents = subtotal_cents + tax_cents),
  -- Raised only by applications, never above the amount (the apply UPDATE relies on this too).
  applied_cents INTEGER NOT NULL DEFAULT 0 CHECK (applied_cents >= 0 AND applied_cents <= amount_cents),
  status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'USED', 'EXPIRED', 'VOID')),
  created_by INTEGER REFERENCES core_user (id),
  created_at TEXT NOT NULL,
  UNIQUE (business_date, seq)
);
CREATE INDEX credit_notes_note_invoice ON credit_notes_note (invoice_id);
CREATE INDEX credit_notes_note_created ON credit_notes_note (created_at, id);
CREATE INDEX credit_notes_note_status ON credit_notes_note (status, created_at);
CREATE INDEX credit_notes_note_business_date ON credit_notes_note (business_date);
CREATE INDEX credit_notes_note_customer ON credit_notes_note (customer_id) WHERE customer_id IS NOT NULL;

-- What a note credits: one row per returned invoice line (RETURN) or one row for a manual note.
CREATE TABLE credit_notes_line (
  id INTEGER PRIMARY KEY,
  note_id INTEGER NOT NULL REFERENCES credit_notes_note (id),
  invoice_line_id INTEGER REFERENCES sales_invoice_line (id),
  product_id INTEGER REFERENCES inventory_product (id),
  description TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (qty >= 1),
  -- Excluding GST, and the GST on it.
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  tax_cents INTEGER NOT NULL CHECK (tax_cents >= 0)
);
CREATE INDEX credit_notes_line_note ON credit_notes_line (note_id, id);

-- A note spent on an invoice: the money itself is the sales_payment row (method CREDIT_NOTE), whose
-- trigger moves the invoice to PARTIAL/PAID; this row says which note paid it.
CREATE TABLE credit_notes_application (
  id INTEGER PRIMARY KEY,
  note_id INTEGER NOT NULL REFERENCES credit_notes_note (id),
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  payment_id INTEGER NOT NULL UNIQUE REFERENCES sales_payment (id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  notes TEXT,
  applied_at TEXT NOT NULL,
  created_by INTEGER REFERENCES core_user (id)
);
CREATE INDEX credit_notes_application_note ON credit_notes_application (note_id, id);
CREATE INDEX credit_notes_application_invoice ON credit_notes_application (invoice_id);
CREATE INDEX credit_notes_application_applied ON credit_notes_application (applied_at);
