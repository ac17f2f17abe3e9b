-- Fast lists.
--
-- A project's subject count, kept by statement triggers on subjects (one row per project, updated once
-- per statement, so a 20,000-row import bumps it once). Counting a 20,000-subject project on every
-- projects-list or project read cost milliseconds; reading this row costs an index probe.
CREATE TABLE project_subject_counts (
  project_id bigint PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  subjects_count integer NOT NULL DEFAULT 0
);
INSERT INTO project_subject_counts (project_id, subjects_count)
  SELECT project_id, count(*) FROM subjects GROUP BY project_id;

-- Each statement's change per project, from its transition tables. Rows of a project deleted in the
-- same statement (a cascade) are left out: its count row goes with it.
CREATE FUNCTION subjects_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_subject_counts AS c (project_id, subjects_count)
      SELECT d.project_id, count(*) FROM new_rows d JOIN projects p ON p.id = d.project_id
      GROUP BY d.project_id ORDER BY d.project_id
    ON CONFLICT (project_id) DO UPDATE SET subjects_count = c.subjects_count + excluded.subjects_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE project_subject_counts c SET subjects_count = c.subjects_count - d.n
      FROM (SELECT project_id, count(*) AS n FROM old_rows GROUP BY project_id) d
      WHERE c.project_id = d.project_id;
  ELSE
    -- Only a subject moving to another project changes counts.
    INSERT INTO project_subject_counts AS c (project_id, subjects_count)
      SELECT d.project_id, sum(d.n) FROM (
        SELECT project_id, -count(*) AS n FROM old_rows GROUP BY project_id
        UNION ALL SELECT project_id, count(*) FROM new_rows GROUP BY project_id
      ) d JOIN projects p ON p.id = d.project_id
      GROUP BY d.project_id HAVING sum(d.n) <> 0 ORDER BY d.project_id
    ON CONFLICT (project_id) DO UPDATE SET subjects_count = c.subjects_count + excluded.subjects_count;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER subjects_count_insert AFTER INSERT ON subjects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subjects_count_changes();
CREATE TRIGGER subjects_count_delete AFTER DELETE ON subjects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subjects_count_changes();
CREATE TRIGGER subjects_count_update AFTER UPDATE ON subjects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subjects_count_changes();

-- Subject values are stored trimmed: every writer goes through this trigger, so the
-- grid's field filter can ask `properties @> {"<field id>": "<value>"}`, which the GIN index on
-- properties serves, instead of comparing `btrim(properties ->> id)` row by row. (btrim trims spaces,
-- as the comparison it replaces did.)
CREATE FUNCTION subjects_trim_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_typeof(NEW.properties) = 'object' THEN
    NEW.properties := coalesce((
      SELECT jsonb_object_agg(key, CASE WHEN jsonb_typeof(value) = 'string' THEN to_jsonb(btrim(value #>> '{}')) ELSE value END)
      FROM jsonb_each(NEW.properties)), '{}'::jsonb);
  END IF;
  RETURN NEW;
END $$;
-- Only rows with a value starting or ending with a space run the function (in JSON text: `": " `, ` ",`
-- or ` "}`; quotes inside values are escaped, so a match elsewhere only costs a no-op call): a
-- 20,000-row import of clean values pays a regular expression per row, not a plpgsql call.
CREATE TRIGGER subjects_trim_properties BEFORE INSERT OR UPDATE OF properties ON subjects
  FOR EACH ROW WHEN (NEW.properties::text ~ '": " | ",| "}') EXECUTE FUNCTION subjects_trim_properties();
UPDATE subjects SET properties = properties
  WHERE EXISTS (SELECT 1 FROM jsonb_each_text(properties) e WHERE e.value <> btrim(e.value));

-- GIN indexes take inserts into a pending list that every search reads through, tuple by tuple, until
-- it is merged (4 MB by default: after a 20,000-row import the grid's filter read ~20,000 pending
-- tuples, ten times the cost of the lookup itself, until autovacuum came by; even 2,500 pending tuples
-- cost a grid page 8 ms). The properties index (a few keys a row) takes its entries directly: a
-- 20,000-row insert measured no slower. The trigram index (dozens of trigrams a row) keeps its pending
-- list, at the smallest size, merged by the writes themselves a little at a time.
ALTER INDEX subjects_properties_idx SET (fastupdate = off);
ALTER INDEX subjects_search_trgm_idx SET (gin_pending_list_limit = 64);
SELECT gin_clean_pending_list('subjects_properties_idx'::regclass), gin_clean_pending_list('subjects_search_trgm_idx'::regclass);
