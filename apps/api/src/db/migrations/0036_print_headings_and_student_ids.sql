-- Prints a school files and hands out say what they are and whom they show.

-- The Subject Directory is headed like the Class Composite: the school, the group ("Grade 3 · Ms. Lee",
-- "Grade 3" for a grade of several classes, else the group's own values) and the season, a page per
-- group (the lines head a page; 23 rows leave room for them). It was one bare value per group ("3").
UPDATE layouts SET definition = '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":3,"height":23},"group_break":"page","title":{"template":"{group}","size":14,"lines":[{"parts":["{School}"],"size":12,"weight":"bold"},{"parts":["Grade {Grade}","{Teacher}"],"otherwise":"{group}","size":14,"weight":"bold"},{"parts":["{Season}"],"size":10,"weight":"normal"}]},"unit":{"width":176,"height":28,"boxes":[{"kind":"photo","x":2,"y":1.5,"width":20,"height":25},{"kind":"text","x":26,"y":7,"width":148,"height":14,"template":"{Last Name}, {First Name}","size":9}]}}'::jsonb
  WHERE organization_id IS NULL AND name = 'Subject Directory'
    AND layout_category_id IN (SELECT id FROM layout_categories WHERE slug = 'subject-directory-sheets' AND organization_id IS NULL);

-- Two children of one name in a class are told apart by their Student ID, printed under the name (blank
-- when the project has no such field): on the Camera Card, the lines below the name move up to make room
-- (the codes stay where they were); on the Contact Sheet (the missing-portraits print too), the photo is
-- a little smaller and the ID goes under the name.
UPDATE layouts SET definition = '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":2,"height":4},"fill":"next","unit":{"width":252,"height":162,"boxes":[{"kind":"text","x":10,"y":6,"width":232,"height":20,"template":"{First Name} {Last Name}","size":15,"min_size":9,"weight":"bold"},{"kind":"text","x":10,"y":26,"width":232,"height":12,"template":"{Student ID}","size":9},{"kind":"text","x":10,"y":38,"width":232,"height":12,"template":"Grade {Grade}","size":10},{"kind":"text","x":10,"y":50,"width":232,"height":12,"template":"{Teacher}","size":10},{"kind":"text","x":10,"y":62,"width":232,"height":11,"template":"{School}","size":9},{"kind":"text","x":10,"y":73,"width":232,"height":11,"template":"{Season}","size":9},{"kind":"barcode","symbology":"qrcode","x":10,"y":84,"width":72,"height":72,"field":"Camera Card"},{"kind":"barcode","x":92,"y":88,"width":150,"height":46,"field":"Camera Card"},{"kind":"text","x":92,"y":138,"width":150,"height":14,"template":"{Camera Card Code}","size":10,"weight":"bold","align":"center"}]}}'::jsonb
  WHERE organization_id IS NULL AND name = 'Camera Card'
    AND layout_category_id IN (SELECT id FROM layout_categories WHERE slug = 'camera-cards' AND organization_id IS NULL);
UPDATE layouts SET definition = '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":6,"height":6},"group_break":"page","title":{"template":"{group}","size":16,"lines":[{"parts":["{School}"],"size":12,"weight":"bold"},{"parts":["Grade {Grade}","{Teacher}"],"otherwise":"{group}","size":16,"weight":"bold"},{"parts":["{Season}"],"size":10,"weight":"normal"}]},"unit":{"width":88,"height":104,"boxes":[{"kind":"photo","x":10,"y":0,"width":68,"height":85},{"kind":"text","x":0,"y":86,"width":88,"height":10,"template":"{First Name} {Last Name}","size":7,"min_size":5,"align":"center"},{"kind":"text","x":0,"y":96,"width":88,"height":8,"template":"{Student ID}","size":6,"min_size":5,"align":"center"}]}}'::jsonb
  WHERE organization_id IS NULL AND name = 'Contact Sheet'
    AND layout_category_id IN (SELECT id FROM layout_categories WHERE slug = 'contact-sheets' AND organization_id IS NULL);
