-- Picture day: a batch marked as retakes makes its newest photo the subject's primary by
-- default (primary_rule 'newest' unless the creator chose otherwise); the morning's photo stays, no
-- longer primary.
ALTER TABLE photo_batches
  ADD COLUMN retakes boolean NOT NULL DEFAULT false;

-- An applied frame whose subject's primary is chosen only once every one of the subject's frames in the
-- batch has been checked (photos.checks): apply found some not checked yet. The checks job settles it.
ALTER TABLE photo_batch_items
  ADD COLUMN primary_pending boolean NOT NULL DEFAULT false;

CREATE INDEX photo_batch_items_primary_pending ON photo_batch_items (photo_id) WHERE primary_pending;
