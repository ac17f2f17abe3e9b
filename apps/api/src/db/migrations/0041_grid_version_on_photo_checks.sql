-- The subjects grid's images=retake also takes the subjects whose photos all failed the photo checks
-- (none became their portrait): a photo's checks (saved by photos.checks, or accepted by a
-- person) move the grid version too, beside the retake mark, the thumbnails' storage key and renditions
-- (0021, 0029). Assigned photos only, as before.
CREATE OR REPLACE FUNCTION photos_grid_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_grid_versions(ARRAY(
    SELECT DISTINCT al.parent_resource_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN albums al ON al.id = n.album_id
    WHERE (o.storage_key IS DISTINCT FROM n.storage_key
        OR o.renditions_ready_at IS DISTINCT FROM n.renditions_ready_at
        OR o.retake_needed IS DISTINCT FROM n.retake_needed
        OR o.checked_at IS DISTINCT FROM n.checked_at
        OR o.checks_accepted_at IS DISTINCT FROM n.checks_accepted_at)
      AND EXISTS (SELECT 1 FROM subject_photo_assignments a WHERE a.photo_id = n.id)));
  RETURN NULL;
END $$;
