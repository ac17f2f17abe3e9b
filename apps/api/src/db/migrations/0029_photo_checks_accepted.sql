-- A person accepts a flagged photo on the review screen: it leaves the review list, its flags kept
-- for the record. Who accepted it and when; both null while it is open. A new check of the photo (the
-- photos.checks job) clears them, since its flags may have changed.
ALTER TABLE photos
  ADD COLUMN checks_accepted_at timestamptz,
  ADD COLUMN checks_accepted_by bigint REFERENCES users (id) ON DELETE SET NULL;

-- The subjects grid filters by retake (images=retake: the subject's primary photo is marked): a change of
-- the mark moves the grid version too (0021), beside the thumbnails' storage key and renditions.
CREATE OR REPLACE FUNCTION photos_grid_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_grid_versions(ARRAY(
    SELECT DISTINCT al.parent_resource_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN albums al ON al.id = n.album_id
    WHERE (o.storage_key IS DISTINCT FROM n.storage_key
        OR o.renditions_ready_at IS DISTINCT FROM n.renditions_ready_at
        OR o.retake_needed IS DISTINCT FROM n.retake_needed)
      AND EXISTS (SELECT 1 FROM subject_photo_assignments a WHERE a.photo_id = n.id)));
  RETURN NULL;
END $$;
