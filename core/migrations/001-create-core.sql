-- Core tables: staff accounts, shop settings and small facts about this database.
CREATE TABLE core_user (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('ADMIN', 'USER')),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  -- Raised on password reset or disable: tokens issued before stop working.
  session_epoch INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE core_setting (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE core_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
