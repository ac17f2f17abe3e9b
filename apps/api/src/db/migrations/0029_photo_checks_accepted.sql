-- A person accepts a flagged photo on the review screen (issue 27): it leaves the review list, its flags kept
-- for the record. Who accepted it and when; both null while it is open. A new check of the photo (the
-- photos.checks job) clears them, since its flags may have changed.
ALTER TABLE photos
  ADD COLUMN checks_accepted_at timestamptz,
  ADD COLUMN checks_accepted_by bigint REFERENCES users (id) ON DELETE SET NULL;
