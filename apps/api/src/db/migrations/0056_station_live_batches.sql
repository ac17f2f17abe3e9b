-- Tethered capture: a station's live batch, the one its uploader sends each frame into as it is shot.
-- One per station (a station belongs to one session); made on the station's first call and kept after.
ALTER TABLE photo_batches ADD COLUMN station_id bigint REFERENCES stations(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX photo_batches_station_idx ON photo_batches (station_id) WHERE station_id IS NOT NULL;
