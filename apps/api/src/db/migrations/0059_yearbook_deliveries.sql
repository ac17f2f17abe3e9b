-- Yearbook deliveries over a season: a project's yearbook targets (a publisher, the export format it takes,
-- its deadlines), the deliveries made to each (full, or the changes since the last one), each delivery's
-- manifest (one row per subject it holds or removes: which photo by content hash, which crop, which
-- values), and who downloaded each delivery when.

CREATE TABLE yearbook_targets (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- A preset's key (jostens, walsworth, ..., other_pspa): the preset may fix the image size, the index's
  -- encoding and whether a header or MASTER.TXT is written.
  publisher text NOT NULL CHECK (publisher ~ '^[a-z_]{1,40}$'),
  project_export_format_id bigint REFERENCES project_export_formats(id) ON DELETE SET NULL,
  -- [{name, date}] in date order: the portrait deadline, final corrections.
  deadlines jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(deadlines) = 'array'),
  -- The warning e-mail goes this many days before each deadline.
  notify_days_before integer NOT NULL DEFAULT 7 CHECK (notify_days_before BETWEEN 0 AND 60),
  -- The school's yearbook contact (else the school's own contact address).
  school_contact_email text CHECK (length(school_contact_email) <= 320),
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX yearbook_targets_project_idx ON yearbook_targets (project_id, id);

CREATE TABLE yearbook_deliveries (
  id bigserial PRIMARY KEY,
  yearbook_target_id bigint NOT NULL REFERENCES yearbook_targets(id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- 1, 2, 3 ... per target.
  number integer NOT NULL CHECK (number >= 1),
  kind text NOT NULL CHECK (kind IN ('full', 'changes')),
  -- The delivery it lists the changes since (the target's last completed one when it was made).
  since_delivery_id bigint REFERENCES yearbook_deliveries(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'working', 'completed', 'failed')),
  status_message text,
  job_id text,
  -- The format as it was run: name, and the preset's fixes applied.
  format_name text NOT NULL,
  counts jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(counts) = 'object'),
  storage_key text,
  archive_bytes bigint,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (yearbook_target_id, number)
);
CREATE INDEX yearbook_deliveries_target_idx ON yearbook_deliveries (yearbook_target_id, number DESC);

-- A delivery's manifest: every subject in its MASTER.TXT (change: added, replaced, corrected, unchanged)
-- and every one it lists for removal (removed, with the reason). Values are the index's columns as written
-- (never a hidden field's: deliveries read only the fields schools see).
CREATE TABLE yearbook_delivery_subjects (
  yearbook_delivery_id bigint NOT NULL REFERENCES yearbook_deliveries(id) ON DELETE CASCADE,
  subject_id bigint NOT NULL,
  change text NOT NULL CHECK (change IN ('added', 'replaced', 'corrected', 'unchanged', 'removed')),
  removal_reason text CHECK (removal_reason IN ('left', 'yearbook_opt_out')),
  photo_id bigint,
  content_sha256 text,
  crop jsonb,
  image_file_name text,
  photo_taken_at timestamptz,
  "values" jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof("values") = 'object'),
  -- How the change list names the subject: {name, grade, teacher} (kept for removals).
  who jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(who) = 'object'),
  -- For a correction: [{field, from, to}].
  corrected jsonb,
  -- The change list's line, in plain words (null when unchanged).
  change_text text,
  PRIMARY KEY (yearbook_delivery_id, subject_id)
);

CREATE TABLE yearbook_delivery_downloads (
  id bigserial PRIMARY KEY,
  yearbook_delivery_id bigint NOT NULL REFERENCES yearbook_deliveries(id) ON DELETE CASCADE,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  what text NOT NULL CHECK (what IN ('archive', 'change_list_pdf', 'change_list_csv')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX yearbook_delivery_downloads_idx ON yearbook_delivery_downloads (yearbook_delivery_id, id);
