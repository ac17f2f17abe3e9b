import { z } from 'zod';

export const attachmentSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  attachment_request_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  upload_file_name: z.string(),
  upload_file_size: z.number(),
  upload_content_type: z.string(),
  uploaded_at: z.string().nullable(),
  upload_verified_at: z.string().nullable(),
  is_upload_verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type AttachmentRow = {
  id: string;
  project_id: string;
  attachment_request_id: string | null;
  name: string;
  description: string | null;
  upload_file_name: string;
  upload_file_size: string;
  upload_content_type: string;
  uploaded_at: Date | null;
  upload_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
};
export const serializeAttachment = (a: AttachmentRow) => ({
  id: a.id,
  project_id: a.project_id,
  attachment_request_id: a.attachment_request_id,
  name: a.name,
  description: a.description,
  upload_file_name: a.upload_file_name,
  upload_file_size: Number(a.upload_file_size),
  upload_content_type: a.upload_content_type,
  uploaded_at: a.uploaded_at?.toISOString() ?? null,
  upload_verified_at: a.upload_verified_at?.toISOString() ?? null,
  is_upload_verified: !!a.upload_verified_at,
  created_at: a.created_at.toISOString(),
  updated_at: a.updated_at.toISOString(),
});
