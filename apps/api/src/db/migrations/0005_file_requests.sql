-- File requests (a studio asks schools for files for some projects) and the files schools upload;
-- plus an audit trail of downloads of student data.
CREATE TABLE attachment_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachment_requests_organization_idx ON attachment_requests (organization_id, created_at DESC);

CREATE TABLE attachment_request_projects (
  attachment_request_id bigint NOT NULL REFERENCES attachment_requests(id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  PRIMARY KEY (attachment_request_id, project_id)
);
CREATE INDEX attachment_request_projects_project_idx ON attachment_request_projects (project_id);

CREATE TABLE attachments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  attachment_request_id bigint REFERENCES attachment_requests(id) ON DELETE SET NULL,
  name text NOT NULL,
  description text,
  storage_key text NOT NULL UNIQUE,
  upload_file_name text NOT NULL,
  upload_file_size bigint NOT NULL,
  upload_content_type text NOT NULL,
  uploaded_at timestamptz,
  upload_verified_at timestamptz,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_project_idx ON attachments (project_id, created_at DESC);
CREATE INDEX attachments_request_idx ON attachments (attachment_request_id, project_id) WHERE upload_verified_at IS NOT NULL;

CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  record_type text NOT NULL,
  record_id bigint NOT NULL,
  project_id bigint REFERENCES projects(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_project_idx ON audit_events (project_id, created_at DESC);
