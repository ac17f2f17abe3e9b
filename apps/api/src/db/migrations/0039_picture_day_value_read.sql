-- What a file name or mapping file gave as the match field's value, shown in the review beside the
-- outcome (`123` where the Student ID is `00123`), and a warning code for a match that needed help
-- (`zeros_restored`: leading zeros a spreadsheet stripped, restored to the one Student ID they fit).
ALTER TABLE photo_batch_items
  ADD COLUMN value_read text,
  ADD COLUMN warning_code text;
