-- Discounts with control (#16): who approved a USER's discount above the staff limit, and why it was given.
-- created_by already records who gave it.
ALTER TABLE sales_invoice ADD COLUMN discount_approved_by INTEGER REFERENCES core_user (id);
ALTER TABLE sales_invoice ADD COLUMN discount_reason TEXT;
