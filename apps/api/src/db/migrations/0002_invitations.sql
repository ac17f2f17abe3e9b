-- Invitations: a user invited by e-mail sets a password through a single-use link. Re-sending replaces
-- the old link (the old row is marked replaced).
CREATE TABLE invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invited_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  replaced_at timestamptz
);
CREATE INDEX invitations_user_idx ON invitations (user_id);

CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX accounts_user_idx ON accounts (user_id);
