-- Picture day matches each camera's photos in that camera's own order (two bodies shooting at once
-- interleave their capture times): the camera read from a photo's EXIF (make, model, body serial) is kept
-- with its capture time. A camera_card batch treats a frame with no face and no readable code as a card
-- that could not be read: the faces found in it (when the photo's checks have not run yet) and when its
-- original was read again, thoroughly, are kept so a new match reads neither again.
ALTER TABLE photo_batch_items
  ADD COLUMN camera_key text,
  ADD COLUMN face_count smallint,
  ADD COLUMN card_read_thoroughly_at timestamptz;
