-- #26.3/#26.4 returns at the till. approved_by: the manager (ADMIN) who approved a return the refund policy holds
-- back (older than the Settings refund window, or without the receipt); null when none was needed. without_receipt:
-- the cashier found the sale by searching (no receipt shown). batch_id: the rows of one return request share the id
-- of its first row, so its refund slip (GET /api/returns/:id/slip) lists them together; older rows are grouped by
-- their invoice and time (one request wrote them in one go at one instant). drawer_opened_at: a cash refund's slip
-- opens the drawer once, on its first print.
ALTER TABLE returns_return ADD COLUMN approved_by INTEGER REFERENCES core_user (id);
ALTER TABLE returns_return ADD COLUMN without_receipt INTEGER NOT NULL DEFAULT 0 CHECK (without_receipt IN (0, 1));
ALTER TABLE returns_return ADD COLUMN batch_id TEXT;
ALTER TABLE returns_return ADD COLUMN drawer_opened_at TEXT;
UPDATE returns_return SET batch_id = (
  SELECT min(r2.id) FROM returns_return r2 WHERE r2.invoice_id = returns_return.invoice_id AND r2.created_at = returns_return.created_at
);
CREATE INDEX returns_return_batch ON returns_return (batch_id);
