-- Customer displays (#26.7). A display paired to a till holds a random token; only its SHA-256 is kept here, so
-- a copy of the database (a backup) opens no display. One display per till: pairing a new one replaces the old,
-- whose token stops working at once. Kept across restarts: a display reconnects by itself with the same token.
CREATE TABLE display_pairing (
  id INTEGER PRIMARY KEY,
  -- The till's name as its browser sends it (X-Kedai-Till).
  till TEXT NOT NULL UNIQUE CHECK (length(till) BETWEEN 1 AND 40),
  token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  paired_at TEXT NOT NULL,
  paired_by INTEGER REFERENCES core_user (id)
);

-- What each paired till last showed its customer: the till's own PUT /api/display/state body (the cart as checkout
-- would take it, the payment being taken, the sale just made), priced again when read. A display reconnecting
-- after the server restarted shows the till's current state at once, not a welcome over a half-rung sale.
CREATE TABLE display_state (
  till TEXT PRIMARY KEY CHECK (length(till) BETWEEN 1 AND 40),
  state_json TEXT NOT NULL CHECK (json_valid(state_json)),
  updated_at TEXT NOT NULL
);
