-- OneRoster 1.1 rosters: a zip of OneRoster CSV files is read as one roster of students, so an
-- import's file format may be 'oneroster' beside 'csv' and 'xlsx'.
ALTER TABLE subject_imports DROP CONSTRAINT subject_imports_file_format_check;
ALTER TABLE subject_imports
  ADD CONSTRAINT subject_imports_file_format_check CHECK (file_format IN ('csv', 'xlsx', 'oneroster'));
