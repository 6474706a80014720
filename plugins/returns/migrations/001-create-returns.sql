-- Returns: one row per returned invoice line (goods back on the shelf, money back as a credit note).
-- Money in integer cents. Layout: docs/api.md, "Returns and credit notes" (the reports plugin reads this table).
CREATE TABLE returns_return (
  -- A uuid (the screens show its last 8 characters).
  id TEXT PRIMARY KEY CHECK (length(id) = 36),
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  invoice_line_id INTEGER NOT NULL REFERENCES sales_invoice_line (id),
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  -- The quantity sold on the line, and how many of them this return brings back.
  original_qty INTEGER NOT NULL CHECK (original_qty >= 1),
  returned_qty INTEGER NOT NULL CHECK (returned_qty >= 1 AND returned_qty <= original_qty),
  reason TEXT NOT NULL CHECK (reason IN ('Defective', 'Wrong Size', 'Not as Described', 'Customer Changed Mind', 'Damaged in Transit', 'Other')),
  -- The refund including its GST share, and that GST share.
  refund_cents INTEGER NOT NULL CHECK (refund_cents >= 0),
  tax_cents INTEGER NOT NULL CHECK (tax_cents >= 0 AND tax_cents <= refund_cents),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'COMPLETED', 'REJECTED')),
  notes TEXT,
  credit_note_id INTEGER REFERENCES credit_notes_note (id),
  -- Shop-local date of the return (reports group by it).
  business_date TEXT NOT NULL CHECK (business_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_by INTEGER REFERENCES core_user (id),
  created_at TEXT NOT NULL
);
CREATE INDEX returns_return_line ON returns_return (invoice_line_id);
CREATE INDEX returns_return_invoice ON returns_return (invoice_id);
CREATE INDEX returns_return_created ON returns_return (created_at, id);
CREATE INDEX returns_return_status ON returns_return (status, created_at);
CREATE INDEX returns_return_business_date ON returns_return (business_date);
CREATE INDEX returns_return_credit_note ON returns_return (credit_note_id);

-- The last line of defence against over-returning: the returns of a line (rejected ones aside) never add up
-- to more than was sold on it, whichever writer forgot to look.
CREATE TRIGGER returns_return_not_above_sold BEFORE INSERT ON returns_return
WHEN new.status <> 'REJECTED' AND new.returned_qty + (
  SELECT ifnull(sum(returned_qty), 0) FROM returns_return WHERE invoice_line_id = new.invoice_line_id AND status <> 'REJECTED'
) > (SELECT qty FROM sales_invoice_line WHERE id = new.invoice_line_id)
BEGIN
  SELECT RAISE(ABORT, 'returned quantity exceeds the quantity sold');
END;
