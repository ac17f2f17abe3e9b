-- A photo whose stored original no longer matches the bytes that were verified gets no working master
-- (nothing is made of bytes nobody checked). Without a mark the backfill sweep queued it again every
-- 15 minutes, read and hashed the whole original each time, and, once 200 such photos stood first in
-- id order, never reached the others. The mark keeps it out of the sweep; exports and prints read
-- the original as for any photo without a master.
ALTER TABLE photos ADD COLUMN master_refused_at timestamptz;

DROP INDEX photos_without_master_idx;
CREATE INDEX photos_without_master_idx ON photos (id)
  WHERE master_width IS NULL AND upload_verified_at IS NOT NULL AND master_refused_at IS NULL;
