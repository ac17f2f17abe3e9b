-- Export formats (exports-and-printing §3, §5, §6): a named recipe for a data file, an image
-- set, or both. Custom formats belong to an organization; built-in standard formats have none
-- (organization_id NULL), carry a standard_key, are kept current by migrations and are never editable.
CREATE TABLE project_export_formats (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint REFERENCES organizations(id) ON DELETE CASCADE,
  standard_key text UNIQUE,
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 3 AND 60),
  available_to_suborganizations boolean NOT NULL DEFAULT false,
  restrict_to_orgs_managed_by_creator boolean NOT NULL DEFAULT false,
  output_directory_name text,
  include_data boolean NOT NULL DEFAULT true,
  include_images boolean NOT NULL DEFAULT true,
  include_readme boolean NOT NULL DEFAULT true,
  allow_custom_directory_group_field boolean NOT NULL DEFAULT false,
  directory_group_field_key text,
  duplicate_search_fields text[] NOT NULL DEFAULT ARRAY['first_name', 'last_name', 'student_id']
    CHECK (cardinality(duplicate_search_fields) <= 5),
  -- Data file.
  data_directory_name text,
  data_directory_group_enabled boolean NOT NULL DEFAULT false,
  data_delimiter_format text NOT NULL DEFAULT 'comma' CHECK (data_delimiter_format IN ('comma', 'tab', 'space')),
  data_newline_format text NOT NULL DEFAULT 'crlf' CHECK (data_newline_format IN ('crlf', 'lf', 'cr')),
  data_file_name text NOT NULL DEFAULT 'data' CHECK (length(data_file_name) BETWEEN 1 AND 100),
  data_file_extension text NOT NULL DEFAULT 'csv' CHECK (data_file_extension IN ('csv', 'txt')),
  data_allow_custom_file_name boolean NOT NULL DEFAULT false,
  data_downcase_field_names boolean NOT NULL DEFAULT false,
  data_include_headers boolean NOT NULL DEFAULT true,
  data_quote_fields boolean NOT NULL DEFAULT false,
  data_include_unmapped_fields boolean NOT NULL DEFAULT false,
  data_zero_pad_field_key text,
  data_zero_pad_field_length integer CHECK (data_zero_pad_field_length BETWEEN 0 AND 120),
  -- CSV injection protection (SECURITY.md), on by default.
  data_escape_formulas boolean NOT NULL DEFAULT true,
  -- Images.
  images_directory_name text,
  images_directory_group_enabled boolean NOT NULL DEFAULT false,
  images_content_type text NOT NULL DEFAULT 'image/jpeg'
    CHECK (images_content_type IN ('image/jpeg', 'image/png', 'image/bmp')),
  images_crop_width_pixels integer NOT NULL DEFAULT 480 CHECK (images_crop_width_pixels BETWEEN 1 AND 3000),
  images_crop_height_pixels integer NOT NULL DEFAULT 640 CHECK (images_crop_height_pixels BETWEEN 1 AND 3000),
  images_pixels_per_inch integer CHECK (images_pixels_per_inch BETWEEN 1 AND 600),
  images_name_primary_field_first_key text,
  images_name_primary_field_second_key text,
  images_name_primary_separator text CHECK (images_name_primary_separator IN ('underscore', 'hyphen', 'comma')),
  images_name_zero_pad_enabled boolean NOT NULL DEFAULT false,
  images_name_zero_pad_length integer NOT NULL DEFAULT 0 CHECK (images_name_zero_pad_length BETWEEN 0 AND 120),
  images_name_append_sequential_number boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Built-in formats have a key and no organization; custom ones the other way round.
  CHECK ((organization_id IS NULL) = (standard_key IS NOT NULL))
);
CREATE INDEX project_export_formats_organization_idx ON project_export_formats (organization_id, name);

-- The data file's columns, in order (positions 1, 2, 3...).
CREATE TABLE project_export_format_field_mappings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_export_format_id bigint NOT NULL REFERENCES project_export_formats(id) ON DELETE CASCADE,
  field_key text NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  UNIQUE (project_export_format_id, position)
);

-- Built-in standard formats. Later migrations keep them current by standard_key.
--
-- PSPA yearbook: the INDEX.TXT of the PSPA (Professional School Photographers Association) "Digital
-- Data & Image Format Guidelines" in its classic layout (the long-standing version 2.x layout), as known
-- without access to the current document: one tab-delimited line per image, no header line, columns
-- Volume, Image Folder, Image File Name, First Name, Last Name, Grade, Teacher (homeroom), Period
-- (track/period); images JPEG 640x800 (4:5) in an image folder beside the index, file names of letters,
-- digits, "_" and "-" made unique with a sequence number. This MUST be checked against the current
-- PSPA guideline (column order, header line, folder naming) before it is relied on.
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  duplicate_search_fields, data_directory_name, data_delimiter_format, data_newline_format,
  data_file_name, data_file_extension, data_include_headers, data_quote_fields,
  images_directory_name, images_content_type, images_crop_width_pixels, images_crop_height_pixels,
  images_name_primary_field_first_key, images_name_primary_field_second_key,
  images_name_primary_separator, images_name_append_sequential_number
) VALUES (
  'pspa_yearbook', 'PSPA Yearbook', 'PSPA', true, true, true,
  ARRAY['first_name', 'last_name', 'student_id'], NULL, 'tab', 'crlf',
  'INDEX', 'txt', false, false,
  'IMAGES', 'image/jpeg', 640, 800,
  'last_name', 'first_name', 'underscore', true
);
INSERT INTO project_export_format_field_mappings (project_export_format_id, field_key, position)
SELECT f.id, m.field_key, m.position
FROM project_export_formats f,
  (VALUES ('volume', 1), ('image_folder', 2), ('image_file_name', 3), ('first_name', 4),
          ('last_name', 5), ('grade', 6), ('teacher', 7), ('period', 8)) AS m(field_key, position)
WHERE f.standard_key = 'pspa_yearbook';

-- PowerSchool photo import: JPEGs named by student number plus a tab-delimited mapping file of
-- Student_Number and the image's file name, without a header line.
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  data_delimiter_format, data_newline_format, data_file_name, data_file_extension,
  data_include_headers, data_quote_fields, images_content_type,
  images_name_primary_field_first_key
) VALUES (
  'powerschool_photo_import', 'PowerSchool Photo Import', 'PowerSchool', true, true, false,
  'tab', 'crlf', 'photos', 'txt',
  false, false, 'image/jpeg',
  'student_id'
);
INSERT INTO project_export_format_field_mappings (project_export_format_id, field_key, position)
SELECT f.id, m.field_key, m.position
FROM project_export_formats f,
  (VALUES ('student_id', 1), ('image_file_name', 2)) AS m(field_key, position)
WHERE f.standard_key = 'powerschool_photo_import';

-- Photos named by Student ID: <student id>.jpg, no data file (what many student information systems import).
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  images_content_type, images_name_primary_field_first_key
) VALUES (
  'photos_by_student_id', 'Photos Named by Student ID', 'Photos', false, true, false,
  'image/jpeg', 'student_id'
);

-- Roster CSV: the data only, with a header line.
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  data_delimiter_format, data_newline_format, data_file_name, data_file_extension,
  data_include_headers, data_quote_fields
) VALUES (
  'roster_csv', 'Roster CSV', 'Roster', true, false, false,
  'comma', 'crlf', 'roster', 'csv', true, true
);
INSERT INTO project_export_format_field_mappings (project_export_format_id, field_key, position)
SELECT f.id, m.field_key, m.position
FROM project_export_formats f,
  (VALUES ('student_id', 1), ('first_name', 2), ('last_name', 3), ('grade', 4), ('teacher', 5),
          ('home_room', 6)) AS m(field_key, position)
WHERE f.standard_key = 'roster_csv';

-- CSV + photos: the generic form, a CSV with each subject's image file name and the images beside it.
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  data_delimiter_format, data_newline_format, data_file_name, data_file_extension,
  data_include_headers, data_quote_fields, images_directory_name, images_content_type,
  images_name_primary_field_first_key, images_name_primary_field_second_key,
  images_name_primary_separator, images_name_append_sequential_number
) VALUES (
  'csv_and_photos', 'CSV + Photos', 'Export', true, true, true,
  'comma', 'crlf', 'data', 'csv', true, true, 'images', 'image/jpeg',
  'last_name', 'first_name', 'underscore', true
);
INSERT INTO project_export_format_field_mappings (project_export_format_id, field_key, position)
SELECT f.id, m.field_key, m.position
FROM project_export_formats f,
  (VALUES ('student_id', 1), ('first_name', 2), ('last_name', 3), ('grade', 4), ('teacher', 5),
          ('image_file_name', 6)) AS m(field_key, position)
WHERE f.standard_key = 'csv_and_photos';
