-- Invoice adjustments (#28.2): what other plugins change on a sale before GST (a promotion's discount), one row
-- per line each adjustment touches, so a return of any unit finds its share. Receipts, invoices, returns and
-- reports render the rows by their label and amount without knowing which plugin made them. A row's amount is
-- already inside its line's discount_cents (the line's CHECK keeps line_total = qty x price - discount), so the
-- invoice's money columns need nothing new; `source` is the plugin, `ref_id` its own id (a promotion's).
CREATE TABLE sales_invoice_adjustment (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  line_id INTEGER REFERENCES sales_invoice_line (id),
  source TEXT NOT NULL CHECK (length(source) BETWEEN 1 AND 60),
  code TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 60),
  label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 120),
  ref_id INTEGER,
  -- The units of the line that formed the deal (0 when the adjustment is not counted in units).
  units INTEGER NOT NULL DEFAULT 0 CHECK (units >= 0),
  -- Signed cents; negative lowers the sale. Only lowering rows are written for now (the line's discount carries them).
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0)
);
CREATE INDEX sales_invoice_adjustment_invoice ON sales_invoice_adjustment (invoice_id);
CREATE INDEX sales_invoice_adjustment_source ON sales_invoice_adjustment (source, ref_id);
-- A line's rows (its adjustment_cents), and the foreign key's own look-up.
CREATE INDEX sales_invoice_adjustment_line ON sales_invoice_adjustment (line_id) WHERE line_id IS NOT NULL;
