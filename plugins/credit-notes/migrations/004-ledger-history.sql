-- The ledger (#25) starts with the history: every credit note issued before it existed, and the balances paid out
-- in money at exchanges (applied beyond the note's invoice applications). Applications themselves are payments:
-- sales' migration 009 wrote them.
INSERT INTO ledger_entry (kind, method, amount_cents, invoice_id, credit_note_id, at_sale, user_id, at, business_date, reference)
SELECT 'CN_ISSUE', 'CREDIT_NOTE', -amount_cents, invoice_id, id, 0, created_by, created_at, business_date, number
FROM credit_notes_note WHERE amount_cents > 0 ORDER BY id;

INSERT INTO ledger_entry (kind, method, amount_cents, invoice_id, credit_note_id, at_sale, user_id, at, business_date, reference)
SELECT 'CN_REDEEM', 'CREDIT_NOTE', paid_out, invoice_id, id, 0, created_by, created_at, business_date, number FROM (
  SELECT n.*, n.applied_cents - ifnull((SELECT sum(a.amount_cents) FROM credit_notes_application a WHERE a.note_id = n.id), 0) AS paid_out
  FROM credit_notes_note n)
WHERE paid_out > 0 ORDER BY id;
