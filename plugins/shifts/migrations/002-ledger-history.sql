-- The ledger (#25) starts with the shifts' history: floats, pay-ins and pay-outs become ledger rows, the open shifts
-- are the tills' drawers, and the sales' rows written from the history (sales migration 009, run before this one:
-- shifts depends on sales for it) go to the shift that was open at their till at their time.
INSERT INTO ledger_entry (kind, method, amount_cents, till, shift_id, at_sale, user_id, at, business_date, reference)
SELECT 'FLOAT', 'CASH', opening_float_cents, till, id, 0, opened_by, opened_at, date(opened_at, '+8 hours'), 'Opening float'
FROM shifts_shift WHERE opening_float_cents > 0 ORDER BY id;

INSERT INTO ledger_entry (kind, method, amount_cents, till, shift_id, at_sale, user_id, at, business_date, reference)
SELECT m.kind, 'CASH', CASE m.kind WHEN 'PAY_IN' THEN m.amount_cents ELSE -m.amount_cents END, s.till, s.id, 0, m.created_by, m.created_at,
  date(m.created_at, '+8 hours'), m.reason
FROM shifts_cash_movement m JOIN shifts_shift s ON s.id = m.shift_id ORDER BY m.id;

INSERT INTO ledger_drawer (till, shift_id) SELECT till, id FROM shifts_shift WHERE status = 'OPEN';

UPDATE ledger_entry SET shift_id = (SELECT s.id FROM shifts_shift s WHERE s.till = ledger_entry.till
    AND ledger_entry.at >= s.opened_at AND (s.closed_at IS NULL OR ledger_entry.at <= s.closed_at) ORDER BY s.id DESC LIMIT 1)
WHERE shift_id IS NULL AND till IS NOT NULL;
