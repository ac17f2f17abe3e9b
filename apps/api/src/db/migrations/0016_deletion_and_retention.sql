-- Deletion that really deletes, and retention.
-- A project being deleted is hidden at once (deleting_at), then the projects.delete job removes its
-- records and stored files, and the row last.
ALTER TABLE projects ADD COLUMN deleting_at timestamptz;
CREATE INDEX projects_deleting_idx ON projects (deleting_at) WHERE deleting_at IS NOT NULL;

-- Renders expire EXPORT_RETENTION_DAYS after they complete: the retention.sweep job deletes the PDF
-- and sets expired_at (the row stays, so the Prints list can say it expired).
ALTER TABLE layout_renders
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN expired_at timestamptz;
CREATE INDEX layout_renders_expiry_idx ON layout_renders (expires_at) WHERE expired_at IS NULL;
