-- The size-curve report (#30): a size's ledger rows in a period, and its stock at a moment (the last row before
-- it), read from this index alone (covering: reason, qty_delta and stock_after are in it).
CREATE INDEX inventory_stock_movement_product_time ON inventory_stock_movement (product_id, created_at, reason, qty_delta, stock_after);
