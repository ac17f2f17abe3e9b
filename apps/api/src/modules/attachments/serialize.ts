import { z } from 'zod';
import { isoTimestamps, recordSchema, serializeUpload, type UploadRow, uploadShape } from '../../wire.js';

export const attachmentSchema = recordSchema({
  project_id: z.string(),
  attachment_request_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  ...uploadShape,
  is_upload_verified: z.boolean(),
});

export interface AttachmentRow extends UploadRow {
  id: string;
  project_id: string;
  attachment_request_id: string | null;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

export const serializeAttachment = (a: AttachmentRow) => ({
  id: a.id,
  project_id: a.project_id,
  attachment_request_id: a.attachment_request_id,
  name: a.name,
  description: a.description,
  ...serializeUpload(a),
  is_upload_verified: !!a.upload_verified_at,
  ...isoTimestamps(a),
});
