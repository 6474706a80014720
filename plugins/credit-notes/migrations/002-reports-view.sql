-- The reports plugin reads credit notes through this view (its own migration creates it empty with
-- IF NOT EXISTS, since either plugin may migrate first); here it is pointed at the real table.
DROP VIEW IF EXISTS reports_credit_note;
CREATE VIEW reports_credit_note (business_date, amount_cents, tax_cents, status, number, source) AS
SELECT business_date, amount_cents, tax_cents, status, number, source FROM credit_notes_note;
