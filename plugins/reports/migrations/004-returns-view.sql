-- Seam (#25): goods returned, as reports reads them (returns_total: the value of the goods brought back in a period,
-- GST included, however it was paid back: credit note, account, or money). Empty until the returns plugin's
-- migration 003 points it at returns_return; IF NOT EXISTS, because returns does not depend on reports and may
-- have migrated first.
CREATE VIEW IF NOT EXISTS reports_return (business_date, refund_cents, tax_cents, status) AS
SELECT '', 0, 0, '' WHERE 0;
