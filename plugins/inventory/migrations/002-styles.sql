-- Styles: one model ("Samba OG, black") whose sizes are product rows linked by style_id. The style holds the
-- shared fields; each size's product row keeps its own copy (checkout, returns and reports read products),
-- and PATCH /api/styles/:id writes a change to the style and every size in one transaction.
CREATE TABLE inventory_style (
  id INTEGER PRIMARY KEY,
  item_name TEXT NOT NULL COLLATE NOCASE CHECK (length(item_name) BETWEEN 1 AND 200),
  brand TEXT COLLATE NOCASE,
  category TEXT COLLATE NOCASE,
  material TEXT COLLATE NOCASE,
  colour TEXT COLLATE NOCASE,
  cost_cents INTEGER NOT NULL DEFAULT 0 CHECK (cost_cents >= 0),
  selling_price_cents INTEGER NOT NULL CHECK (selling_price_cents >= 0),
  tax_rate_bps INTEGER NOT NULL DEFAULT 900 CHECK (tax_rate_bps BETWEEN 0 AND 10000),
  -- Default reorder point of every size (a size's own reorder_point overrides it); NULL = none.
  reorder_point INTEGER CHECK (reorder_point IS NULL OR reorder_point >= 0),
  -- Stem of the sizes' default SKUs (<sku_prefix>-<size>); NULL for a style made from a single product.
  sku_prefix TEXT COLLATE NOCASE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX inventory_style_list ON inventory_style (item_name, id);

ALTER TABLE inventory_product ADD COLUMN style_id INTEGER REFERENCES inventory_style (id);
ALTER TABLE inventory_product ADD COLUMN colour TEXT COLLATE NOCASE;
-- EAN-13 / UPC / Code128 text as the scanner reads it; unique among live products when present.
ALTER TABLE inventory_product ADD COLUMN barcode TEXT COLLATE NOCASE;
-- NULL = the style's reorder_point.
ALTER TABLE inventory_product ADD COLUMN reorder_point INTEGER CHECK (reorder_point IS NULL OR reorder_point >= 0);

CREATE UNIQUE INDEX inventory_product_barcode_live ON inventory_product (barcode) WHERE barcode IS NOT NULL AND archived_at IS NULL;
CREATE INDEX inventory_product_style ON inventory_product (style_id, id);

-- Every existing product becomes a style of one (same id: the style table is empty here).
INSERT INTO inventory_style (id, item_name, brand, category, material, colour, cost_cents, selling_price_cents, tax_rate_bps, reorder_point, sku_prefix, created_at, updated_at)
SELECT id, item_name, brand, category, material, NULL, cost_cents, selling_price_cents, tax_rate_bps, NULL, NULL, created_at, updated_at
FROM inventory_product;
UPDATE inventory_product SET style_id = id;

-- Search text now includes colour and barcode (a scanned barcode typed into a search box finds its product).
DROP TRIGGER inventory_product_search_insert;
DROP TRIGGER inventory_product_search_update;

CREATE TRIGGER inventory_product_search_insert AFTER INSERT ON inventory_product WHEN new.archived_at IS NULL BEGIN
  INSERT INTO inventory_product_fts (rowid, text) VALUES (new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material, new.colour, new.barcode));
  INSERT INTO inventory_product_words (rowid, text) VALUES (new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material, new.colour, new.barcode));
END;

CREATE TRIGGER inventory_product_search_update AFTER UPDATE OF item_name, sku, brand, category, size, material, colour, barcode, archived_at ON inventory_product BEGIN
  DELETE FROM inventory_product_fts WHERE rowid = old.id;
  DELETE FROM inventory_product_words WHERE rowid = old.id;
  INSERT INTO inventory_product_fts (rowid, text) SELECT new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material, new.colour, new.barcode) WHERE new.archived_at IS NULL;
  INSERT INTO inventory_product_words (rowid, text) SELECT new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material, new.colour, new.barcode) WHERE new.archived_at IS NULL;
END;
