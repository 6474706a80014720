-- The reports plugin reads returns through this view (its migration 004 creates it empty with IF NOT EXISTS,
-- since either plugin may migrate first); here it is pointed at the real table.
DROP VIEW IF EXISTS reports_return;
CREATE VIEW reports_return (business_date, refund_cents, tax_cents, status) AS
SELECT business_date, refund_cents, tax_cents, status FROM returns_return;
