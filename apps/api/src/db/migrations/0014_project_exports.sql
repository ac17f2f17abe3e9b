-- Project exports (exports-and-printing §3, §4): one run of an export format over a selection of
-- a project's subjects, made by the project-exports.build job into one ZIP in storage. The selection is
-- kept as sent (included ids, empty = every subject of the project; minus excluded ids) and resolved when
-- the job runs. The pre-export check's report is part of the export's record (check_report).
CREATE TABLE project_exports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- A deleted format leaves its name on the exports made with it.
  project_export_format_id bigint REFERENCES project_export_formats(id) ON DELETE SET NULL,
  project_export_format_name text NOT NULL,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  subjects_count integer NOT NULL DEFAULT 0,
  included_subject_ids bigint[] NOT NULL DEFAULT '{}',
  excluded_subject_ids bigint[] NOT NULL DEFAULT '{}',
  include_subjects_without_images boolean NOT NULL DEFAULT true,
  use_default_photo_crops boolean NOT NULL DEFAULT true,
  use_photo_crop_name boolean NOT NULL DEFAULT false,
  duplicate_search_fields text[] NOT NULL DEFAULT '{}',
  custom_directory_group_field_key text,
  selected_pose text NOT NULL DEFAULT 'primary'
    CHECK (selected_pose IN ('primary', 'yearbook', 'yearbook_strict', 'all', 'oldest', 'newest')
      OR selected_pose ~ '^[1-9][0-9]{0,3}$'),
  selected_background text NOT NULL DEFAULT 'default' CHECK (selected_background IN ('default', 'ordered')),
  -- Whether the creator could see hidden subject fields: the archive holds only what they could see.
  include_hidden_fields boolean NOT NULL DEFAULT false,
  -- The job: pg-boss's id, and its progress as the web shows it (§4).
  job_id text,
  job_status text CHECK (job_status IN ('working', 'completed', 'failed')),
  job_status_at integer,
  job_status_total integer,
  job_status_message text,
  -- The run that owns the export now: a run that finds another took over (a retry after pg-boss counted it
  -- lost) stops without writing.
  job_run_token text,
  export_started_at timestamptz,
  export_completed_at timestamptz,
  -- The archive: where it is, what it holds, and until when it is kept (EXPORT_RETENTION_DAYS).
  storage_key text,
  archive_entries integer,
  archive_images integer,
  archive_bytes bigint,
  expires_at timestamptz,
  expired_at timestamptz,
  check_report jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_exports_project_idx ON project_exports (project_id, created_at DESC, id DESC);
-- The retention job looks for completed archives past their expiry.
CREATE INDEX project_exports_expiry_idx ON project_exports (expires_at) WHERE expired_at IS NULL;
