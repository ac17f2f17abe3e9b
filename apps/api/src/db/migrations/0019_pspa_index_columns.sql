-- PSPA yearbook: the INDEX.TXT columns in the order of the PSPA Digital Data & Image Format
-- Guidelines as yearbook companies document them today (e.g. StudioSource / Memento "Understanding portrait
-- database packages (PSPA format)"): A Volume Name, B Image Folder, C Image File Name, D Grade, E Last Name,
-- F First Name, G Homeroom, H Period, I Teacher Name, J Track, K Department, L Title, M Image Size. One row
-- per person, tab-delimited, no header line. Image Size (M) names a print size that we don't keep, so the
-- index stops at Title (L); importers read columns by position and treat trailing ones as optional.
DELETE FROM project_export_format_field_mappings m
USING project_export_formats f
WHERE m.project_export_format_id = f.id AND f.standard_key = 'pspa_yearbook';
INSERT INTO project_export_format_field_mappings (project_export_format_id, field_key, position)
SELECT f.id, m.field_key, m.position
FROM project_export_formats f,
  (VALUES ('volume', 1), ('image_folder', 2), ('image_file_name', 3), ('grade', 4), ('last_name', 5),
          ('first_name', 6), ('home_room', 7), ('period', 8), ('teacher', 9), ('track', 10),
          ('department', 11), ('title', 12)) AS m(field_key, position)
WHERE f.standard_key = 'pspa_yearbook';
