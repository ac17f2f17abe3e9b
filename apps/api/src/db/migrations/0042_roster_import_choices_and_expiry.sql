-- Roster imports: a OneRoster import may take the Student ID from users' sourcedId instead
-- of their identifier; an import left unchecked (or checked and never applied) ends as 'expired' after
-- a time, its file deleted by the cleanup job.
ALTER TABLE subject_imports
  ADD COLUMN oneroster_student_id text NOT NULL DEFAULT 'identifier'
    CHECK (oneroster_student_id IN ('identifier', 'sourced_id'));
ALTER TABLE subject_imports DROP CONSTRAINT subject_imports_status_check;
ALTER TABLE subject_imports
  ADD CONSTRAINT subject_imports_status_check
    CHECK (status IN ('uploading', 'ready', 'checked', 'applying', 'applied', 'failed', 'expired'));
CREATE INDEX subject_imports_unfinished_idx ON subject_imports (updated_at)
  WHERE status IN ('uploading', 'ready', 'checked');
