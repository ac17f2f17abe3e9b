-- Working masters (PERFORMANCE.md "Normalise once at upload").
--
-- Beside the untouched original, the renditions step now keeps a working master: upright, sRGB without a
-- profile, at most 2400 px on its long edge, as a JPEG under the photo's `master` key. Exports and print
-- sheets read it instead of decoding a 12-24 MP original whenever it holds enough pixels for the output.
-- Its size is kept here; null means the photo has none (photos made before this change, or not verified
-- yet), and the original is read as before.
ALTER TABLE photos
  ADD COLUMN master_width integer CHECK (master_width > 0),
  ADD COLUMN master_height integer CHECK (master_height > 0),
  ADD CONSTRAINT photos_master_size_together CHECK ((master_width IS NULL) = (master_height IS NULL));

-- Verified photos still without one (made before this change, or whose job failed): the
-- photos.masters-backfill sweep finds them through this index.
CREATE INDEX photos_without_master_idx ON photos (id)
  WHERE master_width IS NULL AND upload_verified_at IS NOT NULL;
