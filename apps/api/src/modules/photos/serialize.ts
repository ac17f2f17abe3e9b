import { z } from 'zod';
import { createdRecordSchema, isoOrNull, uploadShape } from '../../wire.js';
import { checkFindingsShape } from './checks/serialize.js';

/** A photo as the API answers it: record fields, signed addresses of the original and thumbnails. */
export const photoSchema = z.object({
  id: z.string(),
  album_id: z.string(),
  project_id: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  category: z.string().nullable(),
  chroma_key: z.string().nullable(),
  tags: z.array(z.string()),
  merge_duplicate: z.boolean(),
  subject_ids: z.array(z.string()),
  default_photo_crop_id: z.string().nullable(),
  ...uploadShape,
  /** uploaded -> verifying (a job checks the bytes) -> verified, refused (see verification_error) or merged. */
  verification_state: z.enum(['uploaded', 'verifying', 'verified', 'refused', 'merged']),
  verification_error: z.string().nullable(),
  merged_into_photo_id: z.string().nullable(),
  /** The photos.checks job's findings (docs/api.md "Photo checks"). */
  ...checkFindingsShape,
  created_by_plic_app_id: z.string().nullable(),
  created_at: z.string(),
  presigned_get: z.string().nullable(),
  thumbnails: z.object({
    tiny: z.string().nullable(),
    small: z.string().nullable(),
    large: z.string().nullable(),
    full: z.string().nullable(),
  }),
  presigned_post: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }).optional(),
});

/** A subject's photo: the photo with its assignment to that subject. */
export const subjectPhotoSchema = photoSchema.extend({ assignment_id: z.string(), is_primary: z.boolean() });

export const albumSchema = createdRecordSchema({
  name: z.string(),
  tags: z.array(z.string()),
  parent_resource_type: z.string(),
  parent_resource_id: z.string(),
});

export const serializeAlbum = (a: {
  id: string;
  name: string;
  tags: string[];
  parent_resource_type: string;
  parent_resource_id: string;
  created_at: Date;
}) => ({
  ...a,
  created_at: a.created_at.toISOString(),
});

export const assignmentSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  photo_id: z.string(),
  is_primary: z.boolean(),
});

export const cropSchema = z.object({
  id: z.string(),
  photo_id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  /** manual (a person's, never replaced) or auto (by the project's head-size rule). */
  source: z.enum(['manual', 'auto']),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const serializeCrop = (c: {
  id: string;
  photo_id: string;
  name: string;
  is_default: boolean;
  source: 'manual' | 'auto';
  x: number;
  y: number;
  width: number;
  height: number;
}) => ({
  id: c.id,
  photo_id: c.photo_id,
  name: c.name,
  is_default: c.is_default,
  source: c.source,
  x: c.x,
  y: c.y,
  width: c.width,
  height: c.height,
});

export const importSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const serializeImport = (i: {
  id: string;
  project_id: string;
  created_at: Date;
  finished_at: Date | null;
}) => ({
  id: i.id,
  project_id: i.project_id,
  created_at: i.created_at.toISOString(),
  finished_at: isoOrNull(i.finished_at),
});
