-- Subjects (people photographed), their photos and crops. Properties map the project's subject-field
-- ids to text values.
CREATE TABLE subjects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  search_text text GENERATED ALWAYS AS (lower(properties::text)) STORED,
  yearbook_photo_id bigint,
  created_by_plic_app_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subjects_project_created_idx ON subjects (project_id, created_at, id);
CREATE INDEX subjects_search_trgm_idx ON subjects USING gin (search_text gin_trgm_ops);
CREATE INDEX subjects_properties_idx ON subjects USING gin (properties jsonb_path_ops);

CREATE TABLE albums (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_resource_type text NOT NULL CHECK (parent_resource_type = 'Project'),
  parent_resource_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX albums_parent_idx ON albums (parent_resource_id);

CREATE TABLE photos (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  album_id bigint NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  upload_file_name text NOT NULL,
  upload_file_size bigint NOT NULL,
  upload_content_type text NOT NULL,
  uploaded_at timestamptz,
  upload_verified_at timestamptz,
  content_sha256 text,
  width integer,
  height integer,
  orientation integer,
  category text,
  chroma_key text,
  tags text[] NOT NULL DEFAULT '{}',
  merge_duplicate boolean NOT NULL DEFAULT false,
  created_by_plic_app_id text,
  renditions_ready_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_album_idx ON photos (album_id);
CREATE INDEX photos_album_sha_idx ON photos (album_id, content_sha256) WHERE upload_verified_at IS NOT NULL;

ALTER TABLE subjects ADD CONSTRAINT subjects_yearbook_photo_fk FOREIGN KEY (yearbook_photo_id) REFERENCES photos(id) ON DELETE SET NULL;

CREATE TABLE subject_photo_assignments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject_id bigint NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  photo_id bigint NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subject_id, photo_id)
);
CREATE INDEX subject_photo_assignments_photo_idx ON subject_photo_assignments (photo_id);
CREATE UNIQUE INDEX subject_photo_assignments_primary_idx ON subject_photo_assignments (subject_id) WHERE is_primary;

CREATE TABLE photo_crops (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  photo_id bigint NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  x double precision NOT NULL CHECK (x >= 0 AND x <= 1),
  y double precision NOT NULL CHECK (y >= 0 AND y <= 1),
  width double precision NOT NULL CHECK (width > 0 AND width <= 1),
  height double precision NOT NULL CHECK (height > 0 AND height <= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_crops_photo_idx ON photo_crops (photo_id);
CREATE UNIQUE INDEX photo_crops_default_idx ON photo_crops (photo_id) WHERE is_default;

CREATE TABLE project_imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX project_imports_project_idx ON project_imports (project_id);
