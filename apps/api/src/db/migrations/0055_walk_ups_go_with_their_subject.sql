-- An approved walk-up goes when the subject it became is deleted: its values (a child's name and class)
-- are the subject's, and must not outlive the subject's deletion (migration 0052 kept the row, unlinked,
-- which also showed it as awaiting review again).
ALTER TABLE walk_ups DROP CONSTRAINT walk_ups_subject_id_fkey;
ALTER TABLE walk_ups
  ADD CONSTRAINT walk_ups_subject_id_fkey FOREIGN KEY (subject_id) REFERENCES subjects(id) ON DELETE CASCADE;
CREATE INDEX walk_ups_subject_idx ON walk_ups (subject_id) WHERE subject_id IS NOT NULL;
