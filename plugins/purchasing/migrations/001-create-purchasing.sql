-- Purchasing: suppliers, purchase orders (PO-<yyyymmdd>-<seq>) and their lines, and every receipt of goods
-- against an order (who, when, how many of what), so one label per unit received can be printed later.
-- Money in integer cents.
CREATE TABLE purchasing_supplier (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 200),
  contact TEXT,
  phone TEXT,
  email TEXT,
  -- Singapore Unique Entity Number of the supplier's business.
  uen TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX purchasing_supplier_name ON purchasing_supplier (name, id);

CREATE TABLE purchasing_order (
  id INTEGER PRIMARY KEY,
  -- PO-<yyyymmdd>-<seq>, seq counted per shop-local business day with no gaps.
  number TEXT NOT NULL UNIQUE,
  business_date TEXT NOT NULL CHECK (business_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  supplier_id INTEGER NOT NULL REFERENCES purchasing_supplier (id),
  status TEXT NOT NULL CHECK (status IN ('OPEN', 'PARTIAL', 'RECEIVED', 'CANCELLED')),
  notes TEXT,
  -- Sum of the lines' qty_ordered x unit_cost_cents.
  total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
  created_by INTEGER REFERENCES core_user (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (business_date, seq)
);
CREATE INDEX purchasing_order_created ON purchasing_order (created_at, id);
CREATE INDEX purchasing_order_status ON purchasing_order (status, created_at);
CREATE INDEX purchasing_order_supplier ON purchasing_order (supplier_id, created_at);

CREATE TABLE purchasing_order_line (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES purchasing_order (id),
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  qty_ordered INTEGER NOT NULL CHECK (qty_ordered >= 1),
  -- Raised by receipts; may pass qty_ordered only when a receipt allowed it (allow_over).
  qty_received INTEGER NOT NULL DEFAULT 0 CHECK (qty_received >= 0),
  unit_cost_cents INTEGER NOT NULL CHECK (unit_cost_cents >= 0),
  UNIQUE (order_id, product_id)
);
CREATE INDEX purchasing_order_line_product ON purchasing_order_line (product_id);

-- One delivery booked against an order (one transaction: these rows, the ledger rows, stock and cost).
CREATE TABLE purchasing_receipt (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES purchasing_order (id),
  received_by INTEGER REFERENCES core_user (id),
  received_at TEXT NOT NULL
);
CREATE INDEX purchasing_receipt_order ON purchasing_receipt (order_id, id);

CREATE TABLE purchasing_receipt_line (
  id INTEGER PRIMARY KEY,
  receipt_id INTEGER NOT NULL REFERENCES purchasing_receipt (id),
  order_line_id INTEGER NOT NULL REFERENCES purchasing_order_line (id),
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  qty INTEGER NOT NULL CHECK (qty >= 1),
  unit_cost_cents INTEGER NOT NULL CHECK (unit_cost_cents >= 0),
  -- The product's cost before and after this line's weighted average (README.md).
  cost_before_cents INTEGER NOT NULL CHECK (cost_before_cents >= 0),
  cost_after_cents INTEGER NOT NULL CHECK (cost_after_cents >= 0)
);
CREATE INDEX purchasing_receipt_line_receipt ON purchasing_receipt_line (receipt_id);
