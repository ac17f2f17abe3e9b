-- A station's retake asked (or taken back) changes the subjects grid's Retake Needed filter
-- (photo-sessions/retakes.ts): check-ins move their project's grid version, as subjects and assignments
-- do (0021), so a cached grid page never outlives a check-in.
CREATE FUNCTION check_ins_grid_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_grid_versions(ARRAY(
      SELECT DISTINCT ps.project_id FROM old_rows r JOIN photo_sessions ps ON ps.id = r.photo_session_id
      WHERE r.subject_id IS NOT NULL));
  ELSE
    PERFORM bump_grid_versions(ARRAY(
      SELECT DISTINCT ps.project_id FROM new_rows r JOIN photo_sessions ps ON ps.id = r.photo_session_id
      WHERE r.subject_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER check_ins_grid_insert AFTER INSERT ON check_ins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_ins_grid_changes();
CREATE TRIGGER check_ins_grid_update AFTER UPDATE ON check_ins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_ins_grid_changes();
CREATE TRIGGER check_ins_grid_delete AFTER DELETE ON check_ins
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION check_ins_grid_changes();
