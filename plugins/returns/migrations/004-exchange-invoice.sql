-- An exchange's returns name the new sale they paid (#26.3): the new invoice's receipt lists the pairs that came
-- back ('Exchanged / returned'), through returns' receiptSections hook. NULL for a plain return.
ALTER TABLE returns_return ADD COLUMN exchange_invoice_id INTEGER REFERENCES sales_invoice (id);
CREATE INDEX returns_return_exchange_invoice ON returns_return (exchange_invoice_id) WHERE exchange_invoice_id IS NOT NULL;
