-- Invoice charges (#29): items other plugins sell at the till that are not goods and carry no GST (a gift card),
-- written as invoice-level rows of sales_invoice_adjustment (line_id NULL, positive amount_cents). Their sum is kept
-- on the invoice too, so reports and returns separate them without reading the rows: subtotal_cents includes them
-- (grand = subtotal - invoice discount + tax still holds) while the invoice discount and the GST are on the goods.
ALTER TABLE sales_invoice ADD COLUMN charges_cents INTEGER NOT NULL DEFAULT 0 CHECK (charges_cents >= 0);
