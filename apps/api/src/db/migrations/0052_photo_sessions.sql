-- Picture-day sessions and stations: a project's photo sessions ("Fall picture day", a date), the stations
-- of a session ("Gym A"), each station's device link (a Bearer token stored as its hash only), and the
-- check-ins stations send (photographed, absent, retake, undo), each carrying the id its device made so a
-- replayed batch never counts twice.

CREATE TABLE photo_sessions (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  date date NOT NULL,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_sessions_project_idx ON photo_sessions (project_id, date, id);

CREATE TABLE stations (
  id bigserial PRIMARY KEY,
  photo_session_id bigint NOT NULL REFERENCES photo_sessions(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- The station link: sha-256 of its token, when it stops working, and when it was revoked.
  link_token_hash bytea UNIQUE,
  link_expires_at timestamptz,
  link_revoked_at timestamptz,
  -- The last clock card read at this station: the station's time it showed, and the server's when it came.
  clock_station_at timestamptz,
  clock_received_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stations_session_idx ON stations (photo_session_id, id);

-- A student not on the roster, added at a station: a card code at once, and out of the school's data
-- (subjects, lists, exports) until the studio approves it, when it becomes a subject with that code.
CREATE TABLE walk_ups (
  id bigserial PRIMARY KEY,
  photo_session_id bigint NOT NULL REFERENCES photo_sessions(id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  station_id bigint REFERENCES stations(id) ON DELETE SET NULL,
  -- The check-in that made it: a replay of that check-in finds it again instead of making another.
  client_id uuid NOT NULL,
  -- Values by field key (first_name, last_name, grade, teacher, student_id).
  fields jsonb NOT NULL CHECK (jsonb_typeof(fields) = 'object'),
  card_code text NOT NULL CHECK (card_code ~ '^[0-9A-HJKMNP-TV-Z]{8}$'),
  subject_id bigint REFERENCES subjects(id) ON DELETE SET NULL,
  approved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (photo_session_id, client_id),
  UNIQUE (project_id, card_code)
);

-- A walk-up's code is drawn as a subject's is (migrations 0026, 0035), and again while the project's
-- subjects or walk-ups hold it.
CREATE FUNCTION walk_ups_draw_card_code() RETURNS trigger
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
CREATE TRIGGER walk_ups_draw_card_code BEFORE INSERT ON walk_ups
  FOR EACH ROW EXECUTE FUNCTION walk_ups_draw_card_code();

CREATE TABLE check_ins (
  id bigserial PRIMARY KEY,
  photo_session_id bigint NOT NULL REFERENCES photo_sessions(id) ON DELETE CASCADE,
  station_id bigint NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  subject_id bigint REFERENCES subjects(id) ON DELETE CASCADE,
  walk_up_id bigint REFERENCES walk_ups(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('photographed', 'absent', 'retake', 'undo')),
  -- The device's time of the check-in (statuses merge by it), and the server's when it arrived.
  at timestamptz NOT NULL,
  note text CHECK (length(note) <= 1000),
  received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  UNIQUE (photo_session_id, client_id),
  CHECK ((subject_id IS NULL) <> (walk_up_id IS NULL))
);
CREATE INDEX check_ins_session_received_idx ON check_ins (photo_session_id, received_at, id);
CREATE INDEX check_ins_subject_idx ON check_ins (subject_id) WHERE subject_id IS NOT NULL;
CREATE INDEX check_ins_walk_up_idx ON check_ins (walk_up_id) WHERE walk_up_id IS NOT NULL;
