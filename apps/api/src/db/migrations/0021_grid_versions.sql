-- Grid versions: a number per project that changes whenever anything a subjects-grid page
-- shows may have changed, so an API process may keep pages it has read and serve them again while the
-- number stands (modules/subjects/grid-cache.ts). Kept by statement triggers, so every writer (routes,
-- jobs, imports, cascades, a psql session) moves it, not only the code paths that remember to.
--
-- A grid page shows subjects (values, order, membership, count), their photo assignments (count,
-- primary photo, the with/without images filter) and their primary photo's thumbnails (its storage key
-- and renditions). The fields and the caller's right to see the project are read fresh on every request.
CREATE TABLE project_grid_versions (
  project_id bigint PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 1
);

-- Bumps once per project and statement. Projects deleted in the same statement (a cascade) are left out:
-- their row goes with them. Rows are locked in id order, so two statements never wait on each other in a
-- circle.
CREATE FUNCTION bump_grid_versions(project_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO project_grid_versions AS v (project_id)
    SELECT p.id FROM projects p WHERE p.id = ANY(project_ids) ORDER BY p.id
  ON CONFLICT (project_id) DO UPDATE SET version = v.version + 1;
$$;

CREATE FUNCTION subjects_grid_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_grid_versions(ARRAY(SELECT DISTINCT project_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_grid_versions(ARRAY(SELECT DISTINCT project_id FROM old_rows));
  ELSE
    PERFORM bump_grid_versions(ARRAY(
      SELECT project_id FROM old_rows UNION SELECT project_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER subjects_grid_insert AFTER INSERT ON subjects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subjects_grid_changes();
CREATE TRIGGER subjects_grid_delete AFTER DELETE ON subjects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subjects_grid_changes();
CREATE TRIGGER subjects_grid_update AFTER UPDATE ON subjects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subjects_grid_changes();

-- Assignments: the projects of their subjects (a subject deleted in the same statement has gone, and
-- its own trigger has bumped its project).
CREATE FUNCTION assignments_grid_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_grid_versions(ARRAY(
      SELECT DISTINCT s.project_id FROM new_rows r JOIN subjects s ON s.id = r.subject_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_grid_versions(ARRAY(
      SELECT DISTINCT s.project_id FROM old_rows r JOIN subjects s ON s.id = r.subject_id));
  ELSE
    PERFORM bump_grid_versions(ARRAY(
      SELECT s.project_id FROM old_rows r JOIN subjects s ON s.id = r.subject_id
      UNION SELECT s.project_id FROM new_rows r JOIN subjects s ON s.id = r.subject_id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER assignments_grid_insert AFTER INSERT ON subject_photo_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assignments_grid_changes();
CREATE TRIGGER assignments_grid_delete AFTER DELETE ON subject_photo_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assignments_grid_changes();
CREATE TRIGGER assignments_grid_update AFTER UPDATE ON subject_photo_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assignments_grid_changes();

-- Photos: only a change of what a grid's thumbnails are made from (the storage key, the renditions),
-- and only for photos assigned to a subject. (A trigger with transition tables can't name columns, so
-- the function compares them.)
CREATE FUNCTION photos_grid_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_grid_versions(ARRAY(
    SELECT DISTINCT al.parent_resource_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN albums al ON al.id = n.album_id
    WHERE (o.storage_key IS DISTINCT FROM n.storage_key
        OR o.renditions_ready_at IS DISTINCT FROM n.renditions_ready_at)
      AND EXISTS (SELECT 1 FROM subject_photo_assignments a WHERE a.photo_id = n.id)));
  RETURN NULL;
END $$;
CREATE TRIGGER photos_grid_update AFTER UPDATE ON photos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION photos_grid_changes();
