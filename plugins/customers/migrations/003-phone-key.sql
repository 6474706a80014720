-- #29: members are looked up at the till by phone number, typed as digits with or without spaces or '+65'. phone_key
-- is the stored number as core/phone.ts keys it: without spaces, dashes, '+', brackets or dots, and
-- without Singapore's 65 when the number carries it ('+65 9123 4567' and '6591234567' -> '91234567'); NULL for none.
-- A phone search matches the start of it, through the index.
ALTER TABLE customers_customer ADD COLUMN phone_key TEXT GENERATED ALWAYS AS (
  CASE
    WHEN phone IS NULL OR replace(replace(replace(replace(replace(replace(trim(phone), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') = '' THEN NULL
    WHEN trim(phone) LIKE '+65%' OR (length(replace(replace(replace(replace(replace(replace(trim(phone), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')) = 10 AND replace(replace(replace(replace(replace(replace(trim(phone), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') LIKE '65%') THEN substr(replace(replace(replace(replace(replace(replace(trim(phone), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), 3)
    ELSE replace(replace(replace(replace(replace(replace(trim(phone), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')
  END
) VIRTUAL;
CREATE INDEX customers_customer_phone_key ON customers_customer (phone_key, id);
