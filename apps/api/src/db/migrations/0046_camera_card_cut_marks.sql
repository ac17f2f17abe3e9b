-- Camera cards are cut out of their Letter sheet by the studio before picture day: the built-in Camera
-- Card prints cut marks (short hairlines outside each card's corners, in line with its edges) to cut
-- along, where the sheet had none. Layouts copied from it keep theirs as they are.
UPDATE layouts SET definition = definition || '{"cut_marks": true}'::jsonb
  WHERE organization_id IS NULL AND name = 'Camera Card'
    AND layout_category_id IN (SELECT id FROM layout_categories WHERE slug = 'camera-cards' AND organization_id IS NULL);
