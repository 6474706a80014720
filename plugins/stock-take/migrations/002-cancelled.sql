-- A take can be cancelled (counted by mistake, or abandoned): status CANCELLED books nothing. SQLite cannot
-- alter a CHECK, so the table is rebuilt with the wider list, rows and ids kept. stock_take_line points at it:
-- core/migrate.ts runs migrations with foreign keys off and checks them all before committing.
CREATE TABLE stock_take_new (
  id INTEGER PRIMARY KEY,
  status TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'POSTED', 'CANCELLED')),
  scope_category TEXT COLLATE NOCASE,
  scope_brand TEXT COLLATE NOCASE,
  scope_style_id INTEGER,
  note TEXT,
  created_by INTEGER,
  created_at TEXT NOT NULL,
  posted_by INTEGER,
  posted_at TEXT,
  cancelled_by INTEGER,
  cancelled_at TEXT
);
INSERT INTO stock_take_new (id, status, scope_category, scope_brand, scope_style_id, note, created_by, created_at, posted_by, posted_at)
  SELECT id, status, scope_category, scope_brand, scope_style_id, note, created_by, created_at, posted_by, posted_at FROM stock_take;
DROP TABLE stock_take;
ALTER TABLE stock_take_new RENAME TO stock_take;
CREATE INDEX stock_take_list ON stock_take (id DESC);
