-- Promotions (#28.6): deals the checkout's adjust stage applies by itself (percent off, buy X get Y, a bundle
-- price). Each kind keeps only its own columns (the CHECK below); percents as basis points, money in cents.
-- Dates are shop-local days, inclusive, NULL = open; ended_at is set when the shop ends one early (it then
-- never applies again and cannot be edited). The scope is JSON {brands, categories, style_ids, product_ids},
-- each a list (empty = no limit on that dimension; all empty = every product), read only by this plugin.
CREATE TABLE promotions_promotion (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  kind TEXT NOT NULL CHECK (kind IN ('PERCENT_OFF', 'BUY_X_GET_Y', 'BUNDLE_PRICE')),
  percent_off_bps INTEGER CHECK (percent_off_bps BETWEEN 1 AND 10000),
  buy_qty INTEGER CHECK (buy_qty BETWEEN 1 AND 1000),
  get_qty INTEGER CHECK (get_qty BETWEEN 1 AND 1000),
  get_percent_off_bps INTEGER CHECK (get_percent_off_bps BETWEEN 1 AND 10000),
  bundle_qty INTEGER CHECK (bundle_qty BETWEEN 1 AND 1000),
  bundle_price_cents INTEGER CHECK (bundle_price_cents > 0),
  stackable INTEGER NOT NULL DEFAULT 0 CHECK (stackable IN (0, 1)),
  starts_on TEXT CHECK (starts_on IS NULL OR starts_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  ends_on TEXT CHECK (ends_on IS NULL OR ends_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  scope TEXT NOT NULL DEFAULT '{"brands":[],"categories":[],"style_ids":[],"product_ids":[]}' CHECK (json_valid(scope)),
  ended_at TEXT,
  -- core_user id (no foreign key: a promotion outlives the account that made it).
  created_by INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (starts_on IS NULL OR ends_on IS NULL OR ends_on >= starts_on),
  CHECK (
    (kind = 'PERCENT_OFF' AND percent_off_bps IS NOT NULL
      AND buy_qty IS NULL AND get_qty IS NULL AND get_percent_off_bps IS NULL AND bundle_qty IS NULL AND bundle_price_cents IS NULL)
    OR (kind = 'BUY_X_GET_Y' AND buy_qty IS NOT NULL AND get_qty IS NOT NULL AND get_percent_off_bps IS NOT NULL
      AND percent_off_bps IS NULL AND bundle_qty IS NULL AND bundle_price_cents IS NULL)
    OR (kind = 'BUNDLE_PRICE' AND bundle_qty IS NOT NULL AND bundle_price_cents IS NOT NULL
      AND percent_off_bps IS NULL AND buy_qty IS NULL AND get_qty IS NULL AND get_percent_off_bps IS NULL)
  )
);
-- The adjust stage reads the promotions not ended (every quote and sale): a partial index keeps that small.
-- The running ones on a day (every checkout and quote asks): an open end sorts after every day.
CREATE INDEX promotions_promotion_running ON promotions_promotion (coalesce(ends_on, '9999-12-31')) WHERE ended_at IS NULL;
