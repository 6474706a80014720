-- Photos to upload to (or delete from) the off-site store (#19), written in the same transaction as the image
-- row that makes the file live or dead, so a crash can never lose one. One row per file id: a later change
-- replaces the earlier one (a delete supersedes a pending put) and bumps generation, so an upload that was
-- in flight when the row changed does not remove the newer job when it finishes.
CREATE TABLE images_replica_job (
  file_id TEXT PRIMARY KEY CHECK (length(file_id) = 32 AND file_id NOT GLOB '*[^0-9a-f]*'),
  op TEXT NOT NULL CHECK (op IN ('put', 'delete')),
  generation INTEGER NOT NULL DEFAULT 1,
  attempts INTEGER NOT NULL DEFAULT 0,
  queued_at TEXT NOT NULL,
  -- Retries wait longer each time (backoff); a new job is due at once.
  next_attempt_at TEXT NOT NULL,
  last_error TEXT
);
CREATE INDEX images_replica_job_due ON images_replica_job (next_attempt_at);

-- One row: which replica the queue feeds (a new or re-enabled replica gets every existing photo queued once),
-- and what Settings shows.
CREATE TABLE images_replica_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  target TEXT,
  last_upload_at TEXT,
  last_error TEXT
);
INSERT INTO images_replica_state (id) VALUES (1);
