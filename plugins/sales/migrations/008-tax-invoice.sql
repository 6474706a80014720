-- #17.7 tax invoices (IRAS): a sale above S$1,000 incl. GST, or any sale whose buyer asks, gets a full tax invoice
-- naming the buyer (name, address and UEN); otherwise the receipt is a simplified tax invoice.
-- customer_uen is a snapshot taken at the sale, like customer_billing_address.
ALTER TABLE sales_invoice ADD COLUMN customer_uen TEXT;
ALTER TABLE sales_invoice ADD COLUMN full_tax_invoice INTEGER NOT NULL DEFAULT 0 CHECK (full_tax_invoice IN (0, 1));
-- Earlier sales to registered customers: their UEN as it stands now (no snapshot was taken then); and a sale above
-- $1,000 billed to an address already was a full tax invoice in all but name.
UPDATE sales_invoice SET customer_uen = (SELECT c.uen FROM customers_customer c WHERE c.id = sales_invoice.customer_id)
  WHERE customer_id IS NOT NULL;
UPDATE sales_invoice SET full_tax_invoice = 1 WHERE grand_total_cents > 100000 AND customer_billing_address IS NOT NULL;
