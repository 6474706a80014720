-- Two more ledger reasons: goods received on a purchase order (RECEIVED) and variances booked by a stock take
-- (STOCK_TAKE). SQLite cannot alter a CHECK, so the table is rebuilt with the wider list (rows, ids, indexes kept).
CREATE TABLE inventory_stock_movement_new (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  reason TEXT NOT NULL CHECK (reason IN ('INITIAL', 'ADJUSTMENT', 'SALE', 'RETURN', 'VOID', 'RECEIVED', 'STOCK_TAKE')),
  qty_delta INTEGER NOT NULL CHECK (qty_delta <> 0),
  stock_after INTEGER NOT NULL CHECK (stock_after >= 0),
  ref_type TEXT,
  ref_id TEXT,
  note TEXT,
  user_id INTEGER,
  created_at TEXT NOT NULL
);
INSERT INTO inventory_stock_movement_new (id, product_id, reason, qty_delta, stock_after, ref_type, ref_id, note, user_id, created_at)
  SELECT id, product_id, reason, qty_delta, stock_after, ref_type, ref_id, note, user_id, created_at FROM inventory_stock_movement;
DROP TABLE inventory_stock_movement;
ALTER TABLE inventory_stock_movement_new RENAME TO inventory_stock_movement;
CREATE INDEX inventory_stock_movement_product ON inventory_stock_movement (product_id, id);
CREATE INDEX inventory_stock_movement_ref ON inventory_stock_movement (ref_type, ref_id);
