-- The foreign key to sales_invoice_line gets its index (#27): without it SQLite's key check for a sales line
-- (an invoice line written, voided or removed) would read every credit-note line.
CREATE INDEX credit_notes_line_invoice_line ON credit_notes_line (invoice_line_id) WHERE invoice_line_id IS NOT NULL;
