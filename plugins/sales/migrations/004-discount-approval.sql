-- PLACEHOLDER on the shift branch: the pay helper's branch owns migration 004 (discount approval).
-- Migrations must run with no gaps, so 005-payment-till needs a 004 here. At merge, take the pay branch's file.
SELECT 1;
