-- How a return was refunded (#17): as a credit note (the default, and every earlier return) or in money at the
-- counter (CASH, NETS, PAYNOW). A money refund issues no credit note: the money paid out is a sales_refund row
-- (refund_id), so end-of-day and the till's shift count it as money out. refund_reference: the NETS or PayNow
-- transaction reference. Every row of one return request shares the method, reference and refund row.
ALTER TABLE returns_return ADD COLUMN refund_method TEXT NOT NULL DEFAULT 'CREDIT_NOTE'
  CHECK (refund_method IN ('CREDIT_NOTE', 'CASH', 'NETS', 'PAYNOW'));
ALTER TABLE returns_return ADD COLUMN refund_reference TEXT;
ALTER TABLE returns_return ADD COLUMN refund_id INTEGER REFERENCES sales_refund (id);
CREATE INDEX returns_return_refund_method ON returns_return (refund_method, business_date);
