-- Picture day: every subject has a camera card code, the random code its camera card prints (as
-- `SPC1:<code>` in a QR code and a Code 128) so that the photos taken after the card are matched to it.
-- It is not the Student ID and carries no personal data, so schools may see it too.

-- 8 characters of Crockford's base32 (no I, L, O, U), 40 random bits from gen_random_uuid (its first
-- eight bytes are random; the low five bits of each pick a character). A database default, so every way a
-- subject is made (the form, roster imports, demo data) gets one; existing subjects get theirs here.
-- Two subjects of a 3,000-subject project share a code with a chance of about 4 in a million; the
-- unique index turns that into a refused insert rather than an ambiguous card.
CREATE FUNCTION new_card_code() RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(r.b, i) & 31) + 1, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) r, generate_series(0, 7) AS i
$$;

ALTER TABLE subjects
  ADD COLUMN card_code text NOT NULL DEFAULT new_card_code()
  CHECK (card_code ~ '^[0-9A-HJKMNP-TV-Z]{8}$');
CREATE UNIQUE INDEX subjects_project_card_code_idx ON subjects (project_id, card_code);

-- The built-in "Camera Cards" category and its "Camera Card" layout: eight cards on a Letter page (2 x 4,
-- 18 pt between cards to cut along), each with the subject's name, grade, teacher, school and season, and
-- the card's code as a QR code and, beside it, a Code 128 for handheld scanners. No photo box: a card
-- prints for every subject chosen, with a photo or without (cards are printed before the photos exist).
INSERT INTO layout_categories (slug, name, position) VALUES ('camera-cards', 'Camera Cards', 6);
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, 'Camera Card', 'Basic', '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":2,"height":4},"fill":"next","unit":{"width":252,"height":162,"boxes":[{"kind":"text","x":10,"y":8,"width":232,"height":20,"template":"{First Name} {Last Name}","size":15,"min_size":9,"weight":"bold"},{"kind":"text","x":10,"y":29,"width":232,"height":13,"template":"Grade {Grade}","size":10},{"kind":"text","x":10,"y":42,"width":232,"height":13,"template":"{Teacher}","size":10},{"kind":"text","x":10,"y":55,"width":232,"height":13,"template":"{School}","size":9},{"kind":"text","x":10,"y":68,"width":232,"height":13,"template":"{Season}","size":9},{"kind":"barcode","symbology":"qrcode","x":10,"y":84,"width":72,"height":72,"field":"Camera Card"},{"kind":"barcode","x":92,"y":88,"width":150,"height":46,"field":"Camera Card"},{"kind":"text","x":92,"y":138,"width":150,"height":14,"template":"{Camera Card Code}","size":10,"weight":"bold","align":"center"}]}}'::jsonb FROM layout_categories WHERE slug = 'camera-cards' AND organization_id IS NULL;
