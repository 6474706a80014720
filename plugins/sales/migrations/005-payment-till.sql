-- The till each sale, payment and refund was taken at (the X-Kedai-Till header, e.g. 'Till 1'; NULL when the
-- caller named none), so a till's shift can count the cash that went through its own drawer.
ALTER TABLE sales_invoice ADD COLUMN till TEXT;
ALTER TABLE sales_payment ADD COLUMN till TEXT;
ALTER TABLE sales_customer_payment ADD COLUMN till TEXT;
ALTER TABLE sales_refund ADD COLUMN till TEXT;
-- A shift reads its till's rows by id range (shifts record the newest ids at open and close).
CREATE INDEX sales_invoice_till ON sales_invoice (till, id) WHERE till IS NOT NULL;
CREATE INDEX sales_payment_till ON sales_payment (till, id) WHERE till IS NOT NULL;
CREATE INDEX sales_refund_till ON sales_refund (till, id) WHERE till IS NOT NULL;
