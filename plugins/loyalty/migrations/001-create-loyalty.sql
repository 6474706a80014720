-- Loyalty points (#29): one ledger of a customer's points. The balance is the sum of the customer's rows, never a
-- counter: EARNED (+) on a sale, REDEEMED (-) paying a sale, REVERSED (-) what returned or voided goods had earned,
-- RESTORED (+) points spent on goods that came back, EXPIRED (-) what was left of a lot past its last day.
-- EARNED and RESTORED rows are lots: `remaining` is what REDEEMED, REVERSED and EXPIRED rows have not yet taken
-- (oldest expiring first), so expiry takes exactly the unspent rest of each lot.
CREATE TABLE loyalty_entry (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers_customer (id),
  kind TEXT NOT NULL CHECK (kind IN ('EARNED', 'REDEEMED', 'REVERSED', 'RESTORED', 'EXPIRED')),
  points INTEGER NOT NULL,
  -- The sale earned on or paid (EARNED, REDEEMED), or whose goods came back or were voided (REVERSED, RESTORED).
  invoice_id INTEGER REFERENCES sales_invoice (id),
  -- REDEEMED: the sale's LOYALTY_POINTS payment; RESTORED by a return: the payment the points go back from.
  payment_id INTEGER REFERENCES sales_payment (id),
  -- REVERSED/RESTORED by a return: the return's first row id (returns' batch id); NULL for a void.
  return_id TEXT,
  -- 1 for REVERSED/RESTORED rows a void wrote.
  by_void INTEGER NOT NULL DEFAULT 0 CHECK (by_void IN (0, 1)),
  -- Cents the row stands for: EARNED the earnable value, REDEEMED what the points paid, REVERSED the refunded value
  -- (not paid by points) it answers for, RESTORED the value given back; NULL for EXPIRED.
  basis_cents INTEGER,
  -- EXPIRED: the lot whose rest expired.
  lot_id INTEGER REFERENCES loyalty_entry (id),
  -- EARNED/RESTORED: points of this lot not yet taken; NULL for the other kinds.
  remaining INTEGER CHECK (remaining IS NULL OR remaining >= 0),
  -- EARNED/RESTORED: the last shop day the lot may be spent (NULL = never expires).
  expires_on TEXT CHECK (expires_on IS NULL OR expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  business_date TEXT NOT NULL,
  at TEXT NOT NULL,
  note TEXT,
  -- A REVERSED or RESTORED row of 0 points keeps the cents of a return too small to move a whole point, so the
  -- next return of the same sale adds up from there (the ledger route leaves such rows out).
  CHECK ((kind = 'EARNED' AND points > 0 AND remaining IS NOT NULL)
      OR (kind = 'RESTORED' AND points >= 0 AND remaining IS NOT NULL)
      OR (kind IN ('REDEEMED', 'EXPIRED') AND points < 0 AND remaining IS NULL AND expires_on IS NULL)
      OR (kind = 'REVERSED' AND points <= 0 AND remaining IS NULL AND expires_on IS NULL)),
  CHECK ((kind = 'EXPIRED') = (lot_id IS NOT NULL))
);
-- The balance and the ledger by customer, newest first.
CREATE INDEX loyalty_entry_customer ON loyalty_entry (customer_id, id);
-- The lots still holding points, oldest expiring first (spending and the expiry sweep).
CREATE INDEX loyalty_entry_open_lot ON loyalty_entry (customer_id, expires_on, id) WHERE remaining > 0;
-- A sale's rows (the checkout reply, receipts, returns and voids).
CREATE INDEX loyalty_entry_invoice ON loyalty_entry (invoice_id, kind);
CREATE INDEX loyalty_entry_payment ON loyalty_entry (payment_id) WHERE payment_id IS NOT NULL;
