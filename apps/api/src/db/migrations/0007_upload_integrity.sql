-- Upload integrity and clean-ups.
-- The verified bytes' SHA-256 is kept on every uploaded file, so a later read can tell they are the same.
ALTER TABLE attachments ADD COLUMN content_sha256 text;

-- Objects to delete from storage once due: the upload-form key of a verified or refused record (its form
-- may still be posted until it expires), and the files of deleted records. Written in the transaction
-- that makes them garbage, so a crash never forgets one; a job deletes them and then the row.
CREATE TABLE storage_deletions (
  storage_key text PRIMARY KEY,
  is_prefix boolean NOT NULL DEFAULT false,
  delete_after timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_deletions_due_idx ON storage_deletions (delete_after);

-- What the scheduled purges look for.
CREATE INDEX photos_unverified_idx ON photos (created_at) WHERE upload_verified_at IS NULL;
CREATE INDEX attachments_unverified_idx ON attachments (created_at) WHERE upload_verified_at IS NULL;
CREATE INDEX access_tokens_expires_idx ON access_tokens (expires_at);
CREATE INDEX password_resets_expires_idx ON password_resets (expires_at);
CREATE INDEX invitations_expires_idx ON invitations (expires_at);
