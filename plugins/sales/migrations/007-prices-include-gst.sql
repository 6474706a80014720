-- GST-inclusive prices (#17.3): how the sale's lines were priced, copied from the setting prices_include_gst at
-- the sale, so every later reading (documents, refunds, reports) knows whether its line prices include GST.
-- The money columns keep 001's meaning in both modes (its CHECK: grand = subtotal - invoice discount + tax), so
-- subtotal_cents - invoice_discount_cents is always the amount before GST: for an inclusive invoice the stored
-- subtotal_cents is the sum of its (GST-inclusive) line totals less the GST inside the total (sales/pricing.ts
-- storedSubtotalCents / linesSubtotalCents). Rebuilding the table to change the CHECK would drop the reports
-- plugin's triggers on it in existing databases.
ALTER TABLE sales_invoice ADD COLUMN prices_include_gst INTEGER NOT NULL DEFAULT 0 CHECK (prices_include_gst IN (0, 1));
