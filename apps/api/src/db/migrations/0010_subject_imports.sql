-- Roster imports: a spreadsheet read into a project's subjects, with its mapping, check and
-- report kept on the import; and each organization's last mapping (offered again next time).
CREATE TABLE subject_imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  attachment_id bigint REFERENCES attachments(id) ON DELETE SET NULL,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  -- The file read: the import's own upload, or the attachment's stored file.
  storage_key text NOT NULL,
  upload_file_name text NOT NULL,
  upload_file_size bigint NOT NULL,
  upload_verified_at timestamptz,
  content_sha256 text,
  -- How it was read.
  file_format text CHECK (file_format IN ('csv', 'xlsx')),
  encoding text,
  delimiter text,
  sheet_name text,
  sheet_names text[] NOT NULL DEFAULT '{}',
  columns text[] NOT NULL DEFAULT '{}',
  sample_rows jsonb NOT NULL DEFAULT '[]'::jsonb,
  row_count integer NOT NULL DEFAULT 0,
  -- What the user chose.
  mapping jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(mapping) = 'object'),
  match_by text NOT NULL DEFAULT 'auto' CHECK (match_by IN ('auto', 'student_id', 'name_and_grade')),
  mode text NOT NULL DEFAULT 'add_and_update' CHECK (mode IN ('add_only', 'add_and_update')),
  skip_invalid_rows boolean NOT NULL DEFAULT false,
  -- uploading -> ready (read) -> checked -> applying -> applied | failed
  status text NOT NULL DEFAULT 'uploading'
    CHECK (status IN ('uploading', 'ready', 'checked', 'applying', 'applied', 'failed')),
  check_report jsonb,
  report jsonb,
  progress_done integer NOT NULL DEFAULT 0,
  progress_total integer NOT NULL DEFAULT 0,
  failure text,
  applied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subject_imports_project_idx ON subject_imports (project_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX subject_imports_own_key_idx ON subject_imports (storage_key) WHERE attachment_id IS NULL;

CREATE TABLE subject_import_mappings (
  organization_id bigint PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  -- normalized header -> "key:<field key>" | "label:<normalized label>" | null (skipped)
  mapping jsonb NOT NULL CHECK (jsonb_typeof(mapping) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
