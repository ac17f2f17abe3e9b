-- Outputs that hold values of fields hidden from customers (docs/authorization.md, "Hidden fields").
-- An export or a print made by someone who may read hidden fields holds them when it uses one (a mapped
-- column, a group folder, an image name; a print's group, sort or text). Such an output is out of view
-- for callers who may not read hidden fields: absent from lists, 404 on its id and its download.
ALTER TABLE project_exports ADD COLUMN holds_hidden_fields boolean NOT NULL DEFAULT false;
ALTER TABLE layout_renders ADD COLUMN holds_hidden_fields boolean NOT NULL DEFAULT false;

-- Outputs made before the mark: which fields they used is not kept, so any made with hidden fields on a
-- project whose template hides a field is taken to hold them (the safe side).
UPDATE project_exports e SET holds_hidden_fields = true
  FROM projects p
  WHERE p.id = e.project_id AND e.include_hidden_fields
    AND EXISTS (SELECT 1 FROM subject_fields f
                WHERE f.project_template_id = p.project_template_id AND NOT f.visible_to_customers);
UPDATE layout_renders r SET holds_hidden_fields = true
  FROM projects p
  WHERE p.id = r.project_id AND r.include_hidden_fields
    AND EXISTS (SELECT 1 FROM subject_fields f
                WHERE f.project_template_id = p.project_template_id AND NOT f.visible_to_customers);
