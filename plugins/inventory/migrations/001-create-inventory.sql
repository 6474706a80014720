-- Inventory: products (money in cents, tax as basis points), the stock ledger that explains every
-- stock change, full-text indexes for search, and the empty image view the images plugin replaces.
CREATE TABLE inventory_product (
  id INTEGER PRIMARY KEY,
  item_name TEXT NOT NULL COLLATE NOCASE CHECK (length(item_name) BETWEEN 1 AND 200),
  -- NULL when the product has no SKU; unique among live products (see the partial index below).
  sku TEXT COLLATE NOCASE,
  size TEXT COLLATE NOCASE,
  brand TEXT COLLATE NOCASE,
  material TEXT COLLATE NOCASE,
  category TEXT COLLATE NOCASE,
  cost_cents INTEGER NOT NULL DEFAULT 0 CHECK (cost_cents >= 0),
  selling_price_cents INTEGER NOT NULL CHECK (selling_price_cents >= 0),
  stock_qty INTEGER NOT NULL DEFAULT 0 CHECK (stock_qty >= 0),
  -- GST as basis points (900 = 9%); JSON shows the fraction.
  tax_rate_bps INTEGER NOT NULL DEFAULT 900 CHECK (tax_rate_bps BETWEEN 0 AND 10000),
  image_url TEXT,
  -- Set instead of deleting when invoices still point at the product; archived products are hidden from lists.
  archived_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- An archived product gives its SKU back, so a shop can re-create an item it once deleted.
CREATE UNIQUE INDEX inventory_product_sku_live ON inventory_product (sku) WHERE sku IS NOT NULL AND archived_at IS NULL;
CREATE INDEX inventory_product_list ON inventory_product (item_name, id) WHERE archived_at IS NULL;
CREATE INDEX inventory_product_category ON inventory_product (category, item_name, id) WHERE archived_at IS NULL;
CREATE INDEX inventory_product_brand ON inventory_product (brand, item_name, id) WHERE archived_at IS NULL;
CREATE INDEX inventory_product_size ON inventory_product (size, item_name, id) WHERE archived_at IS NULL;
CREATE INDEX inventory_product_material ON inventory_product (material) WHERE archived_at IS NULL;

-- Every change of stock, so stock_qty always equals the sum of its movements.
CREATE TABLE inventory_stock_movement (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  reason TEXT NOT NULL CHECK (reason IN ('INITIAL', 'ADJUSTMENT', 'SALE', 'RETURN', 'VOID')),
  qty_delta INTEGER NOT NULL CHECK (qty_delta <> 0),
  stock_after INTEGER NOT NULL CHECK (stock_after >= 0),
  -- What caused it (e.g. 'invoice' + invoice id, 'return' + return uuid); NULL for manual changes.
  ref_type TEXT,
  ref_id TEXT,
  note TEXT,
  -- core_user id of whoever made the change (no foreign key: the ledger outlives accounts).
  user_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX inventory_stock_movement_product ON inventory_stock_movement (product_id, id);
CREATE INDEX inventory_stock_movement_ref ON inventory_stock_movement (ref_type, ref_id);

-- Search indexes over each LIVE product's text (archived products leave them, so a count needs no table lookups).
-- Contentless: only rowids come back. Trigram: substring match for terms of 3+ characters (names, partial SKUs).
CREATE VIRTUAL TABLE inventory_product_fts USING fts5 (
  text, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
);
-- Words with 1- and 2-character prefix indexes: short terms ("42", "UK", "on") match the start of a word.
CREATE VIRTUAL TABLE inventory_product_words USING fts5 (
  text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2'
);

CREATE TRIGGER inventory_product_search_insert AFTER INSERT ON inventory_product WHEN new.archived_at IS NULL BEGIN
  INSERT INTO inventory_product_fts (rowid, text) VALUES (new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material));
  INSERT INTO inventory_product_words (rowid, text) VALUES (new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material));
END;

CREATE TRIGGER inventory_product_search_delete AFTER DELETE ON inventory_product BEGIN
  DELETE FROM inventory_product_fts WHERE rowid = old.id;
  DELETE FROM inventory_product_words WHERE rowid = old.id;
END;

-- Only text changes and archiving touch the indexes: stock movements (every sale) do not.
CREATE TRIGGER inventory_product_search_update AFTER UPDATE OF item_name, sku, brand, category, size, material, archived_at ON inventory_product BEGIN
  DELETE FROM inventory_product_fts WHERE rowid = old.id;
  DELETE FROM inventory_product_words WHERE rowid = old.id;
  INSERT INTO inventory_product_fts (rowid, text) SELECT new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material) WHERE new.archived_at IS NULL;
  INSERT INTO inventory_product_words (rowid, text) SELECT new.id,
    concat_ws(' ', new.item_name, new.sku, new.brand, new.category, new.size, new.material) WHERE new.archived_at IS NULL;
END;

-- Product images as inventory reads them. Empty here; the images plugin drops and recreates it over its table.
CREATE VIEW inventory_product_image AS
SELECT
  CAST(NULL AS INTEGER) AS product_id,
  CAST(NULL AS INTEGER) AS id,
  CAST(NULL AS TEXT) AS url,
  CAST(NULL AS TEXT) AS thumb_url,
  CAST(NULL AS TEXT) AS alt,
  CAST(NULL AS INTEGER) AS is_primary,
  CAST(NULL AS INTEGER) AS position
WHERE 0;
