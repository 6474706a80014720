-- #30: orders that can be changed until goods arrive, with every change kept; a default supplier per style.
-- When the supplier is expected to deliver (shop-local date), set on create or by an edit.
ALTER TABLE purchasing_order ADD COLUMN expected_on TEXT CHECK (expected_on IS NULL OR expected_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');

-- One row per saved edit of an order: who, when, and what changed (a JSON array of
-- {field, product_id, item, from, to}, old -> new per line or field; see order-changes.ts).
CREATE TABLE purchasing_order_history (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES purchasing_order (id),
  changed_by INTEGER REFERENCES core_user (id),
  changed_at TEXT NOT NULL,
  changes TEXT NOT NULL CHECK (json_valid(changes) AND json_type(changes) = 'array')
);
CREATE INDEX purchasing_order_history_order ON purchasing_order_history (order_id, id);

-- The supplier a style is normally bought from (low stock groups its sizes under it). Kept here, not in
-- inventory: inventory knows nothing of purchasing.
CREATE TABLE purchasing_style_supplier (
  style_id INTEGER PRIMARY KEY REFERENCES inventory_style (id),
  supplier_id INTEGER NOT NULL REFERENCES purchasing_supplier (id),
  updated_at TEXT NOT NULL
);
CREATE INDEX purchasing_style_supplier_supplier ON purchasing_style_supplier (supplier_id);
