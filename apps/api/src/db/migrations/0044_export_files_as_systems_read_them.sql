-- The files school systems and yearbook publishers read, as their guides name them (docs/exports.md).
--
-- files_at_root: the archive's files sit at its root, not in an output folder; images too, unless the
-- format names an images folder. A school system's download is then exactly what the system takes:
-- PowerSchool's Import Pictures a flat ZIP of the images (with the photos.txt map beside them), the ID card
-- import `import.csv` beside `Photos/`, Aeries's Mass Add Pictures and "Photos Named by Student ID" a flat
-- ZIP of pictures, Infinite Campus its part ZIPs (each flat) beside the readme.
--
-- copyright_statement: the studio's usage statement, written as COPYRIGHT.TXT (in the data file's case)
-- at the archive's root when set, as the PSPA/PSPI guidelines ask of a portrait package.
--
-- data_encoding 'ascii': Memento asks for an index in UTF-8 or ASCII; ASCII writes every character beyond
-- it as the nearest plain letters (the Windows-1252 rule, for more characters).
ALTER TABLE project_export_formats
  ADD COLUMN files_at_root boolean NOT NULL DEFAULT false,
  ADD COLUMN copyright_statement text CHECK (char_length(copyright_statement) BETWEEN 1 AND 2000);

ALTER TABLE project_export_formats DROP CONSTRAINT IF EXISTS project_export_formats_data_encoding_check;
ALTER TABLE project_export_formats
  ADD CONSTRAINT project_export_formats_data_encoding_check
    CHECK (data_encoding IN ('utf-8', 'utf-8-bom', 'windows-1252', 'ascii'));

UPDATE project_export_formats
SET files_at_root = true, updated_at = now()
WHERE standard_key IN ('powerschool_photo_import', 'photos_by_student_id', 'infinite_campus_photo_import',
                       'aeries_photo_import', 'id_card_import');

-- PSPA: the index's 13th column (M, Image Size), and the studio's usage statement.
UPDATE project_export_formats
SET copyright_statement = 'These portraits are the copyrighted work of the photographer. The school may use them in its yearbook, ID cards and school records. Any other reproduction, sale or publication needs the photographer''s written permission.',
  updated_at = now()
WHERE standard_key = 'pspa_yearbook';
INSERT INTO project_export_format_field_mappings (project_export_format_id, field_key, position)
SELECT f.id, 'image_size', 13
FROM project_export_formats f
WHERE f.standard_key = 'pspa_yearbook'
  AND NOT EXISTS (
    SELECT 1 FROM project_export_format_field_mappings m
    WHERE m.project_export_format_id = f.id AND m.position = 13
  );
