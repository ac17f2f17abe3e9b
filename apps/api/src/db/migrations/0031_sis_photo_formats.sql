-- The formats school systems read, built in and kept current here; what each follows is
-- written in docs/exports.md.
--
-- images_zip_part_max_bytes: when set, the archive holds its images in ZIPs of their own (part-1.zip,
-- part-2.zip ...), each at most this many bytes, beside the data file and readme, for systems whose upload
-- takes one ZIP of a limited size. Built-in formats only (the format wizard has no such setting; a copy is
-- a custom format without parts).
ALTER TABLE project_export_formats
  ADD COLUMN images_zip_part_max_bytes integer CHECK (images_zip_part_max_bytes > 0);

-- Infinite Campus, Photo Import Wizard (System Administration > Student > Photo Import): JPG only, named by
-- the student number, collected in .zip files of at most 100 MB ("or the import will not work"), any folder
-- layout inside; Campus resizes to 175 x 263 and prefers files of about 30-35 KB. So 240 x 360 JPEGs (2:3,
-- at least 175 x 263) named <Student ID>.jpg, in parts of at most 100,000,000 bytes.
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  images_content_type, images_crop_width_pixels, images_crop_height_pixels,
  images_name_primary_field_first_key, images_name_append_sequential_number, images_zip_part_max_bytes
) VALUES (
  'infinite_campus_photo_import', 'Infinite Campus Photo Import', 'InfiniteCampus', false, true, true,
  'image/jpeg', 240, 360,
  'student_id', false, 100000000
);

-- Aeries, Mass Add Pictures (School Info | Functions): students' pictures are matched by the Permanent ID
-- (STU.ID), e.g. 990107.jpg; 100 KB per picture by default. So 240 x 320 JPEGs (3:4, about 20 KB) named
-- <Student ID>.jpg (the project's Student ID holds the Perm ID), no data file, no readme in the ZIP.
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  images_content_type, images_crop_width_pixels, images_crop_height_pixels,
  images_name_primary_field_first_key, images_name_append_sequential_number
) VALUES (
  'aeries_photo_import', 'Aeries Photo Import', 'Aeries', false, true, false,
  'image/jpeg', 240, 320,
  'student_id', false
);

-- ID card systems: import.csv (a header line, then one row per person: ID, names, grade, teacher, home room
-- and the photo's file name) beside a Photos folder of <ID>.jpg. Plain UTF-8 (a byte-order mark would
-- become part of the first column's name in some importers), quoted fields, 480 x 600 JPEGs (4:5).
INSERT INTO project_export_formats (
  standard_key, name, output_directory_name, include_data, include_images, include_readme,
  data_delimiter_format, data_newline_format, data_file_name, data_file_extension,
  data_include_headers, data_quote_fields, data_encoding,
  images_directory_name, images_content_type, images_crop_width_pixels, images_crop_height_pixels,
  images_name_primary_field_first_key, images_name_append_sequential_number
) VALUES (
  'id_card_import', 'ID Card Import', 'IDCards', true, true, false,
  'comma', 'crlf', 'import', 'csv',
  true, true, 'utf-8',
  'Photos', 'image/jpeg', 480, 600,
  'student_id', false
);
INSERT INTO project_export_format_field_mappings (project_export_format_id, field_key, position)
SELECT f.id, m.field_key, m.position
FROM project_export_formats f,
  (VALUES ('student_id', 1), ('first_name', 2), ('last_name', 3), ('grade', 4), ('teacher', 5),
          ('home_room', 6), ('image_file_name', 7)) AS m(field_key, position)
WHERE f.standard_key = 'id_card_import';

-- PowerSchool, Import Pictures: JPEG/JFIF files with a .jpg or .jpeg extension, recommended 200 pixels wide
-- by 300 high; the tab-delimited map file's file names must match the images' exactly (case-sensitive).
UPDATE project_export_formats
SET images_crop_width_pixels = 200, images_crop_height_pixels = 300, updated_at = now()
WHERE standard_key = 'powerschool_photo_import';
