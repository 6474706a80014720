-- Points as a liability (#29, reports): the ledger's sums by shop day (opening, movements by kind), read from the
-- index alone, and the open lots past their last day across customers (expiry the lazy sweep has not written yet).
CREATE INDEX loyalty_entry_day ON loyalty_entry (business_date, kind, points);
CREATE INDEX loyalty_entry_open_expiry ON loyalty_entry (expires_on, remaining) WHERE remaining > 0 AND expires_on IS NOT NULL;
