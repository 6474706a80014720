-- #17.7: a customer's UEN is printed on full tax invoices, so it is kept as a UEN is written: 9 or 10 letters and
-- digits, upper case (the routes refuse anything else from now on). Stored values that differ from that only by
-- case, spaces or dashes are brought to it; an empty one becomes NULL; others stay as typed, for staff to correct.
UPDATE customers_customer SET uen = NULL WHERE uen IS NOT NULL AND trim(uen) = '';
UPDATE customers_customer SET uen = upper(replace(replace(uen, ' ', ''), '-', ''))
  WHERE uen IS NOT NULL
    AND length(replace(replace(uen, ' ', ''), '-', '')) IN (9, 10)
    AND upper(replace(replace(uen, ' ', ''), '-', '')) NOT GLOB '*[^A-Z0-9]*';
