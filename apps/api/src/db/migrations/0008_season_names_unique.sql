-- Season names are unique per organization, ignoring case and surrounding spaces:
-- two "2025-2026" seasons would look alike in every dropdown. Existing duplicates keep their first
-- row's name; later ones get their id appended so that the index can be built.
UPDATE seasons s
SET name = left(s.name, 180) || ' (' || s.id || ')'
WHERE EXISTS (
  SELECT 1 FROM seasons o
  WHERE o.organization_id = s.organization_id
    AND lower(btrim(o.name)) = lower(btrim(s.name))
    AND o.id < s.id
);

CREATE UNIQUE INDEX seasons_organization_name_unique ON seasons (organization_id, lower(btrim(name)));
