-- Stock takes: a count of one part of the shop (a category, a brand, a style, or everything), one line per
-- counted product. expected_qty is the product's stock at the moment it was last counted, so sales made while
-- the count is open do not show up as variance; posting books counted - expected through the stock ledger.
CREATE TABLE stock_take (
  id INTEGER PRIMARY KEY,
  status TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'POSTED')),
  -- The scope: every set field must match (NULL = any). All NULL = the whole shop.
  scope_category TEXT COLLATE NOCASE,
  scope_brand TEXT COLLATE NOCASE,
  scope_style_id INTEGER,
  note TEXT,
  created_by INTEGER,
  created_at TEXT NOT NULL,
  posted_by INTEGER,
  posted_at TEXT
);
CREATE INDEX stock_take_list ON stock_take (id DESC);

CREATE TABLE stock_take_line (
  stock_take_id INTEGER NOT NULL REFERENCES stock_take (id),
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  expected_qty INTEGER NOT NULL CHECK (expected_qty >= 0),
  counted_qty INTEGER NOT NULL CHECK (counted_qty >= 0),
  -- The product's cost when counted, so the variance value does not move with later cost changes.
  unit_cost_cents INTEGER NOT NULL CHECK (unit_cost_cents >= 0),
  counted_by INTEGER,
  counted_at TEXT NOT NULL,
  PRIMARY KEY (stock_take_id, product_id)
) WITHOUT ROWID;
CREATE INDEX stock_take_line_product ON stock_take_line (product_id);
