-- Exports: a project's own custom fields, data encodings, the PSPA package.
--
-- A mapping names either a catalogue field (field_key) or a template's custom field by its label
-- (custom_label), matched at run time, trimmed and ignoring case, against the project's template fields.
ALTER TABLE project_export_format_field_mappings
  ALTER COLUMN field_key DROP NOT NULL,
  ADD COLUMN custom_label text CHECK (char_length(custom_label) BETWEEN 1 AND 100),
  ADD CONSTRAINT project_export_format_field_mappings_one_source
    CHECK ((field_key IS NULL) <> (custom_label IS NULL));

-- The data file's bytes: UTF-8, UTF-8 with a byte-order mark (what Excel on Windows needs to read UTF-8),
-- or Windows-1252 (characters it can't hold are transliterated). data_master_file: a MASTER file with the
-- index's columns lists every exported subject, and the index itself only those with an image.
ALTER TABLE project_export_formats
  ADD COLUMN data_encoding text NOT NULL DEFAULT 'utf-8'
    CHECK (data_encoding IN ('utf-8', 'utf-8-bom', 'windows-1252')),
  ADD COLUMN data_master_file boolean NOT NULL DEFAULT false;

-- Built-in defaults (docs/decisions.md "Export encodings"): the CSVs people open in Excel carry a BOM;
-- PSPA's INDEX.TXT is Windows-1252 text (yearbook importers read it as ANSI; a BOM would become part of the
-- first volume name), with 300 ppi images and MASTER.TXT; PowerSchool's mapping file stays plain UTF-8
-- (its importer reads the first Student_Number as is, so no BOM).
UPDATE project_export_formats SET data_encoding = 'utf-8-bom'
WHERE standard_key IN ('roster_csv', 'csv_and_photos');
UPDATE project_export_formats
SET data_encoding = 'windows-1252', data_master_file = true, images_pixels_per_inch = 300
WHERE standard_key = 'pspa_yearbook';
