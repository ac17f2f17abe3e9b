-- Consent, owned by the school. Two flags per subject that the school's staff set, one
-- by one, for a selection or by roster import column: "directory information opt-out" (FERPA: the family
-- asked that directory information, the photo with the name among it, not be published) and "leave out of
-- the yearbook". Every change is in the activity trail (subject.consent_change, one row per subject).
ALTER TABLE subjects
  ADD COLUMN directory_opt_out boolean NOT NULL DEFAULT false,
  ADD COLUMN yearbook_opt_out boolean NOT NULL DEFAULT false;

-- A yearbook format leaves yearbook opt-outs out of its archive (and the pre-export check names them).
-- The built-in PSPA format is one; a custom format says so itself. Other formats (ID cards, SIS photo
-- imports) keep every subject: schools need those whatever the family chose for the yearbook.
ALTER TABLE project_export_formats ADD COLUMN yearbook boolean NOT NULL DEFAULT false;
UPDATE project_export_formats SET yearbook = true WHERE standard_key = 'pspa_yearbook';

-- Printed sheets that publish faces with names leave directory opt-outs out: the built-in Class
-- Composites and Subject Directory Sheets categories (copies of their layouts stay in the category).
-- ID cards, portraits, contact sheets and camera cards print for everyone.
ALTER TABLE layout_categories ADD COLUMN leaves_out_directory_opt_outs boolean NOT NULL DEFAULT false;
UPDATE layout_categories SET leaves_out_directory_opt_outs = true
  WHERE organization_id IS NULL AND slug IN ('class-composites', 'subject-directory-sheets');
