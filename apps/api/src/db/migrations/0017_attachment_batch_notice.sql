-- One e-mail per upload batch: a file answering a request is verified without an
-- e-mail when it is part of a batch, and the batch ends with one call that tells the request's creator
-- about every file of it at once. This marks the files the creator has been told about, so a repeated
-- call sends nothing twice. Files verified before now were each announced already.
ALTER TABLE attachments ADD COLUMN requester_notified_at timestamptz;
UPDATE attachments SET requester_notified_at = upload_verified_at
  WHERE attachment_request_id IS NOT NULL AND upload_verified_at IS NOT NULL;
