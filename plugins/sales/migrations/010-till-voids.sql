-- Voids at the till (#26.4): a cashier voids a sale of the current shift with a manager's approval typed in place;
-- the ADMIN who approved it is kept beside the void's reason (voided_by is the cashier). NULL: no approval was
-- needed (an ADMIN voided it, at the till or in the back office).
ALTER TABLE sales_invoice ADD COLUMN void_approved_by INTEGER REFERENCES core_user (id);
-- The till's receipts of its open shift: its sales since the shift opened, newest first.
CREATE INDEX sales_invoice_till_created ON sales_invoice (till, created_at, id) WHERE till IS NOT NULL;
