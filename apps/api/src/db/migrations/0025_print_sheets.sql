-- Prints (exports-and-printing §3-§5): what a render does with subjects that have no photo, and the
-- built-in sheets a school hangs up.

-- Subjects without a photo are left out (the wizard's default) or printed as a placeholder with the name.
-- Renders made before printed a blank box, the nearest of the two.
ALTER TABLE layout_renders
  ADD COLUMN subjects_without_photo text NOT NULL DEFAULT 'placeholder'
  CHECK (subjects_without_photo IN ('leave_out', 'placeholder'));
ALTER TABLE layout_renders ALTER COLUMN subjects_without_photo SET DEFAULT 'leave_out';

-- The Class Composite and the Contact Sheet are headed by the school, the class ("Grade 3 · Ms. Lee",
-- else the group's own values) and the season; the composite sizes its grid to the class, with each
-- name on two lines. Copies a studio made keep their own definitions.
UPDATE layouts SET definition = '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":7,"height":6,"fit":"group"},"group_break":"page","title":{"template":"{group}","size":22,"lines":[{"parts":["{School}"],"size":16,"weight":"bold"},{"parts":["Grade {Grade}","{Teacher}"],"otherwise":"{group}","size":22,"weight":"bold"},{"parts":["{Season}"],"size":12,"weight":"normal"}]},"unit":{"width":76,"height":104,"boxes":[{"kind":"photo","x":6,"y":4,"width":64,"height":80},{"kind":"text","x":0,"y":85,"width":76,"height":9.5,"template":"{First Name}","size":8,"min_size":5.5,"weight":"bold","align":"center"},{"kind":"text","x":0,"y":94.5,"width":76,"height":9.5,"template":"{Last Name}","size":8,"min_size":5.5,"align":"center"}]}}'::jsonb
  WHERE organization_id IS NULL AND name = 'Class Composite'
    AND layout_category_id IN (SELECT id FROM layout_categories WHERE slug = 'class-composites' AND organization_id IS NULL);
UPDATE layouts SET definition = '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":6,"height":6},"group_break":"page","title":{"template":"{group}","size":16,"lines":[{"parts":["{School}"],"size":12,"weight":"bold"},{"parts":["Grade {Grade}","{Teacher}"],"otherwise":"{group}","size":16,"weight":"bold"},{"parts":["{Season}"],"size":10,"weight":"normal"}]},"unit":{"width":88,"height":108,"boxes":[{"kind":"photo","x":8,"y":0,"width":72,"height":90},{"kind":"text","x":0,"y":92,"width":88,"height":14,"template":"{First Name} {Last Name}","size":7,"min_size":5,"align":"center"}]}}'::jsonb
  WHERE organization_id IS NULL AND name = 'Contact Sheet'
    AND layout_category_id IN (SELECT id FROM layout_categories WHERE slug = 'contact-sheets' AND organization_id IS NULL);
