-- Tethered capture as the day goes: a session's live batches are matched as each frame arrives, and the
-- studio chooses per session whether matched frames are applied at once (`live_apply`) or held for its
-- review at the day's end (the default, as before). A station's "now" view reads its current student
-- (the last check-in at that station) and that student's frames; the photographer may mark one frame as
-- the student's pick (one per student in a batch).
ALTER TABLE photo_sessions ADD COLUMN live_apply boolean NOT NULL DEFAULT false;
ALTER TABLE photo_batch_items ADD COLUMN picked_at timestamptz;
CREATE UNIQUE INDEX photo_batch_items_pick_idx ON photo_batch_items (photo_batch_id, subject_id)
  WHERE picked_at IS NOT NULL;
-- A station's last check-in (its current student), and a batch's frames of one student.
CREATE INDEX check_ins_station_at_idx ON check_ins (station_id, at DESC, id DESC);
CREATE INDEX photo_batch_items_batch_subject_idx ON photo_batch_items (photo_batch_id, subject_id)
  WHERE subject_id IS NOT NULL;
