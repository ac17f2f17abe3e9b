-- A picture-day batch may be matched by check-in: a photo belongs to the student checked in last at its
-- station before the photo's capture time, in the session the batch names.
ALTER TABLE photo_batches DROP CONSTRAINT photo_batches_match_by_check;
ALTER TABLE photo_batches
  ADD CONSTRAINT photo_batches_match_by_check
    CHECK (match_by IN ('camera_card', 'file_name', 'mapping_file', 'check_in')),
  -- Required for check_in when the batch is made (the picture-day service); kept null when a session goes.
  ADD COLUMN photo_session_id bigint REFERENCES photo_sessions(id) ON DELETE SET NULL;
CREATE INDEX photo_batches_session_idx ON photo_batches (photo_session_id) WHERE photo_session_id IS NOT NULL;
