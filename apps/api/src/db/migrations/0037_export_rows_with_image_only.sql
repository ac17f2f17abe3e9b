-- A format's data file may list only the subjects with an image (data_image_rows_only): a photo import's
-- map (PowerSchool's photos.txt, the ID card system's import.csv, PSPA's INDEX.TXT) reads every row as a
-- picture to load, and a row naming no file is an error there. On for those built-in formats; a MASTER file
-- (data_master_file) still lists everyone.
ALTER TABLE project_export_formats
  ADD COLUMN data_image_rows_only boolean NOT NULL DEFAULT false;

UPDATE project_export_formats
SET data_image_rows_only = true
WHERE standard_key IN ('powerschool_photo_import', 'id_card_import', 'pspa_yearbook');
