-- Face detection, auto crops and quality flags (the photos.checks job runs after a photo is verified).

-- The one face found, as fractions of the upright image ({x, y, width, height} of the head: crown to chin,
-- plus eye_y, the eye line), null when none or several were found; the flags ({code, message} each) and
-- when the check ran (null: not checked yet). retake_needed is set by a person on the review screen.
ALTER TABLE photos
  ADD COLUMN face jsonb,
  ADD COLUMN checks jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN checked_at timestamptz,
  ADD COLUMN retake_needed boolean NOT NULL DEFAULT false;

-- Flagged photos of a project are listed by flag: the photos with a flag are few.
CREATE INDEX photos_flagged_idx ON photos (album_id) WHERE checks <> '[]'::jsonb;

-- A crop a person made (manual) always wins; auto crops are made by the photos.checks job, one per aspect
-- the project uses, and replaced when the project's head-size rule changes. aspect is width:height.
ALTER TABLE photo_crops
  ADD COLUMN source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'auto')),
  ADD COLUMN aspect double precision CHECK (aspect > 0);
CREATE UNIQUE INDEX photo_crops_auto_aspect_idx ON photo_crops (photo_id, aspect) WHERE source = 'auto';

-- The project's head-size rule: the share of the frame height from chin to crown and the eye line's height
-- from the top of the frame, both fractions; null uses the defaults of packages/domain.
ALTER TABLE projects
  ADD COLUMN head_size_share double precision CHECK (head_size_share > 0 AND head_size_share < 1),
  ADD COLUMN eye_line_from_top double precision CHECK (eye_line_from_top > 0 AND eye_line_from_top < 1);
