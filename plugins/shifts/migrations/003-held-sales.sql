-- Held sales (#26.5): a cart parked at a till under a name or number, resumed (and deleted) with one tap.
-- The cart is the till's own JSON (bounded by the route's schema and a 64 KB check here); count and total are kept
-- beside it so the list and the X/Z report never parse it.
CREATE TABLE shifts_held_sale (
  id INTEGER PRIMARY KEY,
  till TEXT NOT NULL,
  label TEXT NOT NULL,
  cart_json TEXT NOT NULL CHECK (length(cart_json) <= 65536),
  item_count INTEGER NOT NULL CHECK (item_count >= 0),
  total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
  created_by INTEGER REFERENCES core_user(id),
  created_at TEXT NOT NULL
);
CREATE INDEX shifts_held_sale_till ON shifts_held_sale (till, id);
