-- Gift cards (#29): a card sold at the till as a checkout charge (its sales_invoice_adjustment row, line_id NULL),
-- spent as the GIFT_CARD tender and topped up by returns of goods it paid. The code (13 characters of Crockford
-- base32, 65 random bits) is the secret that spends it. The balance is explained row by row by the movements:
-- balance_cents = sum(amount_cents) of the card's movements (ISSUE +, REDEEM -, REFUND +).
CREATE TABLE gift_cards_card (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (length(code) = 13),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
  -- The last shop day it may be spent on; NULL = no expiry. An expired card keeps its balance (reported).
  expires_on TEXT CHECK (expires_on IS NULL OR expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  adjustment_id INTEGER NOT NULL UNIQUE REFERENCES sales_invoice_adjustment (id),
  created_at TEXT NOT NULL
);
CREATE INDEX gift_cards_card_invoice ON gift_cards_card (invoice_id);

CREATE TABLE gift_cards_movement (
  id INTEGER PRIMARY KEY,
  card_id INTEGER NOT NULL REFERENCES gift_cards_card (id),
  kind TEXT NOT NULL CHECK (kind IN ('ISSUE', 'REDEEM', 'REFUND')),
  -- The sale that sold the card (ISSUE), was paid by it (REDEEM) or whose goods came back (REFUND).
  invoice_id INTEGER NOT NULL REFERENCES sales_invoice (id),
  -- The sale's GIFT_CARD payment a REDEEM wrote, and the one a REFUND gives back to; NULL for ISSUE.
  payment_id INTEGER REFERENCES sales_payment (id),
  amount_cents INTEGER NOT NULL,
  at TEXT NOT NULL,
  CHECK ((kind = 'REDEEM' AND amount_cents < 0) OR (kind <> 'REDEEM' AND amount_cents > 0)),
  CHECK ((kind = 'ISSUE') = (payment_id IS NULL))
);
CREATE INDEX gift_cards_movement_card ON gift_cards_movement (card_id, id);
CREATE INDEX gift_cards_movement_invoice ON gift_cards_movement (invoice_id);
CREATE INDEX gift_cards_movement_payment ON gift_cards_movement (payment_id);
