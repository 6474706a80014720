-- #25 a credit note's redemption code: 13 characters of Crockford base32 (65 random bits), what spends a
-- walk-in note (its sequential number no longer does). New notes get theirs from crypto.randomBytes when they
-- are written (repo.ts insertNote). Notes written before this migration get one here, in SQL: 13 picks from the
-- same alphabet by SQLite's random(), whose generator (ChaCha20 since SQLite 3.40) is seeded from the operating
-- system's randomness, so these codes are as unguessable as the new ones. `random() & 31` keeps the low 5
-- bits (uniform; abs() could overflow on the smallest integer). Every note gets one, a customer's too (it may
-- be tendered by number or code; the slip shows the code either way). Codes are unique: a clash (about 1 in
-- 2^65 per pair) fails the migration, which then simply runs again with new codes on the next start.
ALTER TABLE credit_notes_note ADD COLUMN redemption_code TEXT
  CHECK (redemption_code IS NULL OR (length(redemption_code) = 13 AND redemption_code NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*'));

UPDATE credit_notes_note SET redemption_code =
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) ||
  substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1)
WHERE redemption_code IS NULL;

CREATE UNIQUE INDEX credit_notes_note_redemption_code ON credit_notes_note (redemption_code);
