-- Generated EAN-13 barcodes (#30.3): the next item reference per prefix (the shop's GS1 company prefix, or '20'
-- for the in-store range), taken and moved on inside the write transaction that stores the codes, so two
-- 'Generate barcodes' at once never hand out the same number. Codes already on a product (any, archived too) are
-- skipped; inventory_product_barcode_live (002) keeps live barcodes unique.
CREATE TABLE inventory_barcode_counter (
  prefix TEXT PRIMARY KEY,
  next_ref INTEGER NOT NULL CHECK (next_ref >= 0)
) STRICT;

-- Any product holding a code (archived ones too): the allocator's "is it taken" check without a full scan.
CREATE INDEX inventory_product_barcode_any ON inventory_product (barcode) WHERE barcode IS NOT NULL;
