-- A subject's drawn card code also keeps clear of the project's walk-ups (migration 0052): a walk-up's card
-- is printed at the station and becomes its subject's on approval, so no other subject may draw it
-- meanwhile. A code given explicitly is kept as given (picture day's extras: the card of a walk-up
-- photographed before its approval becomes the subject the approval then fills in).
CREATE OR REPLACE FUNCTION subjects_draw_card_code() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.card_code IS NULL THEN
    LOOP
      NEW.card_code := new_card_code();
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM subjects WHERE project_id = NEW.project_id AND card_code = NEW.card_code
      ) AND NOT EXISTS (
        SELECT 1 FROM walk_ups WHERE project_id = NEW.project_id AND card_code = NEW.card_code
      );
    END LOOP;
  END IF;
  RETURN NEW;
END
$$;
