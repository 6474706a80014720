-- Sessions ended by logout before their expiry: the token's SHA-256, kept until the token would expire anyway.
CREATE TABLE core_revoked_token (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
