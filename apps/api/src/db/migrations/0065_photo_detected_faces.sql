-- The faces picture day's verification found in a frame's large rendition (a camera-card frame without a
-- code is looked at for a face), as fractions of the image: the photos.checks job takes them instead of
-- running the detector again on the same pixels. Null: not looked at (the job detects itself).
ALTER TABLE photos ADD COLUMN detected_faces jsonb;
