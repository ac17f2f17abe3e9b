-- Picture day: a whole shoot uploaded as a batch of photos, matched to the project's subjects (by camera
-- card, file name or mapping file), reviewed, then applied. Each item is a real photo record (uploaded and
-- verified like any other, in the batch's own album) that is assigned to no subject until apply.
CREATE TABLE photo_batches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- The album the batch's photos are stored in (one per batch).
  album_id bigint NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  match_by text NOT NULL CHECK (match_by IN ('camera_card', 'file_name', 'mapping_file')),
  -- A field key of the project's template (student_id), or the id of a field without a key.
  match_field_key text NOT NULL DEFAULT 'student_id',
  -- camera_card: an unknown code makes a new subject on apply instead of leaving its photos unmatched.
  create_extras boolean NOT NULL DEFAULT false,
  -- Which photo becomes the subject's primary on apply: the batch's last one only when it has none, or always.
  primary_rule text NOT NULL DEFAULT 'if_none' CHECK (primary_rule IN ('if_none', 'newest')),
  -- open (uploading) -> matching -> matched (review) -> applying -> applied; failed (error says why)
  state text NOT NULL DEFAULT 'open'
    CHECK (state IN ('open', 'matching', 'matched', 'applying', 'applied', 'failed')),
  error text,
  -- The mapping file (match_by mapping_file): a CSV of file name -> field value, uploaded by presigned POST.
  mapping_storage_key text,
  mapping_file_name text,
  mapping_byte_size bigint,
  mapping_file_column text,
  mapping_value_column text,
  mapping_uploaded_at timestamptz,
  -- The subject counts of the last match, review or apply (item counts are counted when read).
  report jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(report) = 'object'),
  matched_at timestamptz,
  applied_at timestamptz,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_batches_project_idx ON photo_batches (project_id, created_at DESC, id DESC);

CREATE TABLE photo_batch_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  photo_batch_id bigint NOT NULL REFERENCES photo_batches(id) ON DELETE CASCADE,
  -- A refused upload deletes its photo, and the item with it (the file can be sent again).
  photo_id bigint NOT NULL UNIQUE REFERENCES photos(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size > 0),
  -- As the browser gave it (File.lastModified).
  last_modified timestamptz,
  -- EXIF DateTimeOriginal, read by the match job from the file's header.
  captured_at timestamptz,
  -- When the match job looked for a camera card's code in it (once per photo).
  code_read_at timestamptz,
  -- The camera card code read in this photo (a card), or the unknown code a photo after it carries.
  card_code text,
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'card', 'matched', 'unmatched', 'ambiguous', 'ignored')),
  subject_id bigint REFERENCES subjects(id) ON DELETE SET NULL,
  candidate_subject_ids bigint[] NOT NULL DEFAULT '{}',
  reason_code text,
  -- Position in the batch's capture order (capture time, then file name), set by the match.
  sequence integer,
  -- Assigned or ignored by hand: a new match keeps the decision.
  reviewed boolean NOT NULL DEFAULT false,
  applied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Resuming an upload: the same file (name and size) is one item of the batch.
  UNIQUE (photo_batch_id, file_name, byte_size)
);
CREATE INDEX photo_batch_items_order_idx ON photo_batch_items (photo_batch_id, sequence, id);
CREATE INDEX photo_batch_items_state_idx ON photo_batch_items (photo_batch_id, state);
CREATE INDEX photo_batch_items_subject_idx ON photo_batch_items (subject_id) WHERE subject_id IS NOT NULL;
