-- Card codes are drawn again when they collide: a roster import of 3,000 subjects must not fail on the
-- 4-in-a-million chance that two of them draw the same code. The column loses its default; a subject
-- inserted without a code gets one drawn here, again while the project already holds it. A code given
-- explicitly is kept as given, so the unique index still refuses an explicit duplicate.
ALTER TABLE subjects ALTER COLUMN card_code DROP DEFAULT;

CREATE FUNCTION subjects_draw_card_code() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.card_code IS NULL THEN
    LOOP
      NEW.card_code := new_card_code();
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM subjects WHERE project_id = NEW.project_id AND card_code = NEW.card_code
      );
    END LOOP;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER subjects_draw_card_code BEFORE INSERT ON subjects
  FOR EACH ROW EXECUTE FUNCTION subjects_draw_card_code();
