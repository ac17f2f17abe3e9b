-- The activity trail: one append-only table, written in the same transaction as the change it
-- records. A row holds ids only (never a student's name or a field value): who (user, account), acting in
-- which organization, what, on which record, in which project, whose organization owns the record, when
-- and from which address. project_id and owner_organization_id are plain ids, not foreign keys, so that a
-- deleted project's trail survives it (a school can still see who deleted what).
ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS audit_events_project_id_fkey;
ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS audit_events_user_id_fkey;
ALTER TABLE audit_events
  ADD COLUMN account_id bigint,
  ADD COLUMN acting_organization_id bigint,
  ADD COLUMN owner_organization_id bigint,
  ADD COLUMN ip text,
  ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE audit_events ALTER COLUMN record_id DROP NOT NULL;
-- Earlier rows (attachment downloads) get the project's organization as their owner.
UPDATE audit_events e SET owner_organization_id = p.organization_id FROM projects p WHERE p.id = e.project_id;
UPDATE audit_events SET action = 'attachment.download' WHERE action = 'download';
CREATE INDEX audit_events_owner_idx ON audit_events (owner_organization_id, created_at DESC);
CREATE INDEX audit_events_acting_idx ON audit_events (acting_organization_id, created_at DESC);
CREATE INDEX audit_events_created_idx ON audit_events (created_at);

-- Append-only: no UPDATE ever; DELETE only by the retention purge, which sets audit.purge for its
-- transaction (SET LOCAL), so a stray DELETE in application code fails loudly.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
