-- Project templates and their subject fields; projects take a copy of their template (a template tied
-- to the project), so editing a template never changes an existing project's fields.
CREATE TABLE project_templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_templates_organization_idx ON project_templates (organization_id, created_at DESC) WHERE project_id IS NULL;
CREATE UNIQUE INDEX project_templates_project_idx ON project_templates (project_id) WHERE project_id IS NOT NULL;

CREATE TABLE subject_fields (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_template_id bigint NOT NULL REFERENCES project_templates(id) ON DELETE CASCADE,
  field_key text,
  label text,
  arrangement_position integer NOT NULL DEFAULT 0,
  auto_suggest_enabled boolean NOT NULL DEFAULT false,
  visible_to_customers boolean NOT NULL DEFAULT true,
  CHECK (field_key IS NOT NULL OR (label IS NOT NULL AND length(label) > 0))
);
CREATE INDEX subject_fields_template_idx ON subject_fields (project_template_id, arrangement_position);

ALTER TABLE projects ADD COLUMN project_template_id bigint REFERENCES project_templates(id) ON DELETE SET NULL;
CREATE INDEX projects_name_trgm_idx ON projects USING gin (name gin_trgm_ops);
CREATE INDEX seasons_name_idx ON seasons (organization_id, name);
