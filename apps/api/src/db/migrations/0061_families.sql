-- Families: guardians reach their own children's proofs with a printed access code, choose the yearbook
-- pose before a deadline and ask for an opt-out. Guardians are not organization users: their own rows,
-- their own tokens (a separate kind no organization route accepts), stored as sha-256 hashes only.

-- The project's family settings: until when a guardian may choose the yearbook pose (null: no choice), and
-- whether a guardian's opt-out request sets the consent flags at once instead of waiting in the school's
-- queue (the school's decision).
ALTER TABLE projects
  ADD COLUMN family_pose_deadline timestamptz,
  ADD COLUMN family_opt_outs_apply_at_once boolean NOT NULL DEFAULT false;

-- One live access code per subject; a code issued again ends the old one (revoked_at), and a revoked code
-- stays so that no code is ever given twice. Ten characters of an alphabet without O/0/I/1: 50 bits.
CREATE TABLE family_access_codes (
  id bigserial PRIMARY KEY,
  subject_id bigint NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE CHECK (code ~ '^[2-9A-HJ-NP-Z]{10}$'),
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX family_access_codes_live_idx ON family_access_codes (subject_id) WHERE revoked_at IS NULL;

-- A guardian: an e-mail address (lower case) that signed in with a code's link. Removed by the retention
-- job when it has not signed in within the retention period.
CREATE TABLE guardians (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 320),
  notify_photos_ready boolean NOT NULL DEFAULT false,
  last_signed_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A guardian's claim on a child (at most four guardians per code, checked when the link is used).
CREATE TABLE guardian_links (
  id bigserial PRIMARY KEY,
  guardian_id bigint NOT NULL REFERENCES guardians(id) ON DELETE CASCADE,
  subject_id bigint NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  access_code_id bigint NOT NULL REFERENCES family_access_codes(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (guardian_id, subject_id)
);
CREATE INDEX guardian_links_subject_idx ON guardian_links (subject_id);
CREATE INDEX guardian_links_code_idx ON guardian_links (access_code_id);

-- The e-mailed one-time sign-in link of a claim whose code and last name matched (15 minutes).
CREATE TABLE family_sign_in_links (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  access_code_id bigint NOT NULL REFERENCES family_access_codes(id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX family_sign_in_links_expires_idx ON family_sign_in_links (expires_at);

-- A guardian's session token (the family token kind).
CREATE TABLE family_tokens (
  id bigserial PRIMARY KEY,
  guardian_id bigint NOT NULL REFERENCES guardians(id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX family_tokens_guardian_idx ON family_tokens (guardian_id);

-- A gallery's signed addresses: one grant per gallery read, for one guardian and one child, expiring.
CREATE TABLE family_gallery_grants (
  id bigserial PRIMARY KEY,
  guardian_id bigint NOT NULL REFERENCES guardians(id) ON DELETE CASCADE,
  subject_id bigint NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  -- The photos the gallery showed (this season's and earlier seasons' of the same child).
  photo_ids bigint[] NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX family_gallery_grants_expires_idx ON family_gallery_grants (expires_at);

-- The yearbook pose a guardian chose (it also sets subjects.yearbook_photo_id): the school sees it as
-- "chosen by a guardian".
CREATE TABLE family_pose_choices (
  subject_id bigint PRIMARY KEY REFERENCES subjects(id) ON DELETE CASCADE,
  photo_id bigint NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  guardian_id bigint REFERENCES guardians(id) ON DELETE SET NULL,
  chosen_at timestamptz NOT NULL DEFAULT now()
);

-- A guardian's request for the directory or yearbook opt-out: the school approves or declines it.
CREATE TABLE opt_out_requests (
  id bigserial PRIMARY KEY,
  subject_id bigint NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  guardian_id bigint REFERENCES guardians(id) ON DELETE SET NULL,
  directory_opt_out boolean,
  yearbook_opt_out boolean,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'declined')),
  decided_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (directory_opt_out IS NOT NULL OR yearbook_opt_out IS NOT NULL)
);
CREATE INDEX opt_out_requests_project_idx ON opt_out_requests (project_id, state, id);
CREATE INDEX opt_out_requests_subject_idx ON opt_out_requests (subject_id);

-- Unsubscribe links of family e-mails: one per message, stored as its hash.
CREATE TABLE guardian_unsubscribes (
  token_hash bytea PRIMARY KEY,
  guardian_id bigint NOT NULL REFERENCES guardians(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guardian_unsubscribes_guardian_idx ON guardian_unsubscribes (guardian_id);
