-- #17.7: a customer's UEN is printed on full tax invoices, so it is kept as a UEN is written: 9 or 10 letters and
-- digits, upper case (the routes refuse anything else from now on). Stored values are brought to that form where
-- only case, spaces or dashes differ; an empty one becomes NULL. Others stay as typed, for staff to correct.
UPDATE customers_customer SET uen = NULLIF(upper(replace(replace(trim(uen), ' ', ''), '-', '')), '') WHERE uen IS NOT NULL;
