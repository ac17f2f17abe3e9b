-- Photo verification runs as a job: PATCH /photos/:id/verify moves the row from uploaded to
-- verifying, and the photos.verify job ends it verified, refused (with the reason, for the client to
-- show) or merged (the same bytes were in the album already). Refused and merged rows keep no files and
-- are purged with the other unverified rows.
ALTER TABLE photos
  ADD COLUMN verification_state text NOT NULL DEFAULT 'uploaded'
    CHECK (verification_state IN ('uploaded', 'verifying', 'verified', 'refused', 'merged')),
  ADD COLUMN verification_error text,
  ADD COLUMN merged_into_photo_id bigint REFERENCES photos (id) ON DELETE SET NULL;
UPDATE photos SET verification_state = 'verified' WHERE upload_verified_at IS NOT NULL;
