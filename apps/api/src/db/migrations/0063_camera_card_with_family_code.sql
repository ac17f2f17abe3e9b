-- Families: the camera card can carry the family access code too. A second built-in layout in "Camera
-- Cards", the Camera Card as it is with its Season line replaced by the child's family code (given when the
-- card prints, as on the Family Notice: layouts/subjects.ts). The card's codes stay the camera card's own:
-- the family code is printed as text only, so the card reader never takes it for a card.
INSERT INTO layouts (layout_category_id, name, layout_type, definition)
  SELECT l.layout_category_id, 'Camera Card with Family Code', l.layout_type,
    jsonb_set(l.definition, '{unit,boxes}', (
      SELECT jsonb_agg(
        CASE WHEN box->>'template' = '{Season}'
          THEN box || '{"template": "Family code: {Family Code}", "weight": "bold"}'::jsonb
          ELSE box END
        ORDER BY position)
      FROM jsonb_array_elements(l.definition->'unit'->'boxes') WITH ORDINALITY AS b(box, position)))
  FROM layouts l JOIN layout_categories c ON c.id = l.layout_category_id
  WHERE c.slug = 'camera-cards' AND c.organization_id IS NULL AND l.name = 'Camera Card';
